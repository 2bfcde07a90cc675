/**
 * A membership card as an order kind (server/orders/kinds.ts): bought, paying (or a free card)
 * grants the card's days, quitting ends the card.
 */
import { membership } from '../../contract/membership/calls.ts';
import { orderLifecycleOf } from '../../machines/lifecycles/orders.ts';
import { ledgerAccount } from '../ledger/ledger.ts';
import type { DomainOrderKinds } from '../orders/kinds.ts';
import { endCard, grantCard } from './grants.ts';

export const membershipOrderKinds: DomainOrderKinds = {
  membership: {
    lifecycle: orderLifecycleOf('membership'),
    notifyPaths: {
      paid: membership['bms.membership.order.paidNotify'].path,
      refund: membership['bms.membership.order.refundNotify'].path,
    },
    payee: () => ledgerAccount.revenue,
    earnsPoints: true,
    grant: (client, order) =>
      grantCard(client, {
        orderId: order.id,
        memberId: order.member_id,
        membershipId: order.item_id!,
        days: order.item_units!,
      }),
    revoke: (client, order) => endCard(client, order.id),
  },
};
