/**
 * Activity enrollment (issue 10 item 1) as an enrollable kind (enrollment/enrollable.ts): an
 * order of kind `activity`. A learner enrolls in a published activity until it ends or is
 * stopped; staff enroll learners one by one or in batch, free unless they ask to charge the fee,
 * in an activity they manage that passed review and is not over. An enrollment reads with its
 * standing (the view activity_standings); the ranking is the activity's own. What its orders
 * refuse and admit under the activity's row lock is ./order-kind.ts's.
 */
import type { Page, PageQuery } from '../../contract/paging.ts';
import {
  activity as calls,
  type ActivityEnrollItem,
  type RankingRow,
  type Standing,
} from '../../contract/activity/calls.ts';
import {
  ACTIVITY_OPEN,
  activityLifecycle,
  isReviewedActivity,
} from '../../machines/lifecycles/activity.ts';
import { HOLDS_PLACE } from '../../machines/lifecycles/enrollment.ts';
import { learnerScope, type Scope } from '../access/scope.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { defineEnrollable } from '../enrollment/enrollable.ts';
import { enrollmentCallsOf } from '../enrollment/handlers.ts';
import {
  itemEnrollments,
  orderColumns,
  type EnrollmentFilter,
  type EnrollRow,
} from '../enrollment/item-enrollments.ts';
import { fail } from '../http/app-error.ts';
import type { HandlerContext } from '../http/handler.ts';
import { pagedRows } from '../http/paging.ts';
import { detailOf } from '../orders/handlers.ts';
import { ownOrders, toOrderItem } from '../orders/rows.ts';
import {
  managedActivity,
  openActivities,
  readActivityRow,
  readOrderedActivity,
  type ActivityRow,
} from './activities.ts';
import { activityOrderHooks } from './order-kind.ts';

interface StandingRow {
  order_id: number;
  score: number;
  completed: boolean;
  finished_at: Date | null;
  rank: number | null;
}
const toStanding = (s: StandingRow): Standing => ({
  score: s.score,
  completed: s.completed,
  finishedAt: s.finished_at?.toISOString() ?? null,
  rank: s.rank,
});

/**
 * The standings of enrollments (only those holding a place have one). A learner reads no rank,
 * not even their own, in an activity that hides its ranking.
 */
async function standingsOf(db: Queryable, reader: Scope, orderIds: number[]) {
  const { rows } = await db.query<StandingRow>(
    `SELECT s.order_id, s.score, s.completed, s.finished_at,
            CASE WHEN $2 AND NOT a.show_ranking THEN NULL ELSE s.rank END AS rank
       FROM activity_standings s JOIN activities a ON a.id = s.activity_id
      WHERE s.activity_id IN (SELECT item_id FROM orders WHERE id = ANY($1::int[]))
        AND s.order_id = ANY($1::int[])`,
    [orderIds, reader.kind === 'learner'],
  );
  return new Map(rows.map((r) => [r.order_id, toStanding(r)]));
}

async function withStandings(
  db: Queryable,
  reader: Scope,
  rows: EnrollRow[],
): Promise<ActivityEnrollItem[]> {
  const standings = await standingsOf(
    db,
    reader,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...toOrderItem(r),
    activityId: r.item_id ?? 0,
    mobile: r.mobile,
    standing: standings.get(r.id) ?? null,
  }));
}

/**
 * The enrollments the scope may read (access/predicates.ts learnerRowsIn): a learner their
 * own; in an organization's activities its admin all and its teachers their students'; the
 * platform all. An organization's staff do not read enrollments in the platform's activities.
 */
const enrollments = itemEnrollments({
  kind: 'activity',
  itemField: 'activityId',
  items: 'activities a',
  runBy: { organization: 'a.organization_id' },
  toItems: withStandings,
  export: {
    file: '活动报名名单.xlsx',
    sheet: '报名名单',
    columns: orderColumns<ActivityEnrollItem>('活动', {
      afterPaid: [
        { header: '得分', value: (i) => i.standing?.score ?? '' },
        { header: '名次', value: (i) => i.standing?.rank ?? '' },
        { header: '完成', value: (i) => (i.standing ? (i.standing.completed ? '是' : '否') : '') },
      ],
    }),
  },
});

export const activityEnrollable = defineEnrollable({
  kind: 'activity',
  itemField: 'activityId',
  item: (a: ActivityRow) => ({ id: a.id, name: a.title, priceFen: a.price_fen }),
  /** Published, not over. */
  learner: {
    async admit(db, learner, activityId) {
      const sql = new SqlParams();
      const where = openActivities(learner.memberId, sql);
      const found = await db.query<{ state: string; ended: boolean }>(
        `SELECT a.state, (a.stopped_at IS NOT NULL OR now() >= a.end_at) AS ended
         FROM activities a WHERE ${where} AND a.id = ${sql.add(activityId)}`,
        sql.values,
      );
      const row = found.rows[0];
      if (!row) throw fail('NOT_FOUND', `活动 ${activityId} 不存在`);
      if (row.ended || row.state === 'stopped') throw fail('CONFLICT', '活动已结束，不能报名');
      if (row.state !== ACTIVITY_OPEN) throw fail('CONFLICT', '活动未发布，不能报名');
      return readActivityRow(db, learner, activityId);
    },
    alreadyEnrolled: '已报名该活动，请勿重复报名',
  },
  staff: {
    /**
     * Theirs to manage, passed review (a place opens its content to the learner), not over.
     * The order hook `admit` (./order-kind.ts) checks the review again under the row lock.
     */
    async admit(db, scope, id) {
      if (scope.kind === 'learner') throw fail('FORBIDDEN', '学员不能为他人报名');
      const row = await managedActivity(db, scope, id);
      if (row.phase === 'ended') throw fail('CONFLICT', '活动已结束，不能报名');
      if (!isReviewedActivity(row.state)) {
        throw fail(
          'CONFLICT',
          `活动当前为「${activityLifecycle.states[row.state]}」，通过审核后才能报名`,
        );
      }
      return row;
    },
    alreadyEnrolled: '该学员已报名这个活动',
  },
  enrollments: {
    ...enrollments,
    async export(db: Queryable, scope: Scope, filter: EnrollmentFilter<'activityId'>) {
      if (filter.activityId) await readActivityRow(db, scope, filter.activityId);
      return enrollments.export(db, scope, filter);
    },
  },
  calls: enrollmentCallsOf(calls, 'activityEnroll'),
  /** The bms refund and queryById answer as the activity's own handlers do (./handlers.ts). */
  answersOwn: ['refund', 'queryById'],
  order: activityOrderHooks,

  async statistics(db, scope, activityId) {
    await readActivityRow(db, scope, activityId);
    const counts = await enrollments.counts(db, scope, activityId);
    // The standings counted are those of enrollments the scope reads (a teacher: their students').
    const seen = new SqlParams();
    const visible = enrollments.visible(scope, seen);
    const standings = await db.query<{
      participated: number;
      completed: number;
      average: string | null;
      highest: number | null;
    }>(
      `SELECT count(*) FILTER (WHERE s.score > 0 OR s.completed)::int AS participated,
              count(*) FILTER (WHERE s.completed)::int AS completed,
              avg(s.score) AS average, max(s.score) AS highest
         FROM activity_standings s JOIN orders o ON o.id = s.order_id
        WHERE ${visible} AND s.activity_id = ${seen.add(activityId)}`,
      seen.values,
    );
    const st = standings.rows[0]!;
    return {
      activityId,
      ...counts,
      participated: st.participated,
      completed: st.completed,
      averageScore: st.average === null ? null : Math.round(Number(st.average) * 10) / 10,
      highestScore: st.highest,
    };
  },

  async mineStatistics(db, memberId) {
    const { rows } = await db.query<{
      enrolled: number;
      completed: number;
      best: number | null;
    }>(
      `SELECT (SELECT count(*) FROM orders o WHERE o.kind = 'activity' AND o.member_id = $1
                 AND o.deleted_at IS NULL AND o.state = ANY($2::text[]))::int AS enrolled,
              count(*) FILTER (WHERE s.completed)::int AS completed,
              min(s.rank) FILTER (WHERE a.kind = 'contest' AND a.show_ranking) AS best
         FROM activity_standings s JOIN activities a ON a.id = s.activity_id
        WHERE s.member_id = $1`,
      [memberId, HOLDS_PLACE],
    );
    const r = rows[0]!;
    return { enrolled: r.enrolled, completed: r.completed, bestRank: r.best };
  },

  /**
   * The learner's enrollment with the activity and their standing. The activity is read as the
   * order's holder reads it, not through the list's visibility rule: a cancelled order of an
   * activity unpublished since is still theirs to see.
   */
  async mine(ctx: HandlerContext, id: number) {
    const auth = ctx.requireAuth();
    const learner = learnerScope(auth);
    const order = await detailOf(ctx.services, ownOrders(auth), ['activity'], id);
    const item = await readOrderedActivity(ctx.services.pool, learner, order.itemId ?? 0);
    const standing = (await standingsOf(ctx.services.pool, learner, [id])).get(id) ?? null;
    return { order, activity: item, standing };
  },
});

/**
 * The ranking of an activity (queryMemberListSortByScore): staff of the activity read it whole;
 * a learner reads it when the activity shows its ranking and they may see the activity.
 */
export async function ranking(
  db: Queryable,
  scope: Scope,
  activityId: number,
  page: PageQuery,
): Promise<Page<RankingRow>> {
  const activity = await readActivityRow(db, scope, activityId);
  if (scope.kind === 'learner' && !activity.show_ranking) {
    throw fail('FORBIDDEN', '该活动不公开排名');
  }
  const result = await pagedRows<{
    rank: number;
    member_id: number;
    member_name: string;
    organization_name: string;
    order_id: number;
    score: number;
    completed: boolean;
    finished_at: Date | null;
  }>(
    db,
    {
      select: `s.rank, s.member_id, m.nickname AS member_name, org.name AS organization_name,
        s.order_id, s.score, s.completed, s.finished_at`,
      from: `FROM activity_standings s JOIN members m ON m.id = s.member_id
        JOIN organizations org ON org.id = m.organization_id WHERE s.activity_id = $1`,
      params: [activityId],
      order: 's.rank, s.order_id',
    },
    page,
  );
  return {
    ...result,
    content: result.content.map((r) => ({
      rank: r.rank,
      memberId: r.member_id,
      memberName: r.member_name,
      organizationName: r.organization_name,
      enrollId: r.order_id,
      score: r.score,
      completed: r.completed,
      finishedAt: r.finished_at?.toISOString() ?? null,
    })),
  };
}
