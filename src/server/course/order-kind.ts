/**
 * Paid units and questions as order kinds (server/orders/kinds.ts): bought like a card — paying
 * (or a free order) grants a content_purchases row, quitting with a refund takes it back.
 */
import { order as orderCalls } from '../../contract/order/calls.ts';
import { orderLifecycleOf } from '../../machines/lifecycles/orders.ts';
import type { PoolClient } from '../db/pool.ts';
import { ledgerAccount } from '../ledger/ledger.ts';
import type { DomainOrderKinds, OrderKindBehaviour } from '../orders/kinds.ts';
import type { PaidKind } from '../content-access/paid.ts';

const grant =
  (kind: PaidKind): OrderKindBehaviour['grant'] =>
  async (client, order) => {
    await client.query(
      `INSERT INTO content_purchases (member_id, kind, item_id, order_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (member_id, kind, item_id) DO NOTHING`,
      [order.member_id, kind, order.item_id, order.id],
    );
  };

const revoke: OrderKindBehaviour['revoke'] = async (client: PoolClient, order) => {
  await client.query('DELETE FROM content_purchases WHERE order_id = $1', [order.id]);
};

const contentOrderKind = (kind: PaidKind): OrderKindBehaviour => ({
  lifecycle: orderLifecycleOf(kind),
  // Bought like AI token packs: the provider notifies member/order's paths.
  notifyPaths: {
    paid: orderCalls['bms.member.order.paidNotify'].path,
    refund: orderCalls['bms.member.order.refundNotify'].path,
  },
  payee: () => ledgerAccount.revenue,
  earnsPoints: true,
  grant: grant(kind),
  revoke,
});

export const courseOrderKinds: DomainOrderKinds = {
  chapter: contentOrderKind('chapter'),
  question: contentOrderKind('question'),
};
