/**
 * Binding a parent and a child from the screens (issue 25 item 11): the parent asks (REQUEST
 * with the child's username or mobile and the relation), withdraws or unbinds; the child
 * confirms, refuses or unbinds; a teacher of the child confirms or refuses for them (ACT). One
 * action at a time; the outcome stays until the next.
 *
 *   idle ─REQUEST | ACT─► working ─► done | failed     (from done or failed the next one starts)
 *
 * Which actions a binding allows whom is its lifecycle's to say (lifecycles/parent-binding.ts
 * `bindingActions`); the server asks the same machine.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { BindingItem, Relation } from '../../contract/parent/schemas.ts';
import { describeError, serverFieldErrors, type ErrorInfo, type FieldError } from '../errors.ts';
import type { BindingAction, BindingActor } from '../lifecycles/parent-binding.ts';
import { notProvided } from '../not-provided.ts';

/** Who acts from this screen: the parent, the child or the child's teacher (each their calls). */
export type BindingSide = BindingActor;

export type BindingCommand =
  | { kind: 'request'; account: string; relation: Relation }
  | { kind: 'act'; side: BindingSide; action: BindingAction; id: number };

export interface BindingContext {
  last: BindingCommand | null;
  binding: BindingItem | null;
  error: ErrorInfo | null;
  /** The fields the server refused a request for (the account no learner has), by name. */
  fields: FieldError[];
}

export type BindingEvent =
  | { type: 'REQUEST'; account: string; relation: Relation }
  | { type: 'ACT'; side: BindingSide; action: BindingAction; id: number }
  | { type: 'DISMISS' };

const start = {
  target: '.working',
  actions: assign<BindingContext, BindingEvent, undefined, BindingEvent, never>({
    last: ({ event }) =>
      event.type === 'REQUEST'
        ? { kind: 'request', account: event.account, relation: event.relation }
        : event.type === 'ACT'
          ? { kind: 'act', side: event.side, action: event.action, id: event.id }
          : null,
    error: null,
    fields: [],
  }),
} as const;

export const parentBindingMachine = setup({
  types: { context: {} as BindingContext, events: {} as BindingEvent },
  actors: {
    run: fromPromise<BindingItem, BindingCommand>(notProvided('run')),
  },
  actions: {
    /** A binding changed: the lists showing it reload. */
    changed: () => undefined,
  },
}).createMachine({
  id: 'parentBinding',
  context: { last: null, binding: null, error: null, fields: [] },
  initial: 'idle',
  on: {
    REQUEST: start,
    ACT: start,
    DISMISS: {
      target: '.idle',
      actions: assign({ error: null, fields: [], last: null, binding: null }),
    },
  },
  states: {
    idle: {},
    working: {
      // One at a time: another click waits for this one's answer.
      on: { REQUEST: { actions: [] }, ACT: { actions: [] } },
      invoke: {
        id: 'run',
        src: 'run',
        input: ({ context }) => context.last!,
        onDone: {
          target: 'done',
          actions: [assign({ binding: ({ event }) => event.output }), 'changed'],
        },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => describeError(event.error),
            fields: ({ event }) => serverFieldErrors(event.error),
          }),
        },
      },
    },
    done: {},
    failed: {},
  },
});
