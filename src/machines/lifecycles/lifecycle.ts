/**
 * An entity's lifecycle (docs/product-rules.md#lifecycle-actions) is a statechart whose states are
 * the values stored in the entity's row and whose events are the actions of its calls (`publish`,
 * `unpublish`, …). The same machine authorises a transition on the server (server/lifecycle/) and
 * decides which action buttons a screen shows, so no handler or component compares statuses by
 * hand.
 *
 * The functions here are pure: they resolve a stored state and ask the machine, without
 * starting an actor.
 */
import { getNextSnapshot, type AnyStateMachine } from 'xstate';
import { LIFECYCLE_ACTION_VERBS, type LifecycleAction } from '../../contract/lifecycle-actions.ts';

export interface Lifecycle<
  State extends string = string,
  Action extends LifecycleAction = LifecycleAction,
> {
  /** What the entity is called in messages, e.g. 题目. */
  noun: string;
  machine: AnyStateMachine;
  /** Every state, as stored, with its name in messages, e.g. draft → 草稿. */
  states: Record<State, string>;
  /** The actions of the entity's calls, each an event of the machine. */
  actions: readonly Action[];
}

/** Builds a lifecycle and checks, once, that its states and actions are the machine's. */
export function defineLifecycle<const State extends string, const Action extends LifecycleAction>(
  lifecycle: Lifecycle<State, Action>,
): Lifecycle<State, Action> {
  const machineStates = Object.keys(lifecycle.machine.root.states).sort();
  const named = Object.keys(lifecycle.states).sort();
  if (machineStates.join() !== named.join()) {
    throw new Error(
      `lifecycle of ${lifecycle.noun}: states [${named.join()}] ≠ machine [${machineStates.join()}]`,
    );
  }
  const machineEvents = new Set<string>(lifecycle.machine.events);
  for (const action of lifecycle.actions) {
    if (!machineEvents.has(action)) {
      throw new Error(`lifecycle of ${lifecycle.noun}: the machine has no event ${action}`);
    }
  }
  return lifecycle;
}

const snapshotAt = (lifecycle: Lifecycle, state: string) =>
  lifecycle.machine.resolveState({ value: state, context: {} });

/**
 * The state `action` leads to from `from`, or null when the machine does not allow it there.
 * `details` travel with the event where a transition depends on them (an enrollment of a free
 * item skips payment: `{ free: true }`).
 */
export function nextState<State extends string, Action extends LifecycleAction>(
  lifecycle: Lifecycle<State, Action>,
  from: State,
  action: Action,
  details: Record<string, unknown> = {},
): State | null {
  const snapshot = snapshotAt(lifecycle, from);
  const event = { ...details, type: action };
  if (!snapshot.can(event)) return null;
  return getNextSnapshot(lifecycle.machine, snapshot, event).value as State;
}

/** The actions the machine allows in `state`, in the order the lifecycle lists them. */
export function allowedActions<State extends string, Action extends LifecycleAction>(
  lifecycle: Lifecycle<State, Action>,
  state: State,
): Action[] {
  const snapshot = snapshotAt(lifecycle, state);
  return lifecycle.actions.filter((a) => snapshot.can({ type: a }));
}

/** The refusal a screen or the server shows, naming the current state: 题目当前为「草稿」，不能下架. */
export const refusalOf = <State extends string, Action extends LifecycleAction>(
  lifecycle: Lifecycle<State, Action>,
  state: State,
  action: Action,
): string =>
  `${lifecycle.noun}当前为「${lifecycle.states[state]}」，不能${LIFECYCLE_ACTION_VERBS[action]}`;

/** Whether `state` is final: no action can ever move the row again. */
export const isFinalState = <State extends string, Action extends LifecycleAction>(
  lifecycle: Lifecycle<State, Action>,
  state: State,
): boolean => snapshotAt(lifecycle, state).status === 'done';

/** Whether the machine tags `state` with `tag` (what a state means to a screen, e.g. answering). */
export const stateHasTag = <State extends string, Action extends LifecycleAction>(
  lifecycle: Lifecycle<State, Action>,
  state: State,
  tag: string,
): boolean => snapshotAt(lifecycle, state).hasTag(tag);

/** Every state of the lifecycle the machine tags with `tag`, e.g. the states holding a place. */
export const statesTagged = <State extends string, Action extends LifecycleAction>(
  lifecycle: Lifecycle<State, Action>,
  tag: string,
): State[] =>
  (Object.keys(lifecycle.states) as State[]).filter((s) => stateHasTag(lifecycle, s, tag));
