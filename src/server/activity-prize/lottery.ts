/**
 * The learner's lottery result: the one call that both reads the draw and may run it (the lazy
 * draw after the activity's end, through ./draw-lock.ts), and then reads the learner's award
 * (./awards.ts); apart so that neither of those modules depends on the other.
 */
import type { LotteryResult } from '../../contract/activity-prize/calls.ts';
import type { Scope } from '../access/scope.ts';
import { withTransaction, type Pool } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { activityFor, type Actor } from './activity-ref.ts';
import { awardRow } from './awards.ts';
import { drawInfoOf, drawLocked } from './draw-lock.ts';

/**
 * The learner's result. The first lottery after the activity's end runs the draw (the same
 * locked path as staff); every other caller, before or after, only reads — a drawn activity is
 * seen without taking the lock.
 */
export async function lottery(
  pool: Pool,
  scope: Scope,
  activityId: number,
  actor: Actor,
): Promise<LotteryResult> {
  const activity = await activityFor(pool, scope, activityId);
  let draw = await drawInfoOf(pool, activity);
  if (!draw) throw fail('NOT_FOUND', `活动「${activity.title}」没有奖品`);
  if (!draw.drawn && activity.ended) {
    await withTransaction(pool, (client) => drawLocked(client, activity, actor, true));
    draw = (await drawInfoOf(pool, activity))!;
  }
  const { rows } = await pool.query<{ id: number }>(
    `SELECT id FROM activity_prize_awards WHERE activity_id = $1 AND member_id = $2`,
    [activityId, scope.memberId],
  );
  const award = rows[0] ? await awardRow(pool, scope, rows[0].id) : null;
  return {
    activityId,
    result: !draw.drawn ? 'pending' : award ? 'won' : 'lost',
    participated: draw.participants?.includes(scope.memberId) ?? false,
    award,
    draw,
  };
}
