/**
 * The client event log (issue 2 item 10; docs/architecture.md, "The event log and replay").
 *
 * Every event a root actor receives and every transport response is appended to a bounded,
 * append-only log. Root-actor events are captured with xstate's `inspect` hook
 * (`@xstate.event` whose target is the root), which covers events sent by the UI, the
 * `xstate.init` event with the actor's input, `xstate.done.actor.<id>` with the output of an
 * invoked actor, `xstate.error.actor.<id>`, `xstate.after.*` timers and delayed self-events.
 * src/streams/replay.ts folds those events back through the machines' pure transitions.
 *
 * Entries are converted to plain JSON when captured (toJsonValue), so what the log holds is
 * exactly what an export carries, except for scrubbing (./scrub.ts), which happens on export.
 *
 * When the log is full the oldest entries are dropped and counted. An actor whose
 * `xstate.init` entry was dropped can no longer be replayed; replay reports it as skipped.
 *
 * Reading an exported log back (parseEventLog) is in ./event-log-file.ts: it needs zod, and this
 * module is part of the browser's first screen.
 */
import type { InspectionEvent } from 'xstate';
import { EVENT_LOG_CAPACITY } from '../machines/constants.ts';
import { toJsonValue, type JsonValue } from './json.ts';
import { scrub, scrubPath } from './scrub.ts';

export type LoggedEvent = { type: string } & { [key: string]: JsonValue };

export interface EventEntry {
  seq: number;
  /** Milliseconds since the epoch, from the log's injected clock. */
  at: number;
  kind: 'event';
  /** The name the root actor was attached under. */
  actor: string;
  event: LoggedEvent;
}

/** What the transport reports for each answered (or failed) call. */
export interface ResponseRecord {
  /** The contract call id, e.g. 'loginByPwd' (a call is named by its path). */
  callId: string;
  method: string;
  path: string;
  /** HTTP status; null when no answer arrived (network error, timeout, abort). */
  status: number | null;
  ok: boolean;
  /** Envelope code (0 success, -1 envelope failure, catalogue codes); null if none. */
  code: number | null;
  durationMs: number;
  data?: unknown;
  /** The failure message, for a failed call. */
  message?: string;
}

export interface ResponseEntry extends Omit<ResponseRecord, 'data'> {
  seq: number;
  at: number;
  kind: 'response';
  data?: JsonValue;
}

export type LogEntry = EventEntry | ResponseEntry;

export const EVENT_LOG_FORMAT = 'xinao-event-log';
/**
 * 2: calls are named by their path (issue 12) and feature actors (`practice:12`) have their
 * states recorded. A log of another version is refused with a message saying so.
 */
export const EVENT_LOG_VERSION = 2;

export interface EventLogExport {
  format: typeof EVENT_LOG_FORMAT;
  version: typeof EVENT_LOG_VERSION;
  exportedAt: number;
  capacity: number;
  /** Entries dropped because the log was full. */
  dropped: number;
  entries: LogEntry[];
  /**
   * Each root and feature actor's state when the log was exported. Replay must reach exactly
   * these from the entries alone; the replay view shows whether it did (verifyReplay in
   * ./replay.ts).
   */
  finalStates?: Record<string, RecordedState>;
}

export interface RecordedState {
  value: JsonValue;
  context: JsonValue;
}

/** Actors whose state an export records, by the names they are logged under. */
export type SnapshotSource = Record<
  string,
  { getSnapshot(): { value: unknown; context: unknown } }
>;

type InspectOption =
  | ((inspectionEvent: InspectionEvent) => void)
  | { next?: (inspectionEvent: InspectionEvent) => void };

/**
 * An inspect the caller passes along, which attachToActor keeps calling. (Not a constraint on
 * the options: a type of optional properties only would refuse `{ input }` as unrelated.)
 */
export interface AttachableOptions {
  inspect?: InspectOption;
}

type NoOptions = Record<never, never>;

/**
 * The options attachToActor returns: the caller's, with the logging inspect in place of theirs.
 * Typed from the argument only (NoInfer at the call site): inferring from createActor's
 * expected options instead would let `attachToActor('x')` pass for a machine that needs input.
 */
export type AttachedOptions<O> = Omit<O, 'inspect'> & {
  inspect: (inspectionEvent: InspectionEvent) => void;
};

export interface EventLog {
  /**
   * Actor options (for createActor) that log every event the root actor receives under
   * `name`: `createActor(machine, log.attachToActor('x', { input }))`. The other options pass
   * through unchanged, so createActor checks them (a machine that needs input gets none from
   * `attachToActor('x')`); an `inspect` among them keeps being called.
   */
  attachToActor<O extends object = NoOptions>(
    name: string,
    actorOptions?: O & AttachableOptions,
  ): AttachedOptions<NoInfer<O>>;
  /** Appends an event for `actor` directly (attachToActor does this for you). */
  recordEvent(actor: string, event: { type: string }): void;
  /** Appends a transport response; wire the transport's onRecord to it. */
  recordResponse(record: ResponseRecord): void;
  /** The entries, oldest first. */
  entries(): LogEntry[];
  readonly size: number;
  readonly capacity: number;
  readonly dropped: number;
  /** Called after every append and clear (for a live log view). Returns an unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** The log with personal data scrubbed, with the given actors' current states. */
  toExport(actors?: SnapshotSource): EventLogExport;
  /** toExport() as a JSON string, ready to download. */
  exportLog(actors?: SnapshotSource): string;
  clear(): void;
}

export interface EventLogOptions {
  capacity?: number;
  /** The clock stamping entries (Date.now in the app, a fake clock in tests). */
  now: () => number;
}

/** Scrubbed like the entries, so an export never carries more than its events do. */
function recordStates(actors: SnapshotSource): Record<string, RecordedState> {
  return Object.fromEntries(
    Object.entries(actors).map(([name, actor]) => {
      const { value, context } = actor.getSnapshot();
      return [name, { value: scrub(toJsonValue(value)), context: scrub(toJsonValue(context)) }];
    }),
  );
}

export function createEventLog({ capacity = EVENT_LOG_CAPACITY, now }: EventLogOptions): EventLog {
  if (!Number.isInteger(capacity) || capacity < 1) {
    throw new RangeError(`event log capacity must be a positive integer, got ${capacity}`);
  }
  // A ring buffer: `start` is the oldest entry, `count` how many are held.
  const ring: (LogEntry | undefined)[] = new Array<LogEntry | undefined>(capacity);
  let start = 0;
  let count = 0;
  let dropped = 0;
  let seq = 0;
  const listeners = new Set<() => void>();

  const append = (entry: LogEntry): void => {
    if (count < capacity) {
      ring[(start + count) % capacity] = entry;
      count += 1;
    } else {
      ring[start] = entry;
      start = (start + 1) % capacity;
      dropped += 1;
    }
    for (const listener of listeners) listener();
  };

  const entries = (): LogEntry[] => {
    const list: LogEntry[] = [];
    for (let i = 0; i < count; i += 1) list.push(ring[(start + i) % capacity] as LogEntry);
    return list;
  };

  const recordEvent = (actor: string, event: { type: string }): void => {
    seq += 1;
    append({ seq, at: now(), kind: 'event', actor, event: toJsonValue(event) as LoggedEvent });
  };

  const recordResponse = (record: ResponseRecord): void => {
    seq += 1;
    const { data, ...rest } = record;
    const entry: ResponseEntry = { ...rest, seq, at: now(), kind: 'response' };
    if (data !== undefined) entry.data = toJsonValue(data);
    append(entry);
  };

  function attachToActor<O extends object = NoOptions>(
    name: string,
    actorOptions?: O & AttachableOptions,
  ): AttachedOptions<NoInfer<O>> {
    const previous = actorOptions?.inspect;
    const inspect = (inspectionEvent: InspectionEvent): void => {
      // Only what the root actor itself receives: its children's internal traffic (promise
      // resolutions and the like) is re-created by replay from the root's done events.
      if (
        inspectionEvent.type === '@xstate.event' &&
        inspectionEvent.actorRef.sessionId === inspectionEvent.rootId
      ) {
        recordEvent(name, inspectionEvent.event);
      }
      if (typeof previous === 'function') previous(inspectionEvent);
      else previous?.next?.(inspectionEvent);
    };
    return { ...actorOptions, inspect } as AttachedOptions<O>;
  }

  const toExport = (actors?: SnapshotSource): EventLogExport => ({
    format: EVENT_LOG_FORMAT,
    version: EVENT_LOG_VERSION,
    exportedAt: now(),
    capacity,
    dropped,
    entries: entries().map(scrubEntry),
    ...(actors ? { finalStates: recordStates(actors) } : {}),
  });

  return {
    attachToActor,
    recordEvent,
    recordResponse,
    entries,
    get size() {
      return count;
    },
    capacity,
    get dropped() {
      return dropped;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    toExport,
    exportLog: (actors) => JSON.stringify(toExport(actors)),
    clear() {
      ring.fill(undefined);
      start = 0;
      count = 0;
      dropped = 0;
      for (const listener of listeners) listener();
    },
  };
}

function scrubEntry(entry: LogEntry): LogEntry {
  if (entry.kind === 'event') return { ...entry, event: scrub(entry.event) as LoggedEvent };
  const scrubbed: ResponseEntry = { ...entry, path: scrubPath(entry.path) };
  if (entry.data !== undefined) scrubbed.data = scrub(entry.data);
  return scrubbed;
}
