/**
 * Replay of an event log (issue 2 item 10; docs/architecture.md, "The event log and replay").
 *
 * Each actor's logged events are folded through xstate's pure `transition()`, starting from
 * `initialTransition(machine, input)` at the actor's logged `xstate.init` event. Nothing is
 * executed: no network, no timers, no provided actions. Invoked actors are not started —
 * their results are already in the log as `xstate.done.actor.<id>` / `xstate.error.actor.<id>`
 * events, and timers as `xstate.after.*` or delayed self-events — so the machines reach the
 * states the live actors reached.
 */
import {
  initialTransition,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type StateValue,
} from 'xstate';
import type { EventEntry, EventLogExport, LogEntry, LoggedEvent } from './event-log.ts';
import { toJsonValue } from './json.ts';
import { scrub } from './scrub.ts';
import { parseEventLog } from './event-log-file.ts';

export interface ReplayMachine {
  machine: AnyStateMachine;
  /**
   * The actor's input. Leave it out to use the input recorded in the log's `xstate.init`
   * event, which is what the live actor received.
   */
  input?: unknown;
}

/**
 * Machines by the name their actor is logged under. A feature actor is logged as its kind and
 * an instance (`practice:12`, `objective:7`, `playground:cpp`): its kind names its machine.
 */
export type ReplayMachines = Record<string, ReplayMachine>;

/** The machine of a logged actor: by its whole name, else by its kind (`practice:12` → practice). */
export function machineOf(machines: ReplayMachines, actor: string): ReplayMachine | undefined {
  const colon = actor.indexOf(':');
  return machines[actor] ?? (colon > 0 ? machines[actor.slice(0, colon)] : undefined);
}

export interface ReplayStep {
  seq: number;
  at: number;
  actor: string;
  event: LoggedEvent;
  value: StateValue;
  context: unknown;
  status: AnyMachineSnapshot['status'];
  /** Set when the machine threw on this event; the actor keeps its previous snapshot. */
  error?: string;
}

export type SkipReason =
  /** No machine was given for this actor name. */
  | 'unknownActor'
  /** The actor's `xstate.init` entry is not in the log (dropped when the log was full). */
  | 'notStarted'
  /** The machine threw while starting from the logged input. */
  | 'initFailed';

export interface SkippedEntry {
  seq: number;
  actor: string;
  event: LoggedEvent;
  reason: SkipReason;
  error?: string;
}

export interface ReplayResult {
  /** Final snapshot per replayed actor. */
  snapshots: Record<string, AnyMachineSnapshot>;
  steps: ReplayStep[];
  skipped: SkippedEntry[];
}

export type ReplayableLog = EventLogExport | readonly LogEntry[] | string;

function entriesOf(log: ReplayableLog): readonly LogEntry[] {
  if (typeof log === 'string') return parseEventLog(log).entries;
  return Array.isArray(log) ? log : (log as EventLogExport).entries;
}

const describeThrown = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

export function replayLog(log: ReplayableLog, machines: ReplayMachines): ReplayResult {
  const snapshots: Record<string, AnyMachineSnapshot> = {};
  const steps: ReplayStep[] = [];
  const skipped: SkippedEntry[] = [];
  // Events an actor received before it was started. The live actor queued them in its mailbox
  // and processed them right after `xstate.init`, although the log lists them first.
  const early: Record<string, EventEntry[]> = {};

  const apply = (spec: ReplayMachine, entry: EventEntry): void => {
    const { seq, at, actor, event } = entry;
    let next: AnyMachineSnapshot | undefined;
    let error: string | undefined;
    try {
      if (event.type === 'xstate.init') {
        // A second init under the same name is a re-created actor: start over.
        const input = spec.input !== undefined ? spec.input : event.input;
        [next] = initialTransition(spec.machine, input);
      } else {
        [next] = transition(spec.machine, snapshots[actor] as AnyMachineSnapshot, event);
      }
    } catch (thrown) {
      error = describeThrown(thrown);
      next = snapshots[actor];
    }
    if (!next) {
      skipped.push({ seq, actor, event, reason: 'initFailed', error });
      return;
    }
    snapshots[actor] = next;
    const step: ReplayStep = {
      seq,
      at,
      actor,
      event,
      value: next.value,
      context: next.context,
      status: next.status,
    };
    if (error !== undefined) step.error = error;
    steps.push(step);
  };

  for (const entry of entriesOf(log)) {
    if (entry.kind !== 'event') continue;
    const spec = machineOf(machines, entry.actor);
    if (!spec) {
      skipped.push({
        seq: entry.seq,
        actor: entry.actor,
        event: entry.event,
        reason: 'unknownActor',
      });
      continue;
    }
    if (entry.event.type !== 'xstate.init' && !snapshots[entry.actor]) {
      (early[entry.actor] ??= []).push(entry);
      continue;
    }
    apply(spec, entry);
    if (entry.event.type === 'xstate.init' && snapshots[entry.actor]) {
      for (const queued of early[entry.actor] ?? []) apply(spec, queued);
      delete early[entry.actor];
    }
  }
  // Whatever still waits belongs to an actor whose start is not in the log (dropped when the
  // log was full): replaying it from the machine's initial state would invent a history.
  for (const entries of Object.values(early)) {
    for (const { seq, actor, event } of entries)
      skipped.push({ seq, actor, event, reason: 'notStarted' });
  }
  return { snapshots, steps, skipped };
}

/** The step list of a replay, for a step-by-step view. */
export function replaySteps(log: ReplayableLog, machines: ReplayMachines): ReplayStep[] {
  return replayLog(log, machines).steps;
}

export interface ReplayVerdict {
  actor: string;
  /** True when the replayed state value and context equal the recorded ones. */
  matches: boolean;
  /** Why not: 'missing' when replay never started this actor, else the first differing part. */
  difference?: 'missing' | 'value' | 'context';
}

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/**
 * Compares a replay with the states the export recorded when it was taken (finalStates):
 * the proof, for QA, that the log alone reproduces the session. Empty when the log recorded
 * no states (older exports).
 */
export function verifyReplay(log: EventLogExport, result: ReplayResult): ReplayVerdict[] {
  return Object.entries(log.finalStates ?? {}).map(([actor, recorded]) => {
    const snapshot = result.snapshots[actor];
    if (!snapshot) return { actor, matches: false, difference: 'missing' };
    const replayedValue = scrub(toJsonValue(snapshot.value));
    const replayedContext = scrub(toJsonValue(snapshot.context));
    if (canonical(replayedValue) !== canonical(recorded.value)) {
      return { actor, matches: false, difference: 'value' };
    }
    if (canonical(replayedContext) !== canonical(recorded.context)) {
      return { actor, matches: false, difference: 'context' };
    }
    return { actor, matches: true };
  });
}
