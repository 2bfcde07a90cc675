/**
 * An activity enrollment as an order kind (server/orders/kinds.ts): the order is the place
 * (the standings view reads it), so paying grants nothing more and quitting takes nothing back.
 * A full activity admits nobody, counted under the activity's row lock; a quit is refused once
 * the activity has started (results are on the board by then).
 */
import { activity } from '../../contract/activity/calls.ts';
import { orderLifecycleOf } from '../../machines/lifecycles/orders.ts';
import { fail } from '../http/app-error.ts';
import { ledgerAccount } from '../ledger/ledger.ts';
import type { OrderKindBehaviour } from '../orders/kinds.ts';
import { SEAT_STATES } from '../grade/order-kind.ts';

export const activityOrderKind: OrderKindBehaviour = {
  lifecycle: orderLifecycleOf('activity'),
  notifyPaths: {
    paid: activity['bms.activityEnroll.paidNotify'].path,
    refund: activity['bms.activityEnroll.refundNotify'].path,
  },
  payee: () => ledgerAccount.revenue,
  earnsPoints: true,
  grant: async () => undefined,
  revoke: async () => undefined,
  refuse: async (client, order, action) => {
    if (action !== 'applyQuit') return;
    const { rows } = await client.query<{ started: boolean }>(
      `SELECT (now() >= start_at OR state = 'stopped') AS started FROM activities WHERE id = $1`,
      [order.item_id],
    );
    if (rows[0]?.started) throw fail('CONFLICT', '活动已开始或已结束，不能退出');
  },
  // The lock comes first and the count after it, in its own statement: under READ COMMITTED
  // that count sees every enrollment committed by whoever held the lock before.
  admit: async (client, order) => {
    const locked = await client.query<{ capacity: number | null }>(
      'SELECT capacity FROM activities WHERE id = $1 FOR UPDATE',
      [order.itemId],
    );
    const capacity = locked.rows[0]?.capacity ?? null;
    if (capacity === null) return;
    const { rows } = await client.query<{ taken: number }>(
      `SELECT count(*)::int AS taken FROM orders WHERE kind = 'activity' AND item_id = $1
          AND deleted_at IS NULL AND state = ANY($2::text[])`,
      [order.itemId, SEAT_STATES],
    );
    if (rows[0]!.taken >= capacity) throw fail('CONFLICT', `活动名额已满（${capacity} 人）`);
  },
};
