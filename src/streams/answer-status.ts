/**
 * Following one answer while the judge works on it (issue 3 §3, §7 "live status"): the status
 * event stream (memberQuestion/status) first; when it cannot be opened or breaks off, a few
 * retries with backoff, then polling queryById as the fallback. The full detail is read once,
 * at the final state. What comes out are the practice machine's events, so the event log tells
 * the whole queued → compiling → running k/n → verdict story whichever way it arrived.
 */
import type { Observable } from 'rxjs';
import {
  asyncScheduler,
  catchError,
  concatMap,
  concatWith,
  defer,
  EMPTY,
  exhaustMap,
  filter,
  from,
  map,
  of,
  takeWhile,
  tap,
  throwError,
  timer,
  type SchedulerLike,
} from 'rxjs';
import type { AnswerDetail, StatusEvent } from '../contract/member-question/calls.ts';
import { retryWithBackoff } from './retry.ts';

export type FollowEvent =
  | { type: 'ANSWER.PROGRESS'; status: StatusEvent }
  | { type: 'ANSWER.FINISHED'; detail: AnswerDetail }
  | { type: 'ANSWER.LOST'; message: string };

export interface AnswerStatusSource {
  /** The answer's status events; completes after the final one, errors when the stream fails. */
  statusStream(id: number): Observable<StatusEvent>;
  /** The answer's full detail (queryById). */
  detail(id: number): Promise<AnswerDetail>;
}

export interface FollowOptions {
  scheduler?: SchedulerLike;
  /** Re-opening the stream after it failed, before falling back to polling. */
  streamRetries?: number;
  streamRetryDelayMs?: number;
  /** Polling fallback: the pause between reads, and how many may fail in a row. */
  pollMs?: number;
  pollFailures?: number;
}

export const FOLLOW_DEFAULTS = {
  streamRetries: 2,
  streamRetryDelayMs: 500,
  pollMs: 500,
  pollFailures: 5,
} as const;

export const isFinalStatus = (status: { status: StatusEvent['status'] }): boolean =>
  status.status === 'done' || status.status === 'failed';

export function statusOf(detail: AnswerDetail): StatusEvent {
  return {
    id: detail.id,
    status: detail.status,
    verdict: detail.verdict,
    score: detail.score,
    maxScore: detail.maxScore,
    timeMs: detail.timeMs,
    memoryKiB: detail.memoryKiB,
    progress: detail.progress,
  };
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

export function followAnswer$(
  id: number,
  source: AnswerStatusSource,
  options: FollowOptions = {},
): Observable<FollowEvent> {
  const {
    scheduler = asyncScheduler,
    streamRetries = FOLLOW_DEFAULTS.streamRetries,
    streamRetryDelayMs = FOLLOW_DEFAULTS.streamRetryDelayMs,
    pollMs = FOLLOW_DEFAULTS.pollMs,
    pollFailures = FOLLOW_DEFAULTS.pollFailures,
  } = options;

  /** The final detail, or an error when queryById does not (yet) say the answer is final. */
  const finalDetail = () =>
    from(source.detail(id)).pipe(
      concatMap((detail) =>
        isFinalStatus(detail)
          ? of<FollowEvent>({ type: 'ANSWER.FINISHED', detail })
          : throwError(() => new Error('the answer is not final yet')),
      ),
    );

  // The stream, re-opened with backoff when it fails or ends before a final status.
  const streamed$ = defer(() => {
    let final = false;
    return source.statusStream(id).pipe(
      tap((status) => {
        if (isFinalStatus(status)) final = true;
      }),
      takeWhile((status) => !isFinalStatus(status), true),
      concatWith(
        defer(() => (final ? EMPTY : throwError(() => new Error('status stream ended early')))),
      ),
    );
  }).pipe(
    retryWithBackoff({
      maxRetries: streamRetries,
      initialDelayMs: streamRetryDelayMs,
      scheduler,
    }),
    concatMap((status) =>
      isFinalStatus(status) ? finalDetail() : of<FollowEvent>({ type: 'ANSWER.PROGRESS', status }),
    ),
  );

  // The fallback: read the detail every pollMs until it is final.
  const polled$ = defer(() => {
    let failures = 0;
    return timer(0, pollMs, scheduler).pipe(
      exhaustMap(() =>
        from(source.detail(id)).pipe(
          map((detail) => ({ detail, error: null as unknown })),
          catchError((error: unknown) => of({ detail: null, error })),
        ),
      ),
      concatMap(({ detail, error }): Observable<FollowEvent> => {
        if (detail) {
          failures = 0;
          return of(
            isFinalStatus(detail)
              ? { type: 'ANSWER.FINISHED', detail }
              : { type: 'ANSWER.PROGRESS', status: statusOf(detail) },
          );
        }
        failures += 1;
        return failures >= pollFailures
          ? of({ type: 'ANSWER.LOST', message: messageOf(error) })
          : EMPTY;
      }),
      takeWhile((event) => event.type === 'ANSWER.PROGRESS', true),
    );
  });

  return defer(() => {
    // The same status may arrive twice (a re-opened stream repeats the current one; polling
    // reads it until it changes): only changes are passed on.
    let last = '';
    return streamed$.pipe(
      catchError(() => polled$),
      filter((event) => {
        if (event.type !== 'ANSWER.PROGRESS') return true;
        const key = JSON.stringify(event.status);
        if (key === last) return false;
        last = key;
        return true;
      }),
    );
  });
}
