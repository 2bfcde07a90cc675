/**
 * What a learner does to an order on /order besides paying (which is the checkout's): cancel an
 * order awaiting payment, or apply to quit one in effect, with a reason (it then waits in the
 * staff's approval queue). One action at a time; the outcome stays until the next.
 *
 *   idle ─CANCEL | APPLY_QUIT─► working ─► done | failed
 *
 * Whether the action is allowed is the order's lifecycle's to say (lifecycles/orders.ts); the
 * server asks the same machine.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { OrderItem } from '../../contract/order/calls.ts';
import { describeError, type ErrorInfo } from '../errors.ts';
import { notProvided } from '../notProvided.ts';

export type OrderAction =
  { action: 'cancel'; orderId: number } | { action: 'applyQuit'; orderId: number; reason: string };

export interface OrderActionsContext {
  last: OrderAction | null;
  order: OrderItem | null;
  error: ErrorInfo | null;
}

export type OrderActionsEvent =
  | { type: 'CANCEL'; orderId: number }
  | { type: 'APPLY_QUIT'; orderId: number; reason: string }
  | { type: 'DISMISS' };

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
    CANCEL: {
      target: '.working',
      actions: assign({
        last: ({ event }) => ({ action: 'cancel' as const, orderId: event.orderId }),
        error: null,
      }),
    },
    APPLY_QUIT: {
      target: '.working',
      actions: assign({
        last: ({ event }) => ({
          action: 'applyQuit' as const,
          orderId: event.orderId,
          reason: event.reason,
        }),
        error: null,
      }),
    },
    DISMISS: { target: '.idle', actions: assign({ error: null, last: null }) },
  },
  states: {
    idle: {},
    working: {
      // One action at a time: another click waits for this one's answer.
      on: { CANCEL: { actions: [] }, APPLY_QUIT: { actions: [] } },
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
