/**
 * A child's 动态 for their parent (issue 25 item 11). The platform has no messages for learners
 * yet (a messages domain, issue 27, will carry them), so the lines are derived from the child's
 * own records, read through the same reads as the child's screens under the child's scope:
 * homework given and graded, exam results out, orders, and the decisions on quit applications.
 */
import type { FeedItem } from '../../contract/parent/schemas.ts';
import { LIFECYCLE_ACTION_VERBS } from '../../contract/lifecycle-actions.ts';
import { ORDER_KINDS } from '../../contract/order/orders.ts';
import { orderStateName } from '../../machines/lifecycles/orders.ts';
import type { Scope } from '../access/scope.ts';
import type { Queryable } from '../db/pool.ts';
import { listSittings } from '../exam/sittings.ts';
import { listEnrollments } from '../homework/enrollments.ts';
import { listOrders } from '../orders/rows.ts';

/** How many of each record, and how many lines in all. */
const EACH = 20;
const LINES = 40;

/** Staff decisions on a quit application the parent hears of. */
const QUIT_DECISIONS = ['passQuit', 'rejectQuit', 'finishQuit', 'forceQuit'] as const;

const line = (item: Pick<FeedItem, 'kind' | 'at' | 'subject'> & Partial<FeedItem>): FeedItem => ({
  gradeName: null,
  score: null,
  maxScore: null,
  amountFen: null,
  stateName: null,
  reason: null,
  ...item,
});

export async function childFeed(db: Queryable, child: Scope): Promise<FeedItem[]> {
  const page = { page: 0, size: EACH };
  const [homework, sittings, orders] = await Promise.all([
    listEnrollments(db, child, {}, page),
    listSittings(db, child, {}, page),
    listOrders(db, child, ORDER_KINDS, {}, page),
  ]);
  const lines: FeedItem[] = [];
  for (const h of homework.content) {
    lines.push(
      line({ kind: 'homework', at: h.createdAt, subject: h.homeworkTitle, gradeName: h.gradeName }),
    );
    if (h.score !== null && h.settledAt) {
      lines.push(
        line({
          kind: 'homeworkResult',
          at: h.settledAt,
          subject: h.homeworkTitle,
          gradeName: h.gradeName,
          score: h.score,
          maxScore: h.maxScore,
        }),
      );
    }
  }
  for (const s of sittings.content) {
    // The score is shown to the learner once results are out; the parent sees what they see.
    if (s.score === null) continue;
    lines.push(
      line({
        kind: 'examResult',
        at: s.completedAt ?? s.startedAt,
        subject: s.examName,
        score: s.score,
        maxScore: s.maxScore,
      }),
    );
  }
  for (const o of orders.content) {
    lines.push(
      line({
        kind: 'order',
        at: o.createdAt,
        subject: o.itemName,
        amountFen: o.amountFen,
        stateName: orderStateName(o),
      }),
    );
  }
  const ids = orders.content.map((o) => o.id);
  if (ids.length > 0) {
    const decisions = await db.query<{
      action: (typeof QUIT_DECISIONS)[number];
      reason: string | null;
      created_at: Date;
      item_name: string;
    }>(
      `SELECT t.action, t.reason, t.at AS created_at, o.item_name
         FROM lifecycle_transitions t JOIN orders o ON o.id = t.entity_id
        WHERE t.entity = 'order' AND t.entity_id = ANY($1::int[]) AND t.action = ANY($2::text[])
        ORDER BY t.id DESC LIMIT ${EACH}`,
      [ids, QUIT_DECISIONS],
    );
    for (const d of decisions.rows) {
      lines.push(
        line({
          kind: 'quit',
          at: d.created_at.toISOString(),
          subject: d.item_name,
          stateName: LIFECYCLE_ACTION_VERBS[d.action],
          reason: d.reason,
        }),
      );
    }
  }
  return lines.sort((a, b) => b.at.localeCompare(a.at)).slice(0, LINES);
}
