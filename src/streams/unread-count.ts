/**
 * The unread count of the header's bell (message.stream, issue 27 item 4): the server's
 * `unread` events as numbers. The server ends a bell only when it stops, so an ended stream is
 * opened again; a failed one is retried with backoff, the backoff starting over once events
 * flow again. A refusal that will not change (logged out) ends it.
 */
import {
  asyncScheduler,
  distinctUntilChanged,
  filter,
  map,
  repeat,
  retry,
  throwError,
  timer,
  type Observable,
  type SchedulerLike,
} from 'rxjs';
import { eventStream$ } from './event-stream.ts';
import { backoffDelay } from './retry.ts';

export interface UnreadCountOptions {
  scheduler?: SchedulerLike;
  /** The pause before opening again a stream the server ended. */
  reopenMs?: number;
  /** The first wait after a failure (then doubling). */
  retryMs?: number;
}

/** A refusal (4xx) says the session is gone or may not listen: retrying cannot help. */
const refused = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
};

export function unreadCount$(
  open: (signal: AbortSignal) => Promise<Response>,
  { scheduler = asyncScheduler, reopenMs = 1_000, retryMs }: UnreadCountOptions = {},
): Observable<number> {
  return eventStream$(open).pipe(
    filter((message) => message.event === 'unread'),
    map((message) => (JSON.parse(message.data) as { unread: number }).unread),
    repeat({ delay: () => timer(reopenMs, scheduler) }),
    retry({
      resetOnSuccess: true,
      delay: (error: unknown, attempt: number) =>
        refused(error)
          ? throwError(() => error)
          : timer(backoffDelay(attempt, { initialDelayMs: retryMs }), scheduler),
    }),
    distinctUntilChanged(),
  );
}
