/**
 * Following one AI assistant reply (issue 10 item 3): the reply's event stream
 * (aiSession/message/chatStream) read through @microsoft/fetch-event-source, with every delta
 * delivered once and in order however often the connection drops.
 *
 * Two layers, so the resume logic is testable in virtual time:
 * - `replyEvents$` opens one connection with fetch-event-source. The library retries forever
 *   by default and keeps a timer and a visibility listener on `window`
 *   (docs/decisions/client-and-screens.md, "Monaco, Blueprint toasts and event streams"), so every
 *   error is made fatal in `onerror`, `openWhenHidden` is set (a hidden tab must not drop and
 *   reopen the stream), and a response that ends before `done` is an error too (a proxy or a
 *   dropped connection can end a body cleanly).
 * - `followReply$` owns reconnection in RxJS: each attempt asks for the deltas after the last
 *   seq it has, drops any delta it already has (a server may replay an overlap), retries with
 *   backoff (retry.ts's delays, injectable scheduler) — a budget of drops in a row, renewed by
 *   every new delta — and completes after `done`.
 *
 * fetch-event-source's cleanup calls `document.removeEventListener` and `window.clearTimeout`
 * unconditionally, so `replyEvents$` needs a DOM-like global: the browser, or jsdom in tests.
 */
import { fetchEventSource, type EventSourceMessage } from '@microsoft/fetch-event-source';
import {
  asyncScheduler,
  catchError,
  concat,
  defer,
  filter,
  map,
  Observable,
  of,
  retry,
  takeWhile,
  tap,
  throwError,
  timer,
  type SchedulerLike,
} from 'rxjs';
import { backoffDelay } from './retry.ts';

export const AI_REPLY_STATUSES = ['done', 'stopped', 'failed'] as const;
export type AiReplyEndStatus = (typeof AI_REPLY_STATUSES)[number];

/** `event: delta`: the text with sequence number `seq` (1, 2, 3 …). */
export interface AiDelta {
  seq: number;
  text: string;
}

/** `event: done`: the last event of a reply. */
export interface AiDone {
  messageId: number;
  status: AiReplyEndStatus;
  /**
   * The reply's `tokens`, under another name: the event log scrubs any key containing "token"
   * on export (streams/scrub.ts), and machines keep their contexts clear of such keys.
   */
  cost: number;
  /** The member's AI token balance after this reply was charged. */
  balance: number;
  /** Why the reply failed, when it did. */
  message?: string;
}

export type AiStreamEvent =
  | { kind: 'delta'; delta: AiDelta }
  | { kind: 'done'; done: AiDone }
  /** The connection was accepted (the server answered with an event stream). */
  | { kind: 'open' };

/** What the follower emits: the chat machine's events (machines/ai-chat). */
export type AiReplyEvent =
  | { type: 'AI.DELTA'; seq: number; text: string }
  /** The connection broke; attempt `attempt` asks again for the deltas after `after`. */
  | { type: 'AI.RESUMING'; after: number; attempt: number }
  /** A reconnection was accepted: the reply is being followed again. */
  | { type: 'AI.CONNECTED' }
  | { type: 'AI.DONE'; done: AiDone };

/** Opens one connection: the reply's events with seq > `after`. */
export type AiConnect = (after: number) => Observable<AiStreamEvent>;

/** The stream ended without its `done` event: retried like a dropped connection. */
export class AiStreamEndedEarly extends Error {
  constructor() {
    super('AI reply stream ended before its done event');
    this.name = 'AiStreamEndedEarly';
  }
}

/** A delta arrived after a missing one: retried from the last seq received. */
export class AiStreamGap extends Error {
  constructor(last: number, got: number) {
    super(`AI reply stream skipped from seq ${last} to ${got}`);
    this.name = 'AiStreamGap';
  }
}

/** A body that is not JSON of the expected shape: the server and client disagree; not retried. */
export class AiStreamProtocolError extends Error {
  constructor(detail: string) {
    super(`AI reply stream: ${detail}`);
    this.name = 'AiStreamProtocolError';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Reads one event-stream message; null for events this client does not know (ignored). */
export function parseAiStreamMessage(message: {
  event: string;
  data: string;
}): AiStreamEvent | null {
  if (message.event !== 'delta' && message.event !== 'done') return null;
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    throw new AiStreamProtocolError(`${message.event} data is not JSON`);
  }
  if (message.event === 'delta') {
    if (!isRecord(data) || !Number.isInteger(data.seq) || typeof data.text !== 'string') {
      throw new AiStreamProtocolError('delta without seq and text');
    }
    return { kind: 'delta', delta: { seq: data.seq as number, text: data.text } };
  }
  if (
    !isRecord(data) ||
    !Number.isInteger(data.messageId) ||
    !(AI_REPLY_STATUSES as readonly unknown[]).includes(data.status)
  ) {
    throw new AiStreamProtocolError('done without messageId and status');
  }
  return {
    kind: 'done',
    done: {
      messageId: data.messageId as number,
      status: data.status as AiReplyEndStatus,
      cost: Number.isInteger(data.tokens) ? (data.tokens as number) : 0,
      balance: Number.isInteger(data.balance) ? (data.balance as number) : 0,
      ...(typeof data.message === 'string' ? { message: data.message } : {}),
    },
  };
}

/**
 * Passes `signal` to the body too: the transport stops listening to the caller's signal once the
 * headers are in, and fetch-event-source only aborts the request, so without this an abandoned
 * stream would stay open until the reply ends.
 */
function cancellable(response: Response, signal: AbortSignal): Response {
  if (!response.body) return response;
  const body = response.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>(), {
    signal,
  });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/**
 * One connection's events through fetch-event-source. `open` makes the request (through the
 * transport, which adds the app id, envelope key and cookie) and rejects on a refusal.
 */
export function replyEvents$(
  open: (signal: AbortSignal) => Promise<Response>,
): Observable<AiStreamEvent> {
  return new Observable<AiStreamEvent>((subscriber) => {
    // Without them the library delivers the events, then throws in its cleanup and never
    // settles (measured on Node 20): say so instead of hanging.
    if (typeof window === 'undefined' || typeof document === 'undefined') {
      subscriber.error(new Error('replyEvents$ needs window and document (fetch-event-source)'));
      return undefined;
    }
    const abort = new AbortController();
    let ended = false;
    fetchEventSource('ai-reply', {
      signal: abort.signal,
      openWhenHidden: true,
      fetch: async (_input, init) => {
        const signal = init?.signal ?? abort.signal;
        return cancellable(await open(signal), signal);
      },
      onopen: async (response) => {
        const type = response.headers.get('content-type') ?? '';
        if (!type.startsWith('text/event-stream')) {
          throw new AiStreamProtocolError(`answered ${type || 'without a content type'}`);
        }
        if (!subscriber.closed) subscriber.next({ kind: 'open' });
      },
      onmessage: (message: EventSourceMessage) => {
        if (subscriber.closed) return;
        const event = parseAiStreamMessage(message);
        if (!event) return;
        if (event.kind === 'done') ended = true;
        subscriber.next(event);
      },
      onclose: () => {
        if (!ended) throw new AiStreamEndedEarly();
      },
      // Fatal: returning would make the library retry on its own timer.
      onerror: (error: unknown) => {
        throw error;
      },
    }).then(
      () => {
        if (!subscriber.closed) subscriber.complete();
      },
      (error: unknown) => {
        if (!subscriber.closed) subscriber.error(error);
      },
    );
    return () => abort.abort();
  });
}

export interface FollowReplyOptions {
  /** The last seq the caller already has (0: none). */
  after?: number;
  scheduler?: SchedulerLike;
  /**
   * Reconnections in a row before the error goes through: a reconnection that brings a new
   * delta starts the count again, so a long answer survives any number of spaced-out drops.
   */
  maxRetries?: number;
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** False for failures a retry cannot mend (a refusal, a protocol error). */
  shouldRetry?: (error: unknown) => boolean;
}

export const AI_FOLLOW_DEFAULTS = {
  maxRetries: 5,
  initialDelayMs: 500,
  maxDelayMs: 8_000,
} as const;

/**
 * Retry a dropped connection, a 5xx, a timeout or rate limit (408, 429) or a network failure;
 * not another 4xx refusal (not logged in, not found: asking again changes nothing) or bad data.
 */
export function isRetryableStreamError(error: unknown): boolean {
  if (error instanceof AiStreamProtocolError) return false;
  const status = isRecord(error) ? error.status : undefined;
  return typeof status !== 'number' || status >= 500 || status === 408 || status === 429;
}

/**
 * The reply's machine events: each delta once, in seq order, then AI.DONE, then complete. A
 * dropped connection emits AI.RESUMING at once and reconnects, after the backoff, with the
 * last seq received (AI.CONNECTED when the server accepts it); when `maxRetries` reconnections
 * in a row have brought nothing new, the last error goes through.
 */
export function followReply$(
  connect: AiConnect,
  {
    after = 0,
    scheduler = asyncScheduler,
    maxRetries = AI_FOLLOW_DEFAULTS.maxRetries,
    initialDelayMs = AI_FOLLOW_DEFAULTS.initialDelayMs,
    maxDelayMs = AI_FOLLOW_DEFAULTS.maxDelayMs,
    shouldRetry = isRetryableStreamError,
  }: FollowReplyOptions = {},
): Observable<AiReplyEvent> {
  return defer(() => {
    // Per subscription: a second subscriber follows the reply from `after` again.
    let lastSeq = after;
    /** Failed connections since the last delta. */
    let attempts = 0;
    const retrying = (error: unknown) => attempts <= maxRetries && shouldRetry(error);
    return defer(() => {
      const events = requireDone(connect(lastSeq)).pipe(
        // A delta already delivered (a replayed overlap) is dropped; a gap means the connection
        // lost something, so it reconnects after the last seq it has rather than misplace text.
        filter((event) => event.kind !== 'delta' || event.delta.seq > lastSeq),
        // An accepted connection is news only after a drop.
        filter((event) => event.kind !== 'open' || attempts > 0),
        tap((event) => {
          if (event.kind !== 'delta') return;
          if (event.delta.seq !== lastSeq + 1) throw new AiStreamGap(lastSeq, event.delta.seq);
          lastSeq = event.delta.seq;
          // Progress: the budget is for drops in a row, not for the whole of a long answer.
          attempts = 0;
        }),
        takeWhile((event) => event.kind !== 'done', true),
        map((event): AiReplyEvent => {
          switch (event.kind) {
            case 'delta':
              return { type: 'AI.DELTA', seq: event.delta.seq, text: event.delta.text };
            case 'open':
              return { type: 'AI.CONNECTED' };
            case 'done':
              return { type: 'AI.DONE', done: event.done };
          }
        }),
      );
      // Said when the drop happens, before the backoff's wait, and only when a retry follows.
      return events.pipe(
        catchError((error: unknown) => {
          attempts += 1;
          const resuming: AiReplyEvent = { type: 'AI.RESUMING', after: lastSeq, attempt: attempts };
          return retrying(error)
            ? concat(
                of(resuming),
                throwError(() => error),
              )
            : throwError(() => error);
        }),
      );
    }).pipe(
      retry({
        delay: (error: unknown) =>
          retrying(error)
            ? timer(backoffDelay(attempts, { initialDelayMs, maxDelayMs }), scheduler)
            : throwError(() => error),
      }),
    );
  });
}

/**
 * A connection that completes without `done` is a dropped one (replyEvents$ already errors
 * then; this keeps any other connect function honest), so it is retried, never taken as the
 * end of the reply.
 */
export function requireDone(events: Observable<AiStreamEvent>): Observable<AiStreamEvent> {
  return new Observable<AiStreamEvent>((subscriber) => {
    let done = false;
    return events.subscribe({
      next: (event) => {
        if (event.kind === 'done') done = true;
        subscriber.next(event);
      },
      error: (error: unknown) => subscriber.error(error),
      complete: () => (done ? subscriber.complete() : subscriber.error(new AiStreamEndedEarly())),
    });
  });
}
