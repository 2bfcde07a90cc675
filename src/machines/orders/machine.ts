/**
 * Acting on an order besides paying it (which is the checkout's): a learner cancels one
 * awaiting payment or applies to quit one in effect, with a reason; staff work through the
 * approval queue (pass, reject with a reason, finish, force, refund). One action at a time; the
 * outcome stays until the next.
 *
 *   idle ─ACT─► working ─► done | failed     (ACT from done or failed starts the next one)
 *
 * Which actions an order allows is its lifecycle's to say (lifecycles/orders.ts); the server
 * asks the same machine. The learner's and the staff's actors run this machine with the calls
 * of their own area (implementations.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { OrderItem } from '../../contract/order/calls.ts';
import type { EnrollmentAction } from '../../contract/lifecycle-actions.ts';
import { describeError, type ErrorInfo } from '../errors.ts';
import { notProvided } from '../not-provided.ts';

/** The actions this machine carries out (pay is the checkout's). */
export type OrderActionName = Extract<
  EnrollmentAction,
  'cancel' | 'applyQuit' | 'passQuit' | 'rejectQuit' | 'finishQuit' | 'forceQuit' | 'refund'
>;

export interface OrderAction {
  action: OrderActionName;
  orderId: number;
  reason?: string;
  /** A partial refund; the whole remainder when absent. */
  amountFen?: number;
}

export interface OrderActionsContext {
  last: OrderAction | null;
  order: OrderItem | null;
  error: ErrorInfo | null;
}

export type OrderActionsEvent = ({ type: 'ACT' } & OrderAction) | { type: 'DISMISS' };

export const orderActionsMachine = setup({
  types: {
    context: {} as OrderActionsContext,
    events: {} as OrderActionsEvent,
  },
  actors: {
    act: fromPromise<OrderItem, OrderAction>(notProvided('act')),
  },
  actions: {
    /** The order changed: lists showing it reload. */
    changed: () => undefined,
  },
}).createMachine({
  id: 'orderActions',
  context: { last: null, order: null, error: null },
  initial: 'idle',
  on: {
    ACT: {
      target: '.working',
      actions: assign({
        last: ({ event }) => {
          const { type: _, ...action } = event;
          return action;
        },
        error: null,
      }),
    },
    DISMISS: { target: '.idle', actions: assign({ error: null, last: null }) },
  },
  states: {
    idle: {},
    working: {
      // One action at a time: another click waits for this one's answer.
      on: { ACT: { actions: [] } },
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ context }) => context.last!,
        onDone: {
          target: 'done',
          actions: [assign({ order: ({ event }) => event.output }), 'changed'],
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => describeError(event.error) }),
        },
      },
    },
    done: {},
    failed: {},
  },
});
