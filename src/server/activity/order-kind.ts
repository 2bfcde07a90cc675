/**
 * An activity enrollment as an order kind (server/orders/kinds.ts), the hooks its definition
 * (./enrollable.ts) gives, and stopping's side of its orders: the order is the place
 * (the standings view reads it), so paying grants nothing more and quitting takes nothing back.
 * A full activity admits nobody, counted under the activity's row lock; a quit is refused once
 * the activity has started (results are on the board by then); paying is refused once the
 * activity is stopped, over or deleted (the place would be worth nothing and could not be quit).
 */
import { orderLifecycleOf } from '../../machines/lifecycles/orders.ts';
import {
  activityLifecycle,
  isReviewedActivity,
  type ActivityState,
} from '../../machines/lifecycles/activity.ts';
import { isFinalState } from '../../machines/lifecycles/lifecycle.ts';
import type { PoolClient } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import type { EnrollmentOrderHooks } from '../enrollment/order-kind.ts';
import { transitionRow } from '../lifecycle/transition.ts';
import { ORDER_ROWS } from '../orders/rows.ts';
import { SEAT_STATES } from '../grade/order-kind.ts';

interface ActivityWindow {
  state: string;
  status: string;
  over: boolean;
  started: boolean;
  capacity: number | null;
}

const WINDOW_SQL = `SELECT state, status, capacity, now() >= coalesce(stopped_at, end_at) AS over,
    now() >= start_at AS started FROM activities WHERE id = $1`;

/** Why money can no longer buy a place in the activity, or null. */
function notPayable(a: ActivityWindow | undefined): string | null {
  if (!a || a.status !== 'active') return '活动已删除，不能支付';
  if (isFinalState(activityLifecycle, a.state as ActivityState)) return '活动已停止，不能支付';
  if (a.over) return '活动已结束，不能支付';
  return null;
}

/**
 * Why nobody may take a new place in the activity, or null: what a concurrent staff action can
 * change (deleted, stopped, sent back to review), read under the row lock. The clock's end is
 * checked by the callers (enroll.ts), since the demo seed records places in a past contest.
 */
function notAdmitting(a: ActivityWindow | undefined): string | null {
  if (!a || a.status !== 'active') return '活动不存在或已删除';
  if (isFinalState(activityLifecycle, a.state as ActivityState)) return '活动已停止，不能报名';
  if (!isReviewedActivity(a.state)) return '活动尚未通过审核，不能报名';
  return null;
}

/**
 * Stopping an activity cancels its enrollments still awaiting payment (in the stop's own
 * transaction) and closes their checkouts; answers the payment numbers to close at the provider.
 * An order paid a moment before keeps its place: the row lock orders the two, and `FOR UPDATE`
 * re-reads the state after waiting.
 */
export async function cancelAwaitingPayment(
  client: PoolClient,
  activityId: number,
  request: { actor: { userId: number; memberId: number }; requestId: string },
): Promise<string[]> {
  const { rows } = await client.query<{ id: number }>(
    `SELECT id FROM orders WHERE kind = 'activity' AND item_id = $1 AND deleted_at IS NULL
        AND state = 'awaitingPayment' ORDER BY id FOR UPDATE`,
    [activityId],
  );
  const lifecycle = orderLifecycleOf('activity');
  for (const { id } of rows) {
    await transitionRow(client, lifecycle, ORDER_ROWS, {
      id,
      action: 'cancel',
      reason: '活动已停止',
      ...request,
    });
  }
  const closed = await client.query<{ payment_no: string }>(
    `UPDATE payments SET status = 'closed' WHERE order_id = ANY($1::int[]) AND status = 'pending'
     RETURNING payment_no`,
    [rows.map((r) => r.id)],
  );
  return closed.rows.map((r) => r.payment_no);
}

export const activityOrderHooks: EnrollmentOrderHooks = {
  refuse: async (client, order, action) => {
    if (action === 'pay' || action === 'setPaid') {
      const { rows } = await client.query<ActivityWindow>(WINDOW_SQL, [order.item_id]);
      const why = notPayable(rows[0]);
      if (why) throw fail('CONFLICT', why);
      return;
    }
    if (action !== 'applyQuit') return;
    const { rows } = await client.query<ActivityWindow>(WINDOW_SQL, [order.item_id]);
    const a = rows[0];
    if (!a || a.started || isFinalState(activityLifecycle, a.state as ActivityState)) {
      throw fail('CONFLICT', '活动已开始或已结束，不能退出');
    }
  },
  // The lock comes first and the count after it, in its own statement: under READ COMMITTED
  // that count sees every enrollment committed by whoever held the lock before. The window is
  // read under the same lock, so a stop committed meanwhile is seen here.
  admit: async (client, order) => {
    const locked = await client.query<ActivityWindow>(`${WINDOW_SQL} FOR UPDATE`, [order.itemId]);
    const a = locked.rows[0];
    const why = notAdmitting(a);
    if (why) throw fail('CONFLICT', why);
    const capacity = a!.capacity;
    if (capacity === null) return;
    const { rows } = await client.query<{ taken: number }>(
      `SELECT count(*)::int AS taken FROM orders WHERE kind = 'activity' AND item_id = $1
          AND deleted_at IS NULL AND state = ANY($2::text[])`,
      [order.itemId, SEAT_STATES],
    );
    if (rows[0]!.taken >= capacity) throw fail('CONFLICT', `活动名额已满（${capacity} 人）`);
  },
};
