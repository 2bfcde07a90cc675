import type { Observable } from 'rxjs';
import { lastValueFrom, of, throwError, toArray, concat } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { AnswerDetail, StatusEvent } from '../contract/member-question/calls.ts';
import { followAnswer$, type AnswerStatusSource, type FollowEvent } from './answer-status.ts';

const status = (
  s: StatusEvent['status'],
  progress: StatusEvent['progress'] = null,
): StatusEvent => ({
  id: 1,
  status: s,
  verdict: s === 'done' ? 'AC' : null,
  score: s === 'done' ? 100 : null,
  maxScore: s === 'done' ? 100 : null,
  timeMs: null,
  memoryKiB: null,
  progress,
});

const detailOf = (s: StatusEvent): AnswerDetail => ({
  ...s,
  questionId: 7,
  questionTitle: 'A+B',
  kind: 'submit',
  language: 'cpp',
  createdAt: '2026-01-01T00:00:00.000Z',
  judgedAt: null,
  source: 'x',
  input: null,
  compileOutput: '',
  cases: [],
  run: null,
  error: null,
  failingCase: null,
  failingCaseHidden: false,
});

const fast = { streamRetryDelayMs: 1, pollMs: 1 };

function source(opts: {
  streams: (() => Observable<StatusEvent>)[];
  details?: (() => Promise<AnswerDetail>)[];
}) {
  const counts = { opens: 0, details: 0 };
  const src: AnswerStatusSource = {
    statusStream: () => {
      const next = opts.streams[Math.min(counts.opens, opts.streams.length - 1)]!;
      counts.opens += 1;
      return next();
    },
    detail: () => {
      const all = opts.details ?? [async () => detailOf(status('done'))];
      const next = all[Math.min(counts.details, all.length - 1)]!;
      counts.details += 1;
      return next();
    },
  };
  return { src, counts };
}

const collect = (events: Observable<FollowEvent>) => lastValueFrom(events.pipe(toArray()));
const summary = (events: FollowEvent[]) =>
  events.map((e) =>
    e.type === 'ANSWER.PROGRESS'
      ? `${e.status.status}${e.status.progress ? ` ${e.status.progress.case}/${e.status.progress.of}` : ''}`
      : e.type === 'ANSWER.FINISHED'
        ? `finished ${e.detail.verdict}`
        : `lost ${e.message}`,
  );

describe('followAnswer$', () => {
  it('passes on each change from the stream, then reads the detail once at the final state', async () => {
    const { src, counts } = source({
      streams: [
        () =>
          of(
            status('queued'),
            status('running', { case: 1, of: 3 }),
            status('running', { case: 1, of: 3 }),
            status('running', { case: 2, of: 3 }),
            status('done'),
          ),
      ],
    });
    const events = await collect(followAnswer$(1, src, fast));
    expect(summary(events)).toEqual(['queued', 'running 1/3', 'running 2/3', 'finished AC']);
    expect(counts).toEqual({ opens: 1, details: 1 });
  });

  it('re-opens a stream that ended before the final status', async () => {
    const { src, counts } = source({
      streams: [
        () => of(status('queued')),
        () => of(status('queued'), status('compiling'), status('done')),
      ],
    });
    const events = await collect(followAnswer$(1, src, fast));
    // The repeated 'queued' of the re-opened stream is not passed on twice.
    expect(summary(events)).toEqual(['queued', 'compiling', 'finished AC']);
    expect(counts.opens).toBe(2);
  });

  it('falls back to polling when the stream keeps failing', async () => {
    const { src, counts } = source({
      streams: [() => throwError(() => new Error('Request failed with status code 502'))],
      details: [
        async () => detailOf(status('running', { case: 1, of: 2 })),
        async () => detailOf(status('running', { case: 1, of: 2 })),
        async () => detailOf(status('done')),
      ],
    });
    const events = await collect(followAnswer$(1, src, { ...fast, streamRetries: 2 }));
    expect(counts.opens).toBe(3);
    expect(summary(events)).toEqual(['running 1/2', 'finished AC']);
  });

  it('polls when the final detail cannot be read right after the stream ends', async () => {
    const { src } = source({
      streams: [() => concat(of(status('compiling')), of(status('done')))],
      details: [
        async () => {
          throw new Error('Network Error');
        },
        async () => detailOf(status('done')),
      ],
    });
    const events = await collect(followAnswer$(1, src, fast));
    expect(summary(events)).toEqual(['compiling', 'finished AC']);
  });

  it('reports the answer lost after polling fails too often in a row', async () => {
    const { src, counts } = source({
      streams: [() => throwError(() => new Error('stream down'))],
      details: [
        async () => {
          throw new Error('Network Error');
        },
      ],
    });
    const events = await collect(
      followAnswer$(1, src, { ...fast, streamRetries: 0, pollFailures: 3 }),
    );
    expect(summary(events)).toEqual(['lost Network Error']);
    expect(counts.details).toBe(3);
  });
});
