import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import type { SittingItem } from '../../contract/exam/sittings.ts';
import type { SittingQuestion } from '../../contract/exam/papers.ts';
import type { AnswerDetail } from '../../contract/member-question/calls.ts';
import {
  examRoomMachine,
  pendingSaves,
  secondsLeft,
  type OpenedRoom,
  type OutboxMessage,
  type RunRequest,
} from './machine.ts';

const T0 = Date.UTC(2026, 10, 25, 2, 0, 0);

const sitting = (state: SittingItem['state'] = 'inProgress'): SittingItem => ({
  id: 7,
  examId: 1,
  examName: '模拟赛',
  examPaperId: 2,
  examPaperName: '模拟卷',
  enrollId: 3,
  memberId: 4,
  memberName: '学生',
  state,
  startedAt: new Date(T0).toISOString(),
  deadline: new Date(T0 + 60_000).toISOString(),
  completedAt: null,
  completedBy: null,
  score: null,
  maxScore: 100,
  rank: null,
  rankOf: null,
  usedSeconds: null,
  questionCount: 2,
  answeredCount: 0,
  signalCount: 0,
  // The server is 5 s ahead of the learner's computer.
  serverNow: new Date(T0 + 5_000).toISOString(),
});

const question = (questionId: number, type: SittingQuestion['type']): SittingQuestion => ({
  questionId,
  sort: questionId,
  score: 50,
  type,
  title: `题 ${questionId}`,
  content: '',
  options:
    type === 'programming'
      ? []
      : [
          { label: 'A', text: '1' },
          { label: 'B', text: '2' },
        ],
  timeLimitMs: null,
  memoryLimitMiB: null,
  samples: [],
});

const opened = (state: SittingItem['state'] = 'inProgress'): OpenedRoom => ({
  sitting: sitting(state),
  questions: [question(11, 'single'), question(12, 'programming')],
  answers: [
    { questionId: 11, answer: '01', language: null, source: '', flagged: true, revision: 3 },
  ],
  localNow: T0,
});

function room(open = opened()) {
  const outbox: OutboxMessage[] = [];
  const completes: number[] = [];
  const actor = createActor(
    examRoomMachine.provide({
      actors: {
        openRoom: fromPromise(async () => open),
        completeSitting: fromPromise<SittingItem, { id: number }>(async ({ input }) => {
          completes.push(input.id);
          return { ...open.sitting, state: 'completed' };
        }),
        runCode: fromPromise<AnswerDetail, RunRequest>(() => Promise.reject(new Error('not used'))),
        autosave: fromCallback<OutboxMessage>(({ receive }) => {
          receive((m) => outbox.push(m));
        }),
        clock: fromCallback<AnyEventObject>(() => undefined),
      },
    }),
    { input: { examId: 1, examPaperId: 2 } },
  ).start();
  return { actor, outbox, completes };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the exam room', () => {
  it('opens on the saved answers with the countdown corrected to the server’s clock', async () => {
    const { actor } = room();
    await settle();
    const s = actor.getSnapshot();
    expect(s.matches({ session: 'answering' })).toBe(true);
    expect(s.context.answers[11]).toMatchObject({
      answer: '01',
      flagged: true,
      revision: 3,
      savedRevision: 3,
    });
    expect(s.context.answers[12]!.source).toContain('int main');
    expect(s.context.current).toBe(11);
    expect(s.context.offsetMs).toBe(5_000);
    expect(secondsLeft(s.context)).toBe(55);
  });

  it('saves each edit with a higher revision and knows what the server has acknowledged', async () => {
    const { actor, outbox } = room();
    await settle();
    actor.send({ type: 'CHOOSE', questionId: 11, answer: '10' });
    actor.send({ type: 'CODE', questionId: 12, source: 'int main(){}' });
    expect(outbox).toEqual([
      {
        type: 'SAVE',
        slot: '11',
        revision: 4,
        delayMs: 0,
        payload: { examPaperEnrollId: 7, questionId: 11, revision: 4, flagged: true, answer: '10' },
      },
      expect.objectContaining({ slot: '12', revision: 1, delayMs: 1_000 }),
    ]);
    expect(pendingSaves(actor.getSnapshot().context)).toBe(2);
    actor.send({ type: 'SAVE.FAILING', slot: '11', message: 'Network Error' });
    expect(actor.getSnapshot().context.offline).toBe(true);
    actor.send({ type: 'SAVE.ACK', slot: '11', revision: 4, ack: {} });
    expect(actor.getSnapshot().context.offline).toBe(false);
    expect(pendingSaves(actor.getSnapshot().context)).toBe(1);
  });

  it('ignores edits of a question not on the paper', async () => {
    const { actor, outbox } = room();
    await settle();
    actor.send({ type: 'CHOOSE', questionId: 99, answer: '1' });
    expect(outbox).toEqual([]);
  });

  it('asks before handing in, then flushes, waits for the acknowledgements and hands in', async () => {
    const { actor, outbox, completes } = room();
    await settle();
    actor.send({ type: 'CHOOSE', questionId: 11, answer: '10' });
    actor.send({ type: 'COMPLETE' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches({ session: 'answering' })).toBe(true);
    actor.send({ type: 'COMPLETE' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().matches({ session: 'flushing' })).toBe(true);
    expect(outbox.at(-1)).toEqual({ type: 'FLUSH' });
    actor.send({ type: 'SAVE.ACK', slot: '11', revision: 4, ack: {} });
    await settle();
    expect(completes).toEqual([7]);
    expect(actor.getSnapshot().matches('handedIn')).toBe(true);
  });

  it('hands in by itself when the server’s time is up', async () => {
    const { actor, completes } = room();
    await settle();
    actor.send({ type: 'TICK', now: T0 + 54_000 });
    expect(secondsLeft(actor.getSnapshot().context)).toBe(1);
    actor.send({ type: 'TICK', now: T0 + 55_000 });
    await settle();
    expect(actor.getSnapshot().context.timeUp).toBe(true);
    expect(completes).toEqual([7]);
    expect(actor.getSnapshot().matches('handedIn')).toBe(true);
  });

  it('goes straight to the hand-in once the server takes no more answers', async () => {
    const { actor, completes } = room();
    await settle();
    actor.send({ type: 'CHOOSE', questionId: 11, answer: '10' });
    actor.send({ type: 'SAVE.CLOSED', message: '考试时间已到' });
    await settle();
    expect(completes).toEqual([7]);
    expect(actor.getSnapshot().context.closed).toBe(true);
  });

  it('shows a paper already handed in as handed in', async () => {
    const { actor } = room(opened('reported'));
    await settle();
    expect(actor.getSnapshot().matches('handedIn')).toBe(true);
  });
});
