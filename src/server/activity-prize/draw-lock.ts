/**
 * The activity's draw row and the lock on it (docs/decisions/activities-and-prizes.md "Once,
 * under concurrency"): every write that depends on the draw not having happened — a prize's
 * change, the staff draw, the learner's lazy draw — locks this row first, so a draw and a
 * change, or two draws, never interleave: the second waits, then finds the first's outcome.
 * Kept apart from the prizes and awards so that the one lock and the one draw are in one place;
 * the draw's arithmetic is ./draw.ts (pure).
 */
import { sendMessage } from '../messages/send.ts';
import type { DrawInfo } from '../../contract/activity-prize/calls.ts';
import { DRAW_RULE } from '../../contract/activity-prize/calls.ts';
import type { Scope } from '../access/scope.ts';
import { CLOSES_AT } from '../activity/activities.ts';
import { withTransaction, type Pool, type PoolClient, type Queryable } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { activityFor, iso, staffOnly, type ActivityRef, type Actor } from './activity-ref.ts';
import { commitmentOf, drawWinners, newSeed, participantsHashOf } from './draw.ts';

interface DrawRow {
  seed: string;
  commitment: string;
  drawnAt: string | null;
  participants: number[] | null;
}

const DRAW_COLUMNS = `d.seed, d.commitment, ${iso('d.drawn_at', 'drawnAt')}, d.participants`;

async function lockDraw(client: PoolClient, activityId: number): Promise<DrawRow | undefined> {
  const { rows } = await client.query<DrawRow>(
    `SELECT ${DRAW_COLUMNS} FROM activity_prize_draws d WHERE d.activity_id = $1 FOR UPDATE`,
    [activityId],
  );
  return rows[0];
}

/** The draw as anyone may read it: the seed only once it was used. */
export async function drawInfoOf(
  db: Queryable,
  activity: ActivityRef,
  known?: DrawRow,
): Promise<DrawInfo | null> {
  const row =
    known ??
    (
      await db.query<DrawRow>(
        `SELECT ${DRAW_COLUMNS} FROM activity_prize_draws d WHERE d.activity_id = $1`,
        [activity.id],
      )
    ).rows[0];
  if (!row) return null;
  const drawn = row.drawnAt !== null;
  const winners = drawn
    ? (
        await db.query<{ place: number; memberId: number; prizeId: number }>(
          `SELECT place, member_id AS "memberId", prize_id AS "prizeId"
             FROM activity_prize_awards WHERE activity_id = $1 ORDER BY place`,
          [activity.id],
        )
      ).rows
    : null;
  return {
    activityId: activity.id,
    rule: DRAW_RULE,
    commitment: row.commitment,
    drawn,
    seed: drawn ? row.seed : null,
    drawnAt: row.drawnAt,
    participants: drawn ? row.participants : null,
    participantsHash: drawn ? participantsHashOf(row.participants ?? []) : null,
    winners,
    drawableFrom: activity.closesAt,
  };
}

/**
 * Locks the activity's draw row for a change of its prizes, creating it (and its secret seed)
 * with the first prize. Refused once the activity is over or drawn: the inputs of the draw are
 * fixed before anyone can know the standings.
 */
export async function lockForPrizeChange(client: PoolClient, activity: ActivityRef): Promise<void> {
  const seed = newSeed();
  await client.query(
    `INSERT INTO activity_prize_draws (activity_id, seed, commitment) VALUES ($1, $2, $3)
     ON CONFLICT (activity_id) DO NOTHING`,
    [activity.id, seed, commitmentOf(seed)],
  );
  const draw = await lockDraw(client, activity.id);
  if (draw?.drawnAt) throw fail('CONFLICT', `活动「${activity.title}」已开奖，奖品不能再修改`);
  const { rows } = await client.query<{ ended: boolean }>(
    `SELECT now() >= ${CLOSES_AT} AS ended FROM activities a WHERE a.id = $1`,
    [activity.id],
  );
  if (rows[0]?.ended) throw fail('CONFLICT', `活动「${activity.title}」已结束，奖品不能再修改`);
}

/**
 * Runs the draw of an activity once, under its draw row's lock. `lazy` (a learner's lottery
 * after the end) runs it only when due and otherwise does nothing; staff get a clear refusal.
 * Answers whether this call drew.
 */
export async function drawLocked(
  client: PoolClient,
  activity: ActivityRef,
  actor: Actor,
  lazy: boolean,
): Promise<boolean> {
  const draw = await lockDraw(client, activity.id);
  const refuse = (message: string) => {
    if (lazy) return false;
    throw fail('CONFLICT', message);
  };
  if (!draw) return refuse(`活动「${activity.title}」没有奖品，无需开奖`);
  if (draw.drawnAt)
    return refuse(`活动「${activity.title}」已于 ${draw.drawnAt} 开奖，不能重复开奖`);
  const { rows: clock } = await client.query<{ ended: boolean }>(
    `SELECT now() >= ${CLOSES_AT} AS ended FROM activities a WHERE a.id = $1`,
    [activity.id],
  );
  if (!clock[0]?.ended) return refuse(`活动「${activity.title}」尚未结束，结束后才能开奖`);
  const { rows: prizes } = await client.query<{ id: number; sort: number; stock: number }>(
    `SELECT id, sort, stock FROM activity_prizes
      WHERE activity_id = $1 AND status = 'active' ORDER BY sort, id FOR UPDATE`,
    [activity.id],
  );
  if (prizes.length === 0) return refuse(`活动「${activity.title}」没有奖品，无需开奖`);
  const { rows: eligible } = await client.query<{ memberId: number }>(
    `SELECT DISTINCT member_id AS "memberId" FROM activity_standings
      WHERE activity_id = $1 AND completed ORDER BY 1`,
    [activity.id],
  );
  const participants = eligible.map((r) => r.memberId);
  const winners = drawWinners(draw.seed, activity.id, participants, prizes);
  if (winners.length > 0) {
    await client.query(
      `INSERT INTO activity_prize_awards (activity_id, prize_id, member_id, place, state)
       SELECT $1, w.prize_id, w.member_id, w.place, 'won'
         FROM unnest($2::int[], $3::int[], $4::int[]) AS w (prize_id, member_id, place)`,
      [
        activity.id,
        winners.map((w) => w.prizeId),
        winners.map((w) => w.memberId),
        winners.map((w) => w.place),
      ],
    );
    const { rows: names } = await client.query<{ id: number; name: string }>(
      'SELECT id, name FROM activity_prizes WHERE activity_id = $1',
      [activity.id],
    );
    const prizeName = new Map(names.map((p) => [p.id, p.name]));
    for (const w of winners) {
      await sendMessage(client, {
        memberId: w.memberId,
        kind: 'prizeAwarded',
        title: `你在活动「${activity.title}」中获奖`,
        body: `第 ${w.place} 名：${prizeName.get(w.prizeId) ?? '奖品'}，请到活动页领取`,
        link: '/activity',
      });
    }
    // The CHECK (awarded <= stock) refuses the whole draw rather than oversell.
    await client.query(
      `UPDATE activity_prizes p SET awarded = p.awarded + c.n, updated_at = now()
         FROM (SELECT prize_id, count(*)::int AS n FROM activity_prize_awards
                WHERE activity_id = $1 GROUP BY prize_id) c
        WHERE p.id = c.prize_id`,
      [activity.id],
    );
  }
  await client.query(
    `UPDATE activity_prize_draws SET drawn_at = now(), drawn_by_member_id = $2, participants = $3
      WHERE activity_id = $1`,
    [activity.id, actor.memberId, participants],
  );
  return true;
}

/** Staff start the draw: once; a second start is CONFLICT and changes nothing. */
export async function startDraw(
  pool: Pool,
  scope: Scope,
  activityId: number,
  actor: Actor,
): Promise<DrawInfo> {
  staffOnly(scope);
  const activity = await activityFor(pool, scope, activityId);
  await withTransaction(pool, (client) => drawLocked(client, activity, actor, false));
  return (await drawInfoOf(pool, activity))!;
}
