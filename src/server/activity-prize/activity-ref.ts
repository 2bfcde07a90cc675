/**
 * The activity a prize call is about, as the caller reaches it, and who acts. Every prize, draw
 * and award module starts here, so the reach rule is the activities' own
 * (server/activity/activities.ts readableActivities: staff what they manage, learners what is
 * open to them) and no module writes its own; of the activities helper's tables only
 * `activities` and the view `activity_standings` are read in this folder.
 */
import type { Scope } from '../access/scope.ts';
import { CLOSES_AT, readableActivities } from '../activity/activities.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';

/** Who acts, for the transition records and the ledger. */
export interface Actor {
  userId: number;
  memberId: number;
  requestId: string;
}

export const iso = (column: string, as: string) => `to_json(${column}) #>> '{}' AS "${as}"`;

export interface ActivityRef {
  id: number;
  title: string;
  closesAt: string;
  ended: boolean;
}

/** The activity as the scope reaches it, or NOT_FOUND (another organization's included). */
export async function activityFor(
  db: Queryable,
  scope: Scope,
  activityId: number,
): Promise<ActivityRef> {
  const sql = new SqlParams();
  const where = readableActivities(scope, sql);
  const { rows } = await db.query<ActivityRef>(
    `SELECT a.id, a.title, ${iso(CLOSES_AT, 'closesAt')}, now() >= ${CLOSES_AT} AS ended
       FROM activities a WHERE ${where} AND a.id = ${sql.add(activityId)}`,
    sql.values,
  );
  if (!rows[0]) throw fail('NOT_FOUND', `活动 ${activityId} 不存在`);
  return rows[0];
}

/** Prizes and draws are staff's to manage; a learner only reads and collects. */
export const staffOnly = (scope: Scope) => {
  if (scope.kind === 'learner') throw fail('FORBIDDEN', '学员不能管理奖品');
};
