/**
 * The checkout's effects: the order calls over the transport (each forwarding the actor's abort
 * signal), opening the provider's page, and telling the rest of the app that something was
 * bought. Failures show inside the pay dialog, so they skip the red notification.
 */
import { fromPromise } from 'xstate';
import { aiToken } from '../../contract/ai-token/refs.ts';
import { course } from '../../contract/course/refs.ts';
import { membership } from '../../contract/membership/refs.ts';
import type { OrderItem } from '../../contract/order/calls.ts';
import { order as orderApi } from '../../contract/order/refs.ts';
import { wallet } from '../../contract/wallet/refs.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import type { checkoutMachine, PayStart, Purchase } from './machine.ts';

export interface CheckoutDeps {
  transport: Transport;
  /** Opens the provider's checkout page beside the app (a new window or tab). */
  openWindow: (url: string) => void;
  /** Something was bought: cards, wallet and order lists reload. */
  onPaid: (order: OrderItem) => void;
}

type Implementations = FeatureImplementations<typeof checkoutMachine>;

/** The calls that pay an order and read it back: the learner's own, or a parent's for a child. */
export interface PaymentCalls {
  payment: (typeof orderApi)['oj.member.order.payment'];
  queryById: (typeof orderApi)['oj.member.order.queryById'];
}

/**
 * What every checkout does the same way whoever pays: pay the order through `calls`, read it
 * back while the provider's page is open, open that page, and tell the app once it is paid.
 */
export function paymentImplementations(
  { transport, openWindow, onPaid }: CheckoutDeps,
  calls: PaymentCalls,
): { actors: Omit<Implementations['actors'], 'placeOrder'>; actions: Implementations['actions'] } {
  return {
    actors: {
      pay: fromPromise(({ input, signal }) =>
        transport.call(calls.payment, {
          body: { id: input.orderId, method: input.method },
          skipErrorHandler: true,
          signal,
        }),
      ),
      loadOrder: fromPromise(({ input, signal }) =>
        transport.call(calls.queryById, {
          query: { id: input.orderId },
          skipErrorHandler: true,
          signal,
        }),
      ),
    },
    actions: {
      openCheckout: (_, { url }) => openWindow(url),
      paid: (_, { order }) => onPaid(order),
    },
  };
}

export function createCheckoutImplementations(deps: CheckoutDeps): Implementations {
  const { actors, actions } = paymentImplementations(deps, {
    payment: orderApi['oj.member.order.payment'],
    queryById: orderApi['oj.member.order.queryById'],
  });
  return {
    actors: {
      placeOrder: fromPromise(({ input, signal }) => place(input, deps.transport, signal)),
      ...actors,
    },
    actions,
  };
}

/** Places the order for what is bought; a recharge answers with its checkout at once. */
async function place(
  input: Purchase,
  transport: Transport,
  signal: AbortSignal,
): Promise<PayStart> {
  switch (input.kind) {
    case 'recharge':
      return transport.call(wallet['oj.memberWallet.recharge'], {
        body: { amountFen: input.amountFen },
        skipErrorHandler: true,
        signal,
      });
    case 'membership':
      return {
        order: await transport.call(membership['oj.membership.order.create'], {
          body: { membershipId: input.itemId },
          skipErrorHandler: true,
          signal,
        }),
        payment: null,
      };
    case 'chapter':
    case 'question':
      return {
        order: await transport.call(course[`oj.${input.kind}.buy`], {
          query: { id: input.itemId },
          skipErrorHandler: true,
          signal,
        }),
        payment: null,
      };
    case 'aiTokens':
      return {
        order: await transport.call(aiToken['oj.aiTokenGoods.buy'], {
          body: { id: input.itemId },
          skipErrorHandler: true,
          signal,
        }),
        payment: null,
      };
    case 'childMembership':
      // A child's card is renewed from the parent's checkout (child-checkout/).
      throw new Error('为孩子续卡请在「我的孩子」中操作');
  }
}
