/**
 * A parent paying a child's order (issue 25 item 11) runs the very checkout machine the learner
 * pays with (checkout/machine.ts: choose wallet or provider, wait for the provider's word), with
 * the parent's calls: the money leaves the parent's wallet, the order stays the child's. A
 * parent pays the child's orders (PAY) and renews the child's card (BUY a `childMembership`:
 * oj/parent/membership/order/create places the child's order, then the dialog asks how to
 * pay); nothing else is bought here.
 */
import { fromPromise } from 'xstate';
import type { OrderItem } from '../../contract/order/calls.ts';
import { parent as api } from '../../contract/parent/refs.ts';
import type { Transport } from '../../transport/client.ts';
import { paymentImplementations } from '../checkout/implementations.ts';
import type { checkoutMachine } from '../checkout/machine.ts';
import type { FeatureImplementations } from '../implementations.ts';

export interface ChildCheckoutDeps {
  transport: Transport;
  openWindow: (url: string) => void;
  /** The child's order was paid: the parent's wallet and the child's lists reload. */
  onPaid: (order: OrderItem) => void;
  /** A renewal placed the child's order: the child's lists show it while the dialog is open. */
  onPlaced: () => void;
}

export function createChildCheckoutImplementations(
  deps: ChildCheckoutDeps,
): FeatureImplementations<typeof checkoutMachine> {
  const { transport, onPlaced } = deps;
  const { actors, actions } = paymentImplementations(deps, {
    payment: api['oj.parent.member.order.payment'],
    queryById: api['oj.parent.member.order.queryById'],
  });
  return {
    actors: {
      placeOrder: fromPromise(async ({ input, signal }) => {
        if (input.kind !== 'childMembership') {
          throw new Error('家长只为孩子支付订单或续卡');
        }
        const order = await transport.call(api['oj.parent.membership.order.create'], {
          body: { childId: input.childId, membershipId: input.itemId },
          skipErrorHandler: true,
          signal,
        });
        onPlaced();
        return { order, payment: null };
      }),
      ...actors,
    },
    actions,
  };
}
