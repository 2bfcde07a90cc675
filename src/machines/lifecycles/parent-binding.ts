/**
 * A parent's binding to a child (issue 25 item 11; docs/decisions/parents.md, "Parents (issue
 * 25)"). A parent asks; the child, in their own account, or a teacher of the child's classes
 * confirms or refuses; the parent may withdraw a request still waiting; once bound, the child or
 * the parent unbinds.
 *
 *   requested ──confirm {child|teacher}──► confirmed ──unbind {child|parent}──► unbound
 *   requested ──refuse  {child|teacher}──► refused
 *   requested ──cancel  {parent}────────► cancelled
 *
 * refused, cancelled and unbound are final: binding again is a new request, so every request
 * and its answer stay on record. Who acts (`by`) travels with every event. A parent reads a
 * child's records only while a binding is in a state tagged `reads` (confirmed), never on a
 * request alone: knowing a child's account name gives nothing until the child or their teacher
 * says yes. The server moves the row through it (server/parent/), the screens show its actions.
 */
import { setup } from 'xstate';
import type { BindingAction as BindingOnlyAction } from '../../contract/lifecycle-actions.ts';
import { defineLifecycle, nextState, statesTagged } from './lifecycle.ts';

/** The machine's events: asking is the row's creation, not a move. */
export type BindingAction = Exclude<BindingOnlyAction, 'request'> | 'cancel';

export const BINDING_STATES = [
  'requested',
  'confirmed',
  'refused',
  'cancelled',
  'unbound',
] as const;
export type BindingState = (typeof BINDING_STATES)[number];

/** Who acts on a binding: the parent who asked, the child, or a teacher of the child. */
export type BindingActor = 'parent' | 'child' | 'teacher';

type BindingEvent = { type: BindingAction; by?: BindingActor };

const by =
  (...actors: BindingActor[]) =>
  ({ event }: { event: BindingEvent }) =>
    event.by !== undefined && actors.includes(event.by);

export const parentBindingMachine = setup({
  types: { events: {} as BindingEvent },
  guards: {
    childOrTeacher: by('child', 'teacher'),
    parent: by('parent'),
    childOrParent: by('child', 'parent'),
  },
}).createMachine({
  id: 'parentBinding',
  initial: 'requested',
  states: {
    requested: {
      tags: ['open', 'awaiting'],
      on: {
        confirm: { guard: 'childOrTeacher', target: 'confirmed' },
        refuse: { guard: 'childOrTeacher', target: 'refused' },
        cancel: { guard: 'parent', target: 'cancelled' },
      },
    },
    confirmed: {
      tags: ['open', 'reads'],
      on: { unbind: { guard: 'childOrParent', target: 'unbound' } },
    },
    refused: { type: 'final' },
    cancelled: { type: 'final' },
    unbound: { type: 'final' },
  },
});

export const parentBindingLifecycle = defineLifecycle({
  noun: '家长绑定',
  machine: parentBindingMachine,
  states: {
    requested: '待确认',
    confirmed: '已绑定',
    refused: '已拒绝',
    cancelled: '已撤回',
    unbound: '已解除',
  },
  actions: ['confirm', 'refuse', 'cancel', 'unbind'],
});

/** Where `action` by `actor` leads a binding, or null when refused. */
export const nextBindingState = (
  state: BindingState,
  action: BindingAction,
  actor: BindingActor,
): BindingState | null => nextState(parentBindingLifecycle, state, action, { by: actor });

/** The actions `actor` may take on a binding now, for the screens' buttons. */
export const bindingActions = (state: BindingState, actor: BindingActor): BindingAction[] =>
  parentBindingLifecycle.actions.filter((a) => nextBindingState(state, a, actor) !== null);

/** The states in which a parent reads the child's records: confirmed only. */
export const BINDING_READS: readonly BindingState[] = statesTagged(parentBindingLifecycle, 'reads');

/** The states a pair may hold at most once at a time (asked or bound): a second ask is refused. */
export const BINDING_OPEN: readonly BindingState[] = statesTagged(parentBindingLifecycle, 'open');

/** The states waiting for the child's or a teacher's answer: a teacher's queue. */
export const BINDING_AWAITING: readonly BindingState[] = statesTagged(
  parentBindingLifecycle,
  'awaiting',
);

/** The binding's state in words (待确认, 已绑定…). */
export const bindingStateName = (state: BindingState): string =>
  parentBindingLifecycle.states[state];
