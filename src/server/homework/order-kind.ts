/**
 * Homework as an order kind (server/orders/kinds.ts), the hooks its definition (./enrollable.ts)
 * gives: each assigned learner holds a free order of kind `homework`; its grant writes their
 * homework_enrolls row. And the class's side of it: a learner who joins a class is assigned the
 * class's homework still open.
 */
import type { PoolClient } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import type { EnrollmentOrderHooks } from '../enrollment/order-kind.ts';
import { ORDER_ROWS } from '../orders/rows.ts';

/** When homework closes: the end of its late window, or its due time. */
export const CLOSES_AT = 'coalesce(h.late_until, h.due_at)';

export const homeworkOrderHooks: EnrollmentOrderHooks = {
  earnsPoints: false,
  grant: async (client, order) => {
    await client.query(
      `INSERT INTO homework_enrolls (order_id, homework_id, member_id) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [order.id, order.item_id, order.member_id],
    );
  },
  // An excused learner's answers stay on record (revoke takes nothing back); settling skips
  // them (their order is quit).
  refuse: async (client, order, action) => {
    if (action !== 'applyQuit') return;
    const { rows } = await client.query(
      'SELECT 1 FROM homeworks WHERE id = $1 AND settled_at IS NOT NULL',
      [order.item_id],
    );
    if (rows.length > 0) throw fail('CONFLICT', '作业已结算，不能退出');
  },
};

/**
 * A learner who joins a class inherits its published homework still open to the whole class
 * (group homework waits for their groups: setGroups then a batch). Runs in the joining
 * transaction: free orders written in the state a free `enroll` leads to, each with its
 * transition record (the learner as actor), as placeOrder would.
 */
export async function assignOpenHomework(client: PoolClient, gradeId: number, memberId: number) {
  await client.query(
    `WITH open AS (
       SELECT h.id, h.title FROM homeworks h
        WHERE h.grade_id = $1 AND h.deleted_at IS NULL AND h.state = 'published'
          AND h.settled_at IS NULL AND cardinality(h.groups) = 0 AND ${CLOSES_AT} > now()
          AND NOT EXISTS (SELECT 1 FROM homework_enrolls he
                           WHERE he.homework_id = h.id AND he.member_id = $2)),
     placed AS (
       INSERT INTO orders (kind, member_id, organization_id, item_id, item_name, amount_fen,
                           state, remark)
       SELECT 'homework', $2, m.organization_id, open.id, open.title, 0, 'enrolled',
              '加入班级时布置'
         FROM open, members m WHERE m.id = $2
       RETURNING id, item_id),
     recorded AS (
       INSERT INTO lifecycle_transitions (entity, entity_id, action, from_state, to_state,
                                          actor_user_id, actor_member_id, reason, request_id)
       SELECT $3, placed.id, 'enroll', 'none', 'enrolled', m.user_id, m.id, '加入班级时布置',
              'grade-join'
         FROM placed, members m WHERE m.id = $2)
     INSERT INTO homework_enrolls (order_id, homework_id, member_id)
     SELECT id, item_id, $2 FROM placed`,
    [gradeId, memberId, ORDER_ROWS.entity],
  );
}
