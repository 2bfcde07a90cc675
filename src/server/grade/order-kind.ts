/**
 * A class enrollment as an order kind (server/orders/kinds.ts), the hooks its definition
 * (./enrollable.ts) gives: paying (or a free class) puts the learner on the roster (and gives
 * them the class's open homework), quitting takes them off it; a full class admits nobody; the
 * fees already settled as consumed lessons stay with the organization when a quit is refunded.
 */
import type { PoolClient } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import type { EnrollmentOrderHooks } from '../enrollment/order-kind.ts';
import { HOLDS_PLACE } from '../../machines/lifecycles/enrollment.ts';
import { assignOpenHomework } from '../homework/order-kind.ts';

/** Fen settled (consumed lessons) on one class enrollment. */
export async function settledFen(client: Pick<PoolClient, 'query'>, orderId: number) {
  const { rows } = await client.query<{ fen: number }>(
    `SELECT coalesce(sum(amount_fen), 0)::int AS fen FROM member_grade_settlements
      WHERE order_id = $1 AND deleted_at IS NULL`,
    [orderId],
  );
  return rows[0]!.fen;
}

/**
 * The enrollments that take a seat: those holding a place, and those awaiting payment — two
 * learners cannot both reserve the last seat and then both pay. An unpaid enrollment frees its
 * seat when cancelled.
 */
export const SEAT_STATES: readonly string[] = [...HOLDS_PLACE, 'awaitingPayment'];

export const gradeOrderHooks: EnrollmentOrderHooks = {
  grant: async (client, order) => {
    await client.query(
      `INSERT INTO grade_members (grade_id, member_id, order_id) VALUES ($1, $2, $3)
       ON CONFLICT (grade_id, member_id) DO UPDATE SET order_id = EXCLUDED.order_id`,
      [order.item_id, order.member_id, order.id],
    );
    await assignOpenHomework(client, order.item_id!, order.member_id);
  },
  revoke: async (client, order) => {
    await client.query(
      'DELETE FROM grade_members WHERE grade_id = $1 AND member_id = $2 AND order_id = $3',
      [order.item_id, order.member_id, order.id],
    );
  },
  // Places are counted under the class's row lock: two last-seat enrollments cannot both win.
  // The count is a statement of its own, after the lock: one statement's snapshot is taken
  // before it waits for the lock, so a count inside it would miss the place just taken.
  admit: async (client, order) => {
    const { rows } = await client.query<{ capacity: number | null }>(
      'SELECT capacity FROM grades WHERE id = $1 FOR UPDATE',
      [order.itemId],
    );
    const capacity = rows[0]?.capacity ?? null;
    if (capacity === null) return;
    const taken = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE kind = 'grade' AND item_id = $1
          AND deleted_at IS NULL AND state = ANY($2::text[])`,
      [order.itemId, SEAT_STATES],
    );
    if (taken.rows[0]!.n >= capacity) throw fail('CONFLICT', `班级名额已满（${capacity} 人）`);
  },
  kept: (client, orderId) => settledFen(client, orderId),
};
