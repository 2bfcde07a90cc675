/**
 * Paying for something (issue 6 item 5): a card, an AI token pack or a wallet recharge, from the
 * pay dialog of /vipCardList, /order and /user/wallet.
 *
 *   idle ─BUY─► placing ─► choosing ─CHOOSE─► paying ─► paid            (wallet: at once)
 *                  │                              └──► awaitingProvider (checkout opened)
 *                  └── (a recharge comes back with its checkout) ──► awaitingProvider
 *   idle ─PAY (an order awaiting payment)─► choosing
 *   awaitingProvider ─(every POLL_MS, or CHECK)─► polling ─► paid | awaitingProvider | closed
 *
 * The order is paid only when the server says so (the provider's signed notification reached
 * it); the dialog asks the server, never the checkout window. Whether the order still awaits
 * payment is its lifecycle's to say (lifecycles/orders.ts), not a state compared here. All
 * effects are provided; timers are `after` delays, so a recorded purchase replays exactly.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { OrderItem, PaymentItem } from '../../contract/order/orders.ts';
import { describeError, type ErrorInfo } from '../errors.ts';
import { awaitsPayment } from '../lifecycles/orders.ts';
import { notProvided } from '../not-provided.ts';

export type Purchase =
  | { kind: 'membership'; itemId: number }
  | { kind: 'aiTokens'; itemId: number }
  | { kind: 'chapter'; itemId: number }
  | { kind: 'question'; itemId: number }
  | { kind: 'recharge'; amountFen: number }
  /** A parent renewing a child's card (issue 25 item 11): the order is the child's. */
  | { kind: 'childMembership'; childId: number; itemId: number };

export type PayMethod = 'wallet' | 'provider';

/** What placing or paying answers: the order now, and a checkout when the provider is to pay. */
export interface PayStart {
  order: OrderItem;
  payment: PaymentItem | null;
}

export interface CheckoutContext {
  purchase: Purchase | null;
  order: OrderItem | null;
  payment: PaymentItem | null;
  method: PayMethod | null;
  /** How many times the order was asked for since the checkout opened. */
  polls: number;
  error: ErrorInfo | null;
}

export type CheckoutEvent =
  | { type: 'BUY'; purchase: Purchase }
  | { type: 'PAY'; order: OrderItem }
  | { type: 'CHOOSE'; method: PayMethod }
  | { type: 'OPEN_CHECKOUT' }
  | { type: 'CHECK' }
  | { type: 'RETRY' }
  | { type: 'CLOSE' };

/** How often the dialog asks whether the order is paid, and for how long (a checkout's life). */
export const POLL_MS = 2_000;
export const MAX_POLLS = 450;

const initialContext: CheckoutContext = {
  purchase: null,
  order: null,
  payment: null,
  method: null,
  polls: 0,
  error: null,
};

/** The order is paid: its lifecycle no longer waits for money, and money came. */
const settled = (order: OrderItem) => !awaitsPayment(order) && order.paidFen > 0;

/** 前往收银台: opens the provider's page in the click itself (a popup needs the user's gesture). */
const openCheckoutOnClick = {
  actions: {
    type: 'openCheckout' as const,
    params: ({ context }: { context: CheckoutContext }) => ({ url: context.payment!.checkoutUrl }),
  },
};

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
  },
  actors: {
    placeOrder: fromPromise<PayStart, Purchase>(notProvided('placeOrder')),
    pay: fromPromise<PayStart, { orderId: number; method: PayMethod }>(notProvided('pay')),
    loadOrder: fromPromise<OrderItem, { orderId: number }>(notProvided('loadOrder')),
  },
  actions: {
    /** Opens the provider's checkout page (in the click that asked for it). */
    openCheckout: (_, _params: { url: string }) => undefined,
    /** The order is paid: whatever shows what it bought reloads. */
    paid: (_, _params: { order: OrderItem }) => undefined,
  },
  guards: {
    outOfTime: ({ context }) => context.polls + 1 >= MAX_POLLS,
  },
}).createMachine({
  id: 'checkout',
  context: initialContext,
  initial: 'idle',
  on: {
    CLOSE: { target: '.idle', actions: assign(initialContext) },
  },
  states: {
    idle: {
      on: {
        BUY: {
          target: 'placing',
          actions: assign({ ...initialContext, purchase: ({ event }) => event.purchase }),
        },
        PAY: {
          target: 'choosing',
          actions: assign({ ...initialContext, order: ({ event }) => event.order }),
        },
      },
    },
    placing: {
      invoke: {
        id: 'placeOrder',
        src: 'placeOrder',
        input: ({ context }) => context.purchase!,
        onDone: [
          {
            guard: ({ event }) => event.output.payment !== null,
            target: 'awaitingProvider',
            actions: assign({
              order: ({ event }) => event.output.order,
              payment: ({ event }) => event.output.payment,
              method: 'provider',
            }),
          },
          {
            guard: ({ event }) => !awaitsPayment(event.output.order),
            target: 'paid',
            actions: assign({ order: ({ event }) => event.output.order }),
          },
          { target: 'choosing', actions: assign({ order: ({ event }) => event.output.order }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => describeError(event.error) }),
        },
      },
    },
    choosing: {
      on: {
        CHOOSE: {
          target: 'paying',
          actions: assign({ method: ({ event }) => event.method, error: null }),
        },
      },
    },
    paying: {
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context }) => ({ orderId: context.order!.id, method: context.method! }),
        onDone: [
          {
            guard: ({ event }) => event.output.payment !== null,
            target: 'awaitingProvider',
            actions: assign({
              order: ({ event }) => event.output.order,
              payment: ({ event }) => event.output.payment,
              polls: 0,
            }),
          },
          { target: 'paid', actions: assign({ order: ({ event }) => event.output.order }) },
        ],
        // A short balance or a refused state: say why and let the learner choose again.
        onError: {
          target: 'choosing',
          actions: assign({ error: ({ event }) => describeError(event.error) }),
        },
      },
    },
    awaitingProvider: {
      after: { [POLL_MS]: 'polling' },
      on: { OPEN_CHECKOUT: openCheckoutOnClick, CHECK: 'polling' },
    },
    // The button shows while a poll runs too: a click then must open the page, not be dropped.
    polling: {
      on: { OPEN_CHECKOUT: openCheckoutOnClick },
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.order!.id }),
        onDone: [
          {
            guard: ({ event }) => settled(event.output),
            target: 'paid',
            actions: assign({ order: ({ event }) => event.output }),
          },
          {
            guard: 'outOfTime',
            target: 'expired',
            actions: assign({ order: ({ event }) => event.output }),
          },
          {
            guard: ({ event }) => awaitsPayment(event.output),
            target: 'awaitingProvider',
            actions: assign({
              order: ({ event }) => event.output,
              polls: ({ context }) => context.polls + 1,
            }),
          },
          { target: 'closed', actions: assign({ order: ({ event }) => event.output }) },
        ],
        // A dropped request is not an answer: keep waiting.
        onError: {
          target: 'awaitingProvider',
          actions: assign({ polls: ({ context }) => context.polls + 1 }),
        },
      },
    },
    paid: {
      entry: { type: 'paid', params: ({ context }) => ({ order: context.order! }) },
    },
    /** The order was cancelled while the checkout was open. */
    closed: {},
    /** The checkout's time ran out unpaid; paying again opens a new one. */
    expired: {
      on: { RETRY: { target: 'choosing', actions: assign({ payment: null, polls: 0 }) } },
    },
    failed: {
      on: { RETRY: { target: 'placing', actions: assign({ error: null }) } },
    },
  },
});
