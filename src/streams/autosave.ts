/**
 * The exam room's autosave outbox (issue 7 item 4): every edit becomes a save, debounced per
 * question (a burst of typing is one save; a choice saves at once, or when `flush$` fires at
 * hand-in or time-up), sent strictly in order, one at a time. A save that fails for the network
 * or a server that is briefly down is retried with backoff, holding the saves behind it, so
 * edits made offline go out in order once the connection is back; `SAVE.FAILING` says so
 * meanwhile (the room shows "offline"). A save the server refuses for good is dropped and
 * reported (`SAVE.REFUSED`); once the sitting no longer takes answers (`closed`), everything
 * stops (`SAVE.CLOSED`). Time comes from the scheduler, so marble tests pin every delay.
 */
import {
  asyncScheduler,
  catchError,
  concatMap,
  defer,
  groupBy,
  map,
  merge,
  mergeMap,
  of,
  race,
  retry,
  Subject,
  switchMap,
  take,
  takeWhile,
  throwError,
  timer,
  type Observable,
  type SchedulerLike,
} from 'rxjs';
import { backoffDelay, type BackoffOptions } from './retry.ts';

export interface Edit<P> {
  /** What saves replace each other: one question. */
  slot: string;
  /** The edit's revision for that slot: the server keeps the highest. */
  revision: number;
  /** 0 saves at once; otherwise after this quiet pause (or at a flush). */
  delayMs: number;
  payload: P;
}

export type AutosaveEvent<A> =
  | { type: 'SAVE.ACK'; slot: string; revision: number; ack: A }
  | { type: 'SAVE.FAILING'; slot: string; message: string }
  | { type: 'SAVE.REFUSED'; slot: string; revision: number; message: string }
  | { type: 'SAVE.CLOSED'; message: string };

export interface AutosaveOptions extends BackoffOptions {
  scheduler?: SchedulerLike;
  /** The failure may pass (network, timeout, 503): keep the save and try again. */
  isRetryable: (error: unknown) => boolean;
  /** The sitting no longer takes answers: nothing after this can be saved. */
  isClosed: (error: unknown) => boolean;
}

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : '保存失败';

export function autosave$<P, A>(
  edits$: Observable<Edit<P>>,
  flush$: Observable<unknown>,
  save: (payload: P) => Promise<A> | Observable<A>,
  { scheduler = asyncScheduler, isRetryable, isClosed, ...backoff }: AutosaveOptions,
): Observable<AutosaveEvent<A>> {
  const failing = new Subject<AutosaveEvent<A>>();
  const due$ = edits$.pipe(
    groupBy((edit) => edit.slot),
    mergeMap((edits) =>
      edits.pipe(
        // A newer edit of the same question replaces one still waiting.
        switchMap((edit) =>
          edit.delayMs <= 0
            ? of(edit)
            : race(timer(edit.delayMs, scheduler), flush$.pipe(take(1))).pipe(map(() => edit)),
        ),
      ),
    ),
  );
  const saved$ = due$.pipe(
    concatMap((edit) =>
      defer(() => save(edit.payload)).pipe(
        retry({
          delay: (error: unknown, attempt: number) => {
            if (!isRetryable(error)) return throwError(() => error);
            failing.next({ type: 'SAVE.FAILING', slot: edit.slot, message: messageOf(error) });
            return timer(backoffDelay(attempt, backoff), scheduler);
          },
        }),
        map((ack): AutosaveEvent<A> => ({
          type: 'SAVE.ACK',
          slot: edit.slot,
          revision: edit.revision,
          ack,
        })),
        catchError((error: unknown) =>
          of<AutosaveEvent<A>>(
            isClosed(error)
              ? { type: 'SAVE.CLOSED', message: messageOf(error) }
              : {
                  type: 'SAVE.REFUSED',
                  slot: edit.slot,
                  revision: edit.revision,
                  message: messageOf(error),
                },
          ),
        ),
      ),
    ),
  );
  // Once closed, nothing more can be saved: the outbox ends.
  return merge(failing, saved$).pipe(takeWhile((e) => e.type !== 'SAVE.CLOSED', true));
}
