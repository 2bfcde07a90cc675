/**
 * Activity prizes (issue 10 item 2): prizes with stock on an activity, the commit-and-reveal
 * draw (./draw.ts) and the awards it writes, moved through lifecycles/prize-award.ts.
 *
 * Which activities a caller reaches is the activities' own rule (server/activity/activities.ts
 * readableActivities: staff what they manage, learners what is open to them); of the activities
 * helper's tables only `activities` and the view `activity_standings` are read here.
 *
 * Every write that depends on the draw not having happened — a prize's change, the draw itself
 * — locks the activity's draw row first, so a draw and a change, or two draws, never interleave:
 * the second waits, then finds the first's outcome.
 */
import type { z } from 'zod';
import type {
  AwardItem,
  DrawInfo,
  LotteryResult,
  PrizeItem,
  ShippingAddressBody,
  awardFilter,
  prizeCreate,
  prizeFilter,
  prizeUpdate,
  shipmentBody,
  AWARD_SORT,
  PRIZE_SORT,
} from '../../contract/activity-prize/calls.ts';
import { DRAW_RULE, TOKENS_RULE } from '../../contract/activity-prize/calls.ts';
import type { PrizeAwardAction } from '../../contract/lifecycle-actions.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { refusalOf } from '../../machines/lifecycles/lifecycle.ts';
import {
  nextAwardState,
  prizeAwardLifecycle,
  type PrizeAwardState,
  type PrizeDelivery,
} from '../../machines/lifecycles/prize-award.ts';
import type { Scope } from '../access/scope.ts';
import { CLOSES_AT, readableActivities } from '../activity/activities.ts';
import { citiesOf, districtsOf, provinces } from '../address/divisions.ts';
import { withTransaction, type Pool, type PoolClient, type Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { containsPattern, orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { validationError } from '../http/validation-error.ts';
import { ledgerAccount, postJournal } from '../ledger/ledger.ts';
import { recordTransition } from '../lifecycle/transition.ts';
import { commitmentOf, drawWinners, newSeed, participantsHashOf } from './draw.ts';

export interface Actor {
  userId: number;
  memberId: number;
  requestId: string;
}

const iso = (column: string, as: string) => `to_json(${column}) #>> '{}' AS "${as}"`;

// ——— activities ———

interface ActivityRef {
  id: number;
  title: string;
  closesAt: string;
  ended: boolean;
}

/** The activity as the scope reaches it, or NOT_FOUND (another organization's included). */
async function activityFor(db: Queryable, scope: Scope, activityId: number): Promise<ActivityRef> {
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
async function drawInfoOf(
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
async function lockForPrizeChange(client: PoolClient, activity: ActivityRef): Promise<void> {
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

// ——— prizes ———

const PRIZE_COLUMNS = `p.id, p.activity_id AS "activityId", a.title AS "activityTitle", p.name,
  p.description, p.delivery, p.tokens, p.sort, p.stock, p.awarded, (p.stock - p.awarded) AS remaining,
  ${iso('p.created_at', 'createdAt')}, ${iso('p.updated_at', 'updatedAt')}`;
const PRIZE_FROM = `FROM activity_prizes p JOIN activities a ON a.id = p.activity_id`;

const prizeSortable: SortColumns<typeof PRIZE_SORT> = {
  sort: 'p.sort',
  stock: 'p.stock',
  createdAt: 'p.created_at',
};

/** A live prize of an activity the scope reaches; `lock` for a change. */
async function prizeRow(db: Queryable, scope: Scope, id: number, lock = false) {
  const sql = new SqlParams();
  const where = readableActivities(scope, sql);
  const { rows } = await db.query<PrizeItem>(
    `SELECT ${PRIZE_COLUMNS} ${PRIZE_FROM}
      WHERE p.status = 'active' AND ${where} AND p.id = ${sql.add(id)}${lock ? ' FOR UPDATE OF p' : ''}`,
    sql.values,
  );
  if (!rows[0]) throw fail('NOT_FOUND', `奖品 ${id} 不存在`);
  return rows[0];
}

export const getPrize = (pool: Pool, scope: Scope, id: number) => prizeRow(pool, scope, id);

type CreateInput = z.output<typeof prizeCreate>;
type UpdateInput = z.output<typeof prizeUpdate>;

const staffOnly = (scope: Scope) => {
  if (scope.kind === 'learner') throw fail('FORBIDDEN', '学员不能管理奖品');
};

export async function createPrize(pool: Pool, scope: Scope, input: CreateInput) {
  staffOnly(scope);
  const id = await withTransaction(pool, async (client) => {
    const activity = await activityFor(client, scope, input.activityId);
    await lockForPrizeChange(client, activity);
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO activity_prizes (activity_id, name, description, delivery, tokens, sort, stock)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        activity.id,
        input.name,
        input.description,
        input.delivery,
        input.tokens ?? null,
        input.sort,
        input.stock,
      ],
    );
    return rows[0]!.id;
  });
  return prizeRow(pool, scope, id);
}

export async function updatePrize(pool: Pool, scope: Scope, input: UpdateInput) {
  staffOnly(scope);
  await withTransaction(pool, async (client) => {
    const prize = await prizeRow(client, scope, input.id);
    await lockForPrizeChange(client, await activityFor(client, scope, prize.activityId));
    // The sent fields over the stored ones: an AI token prize has its tokens, no other has any.
    const delivery = input.delivery ?? prize.delivery;
    const tokens =
      input.tokens !== undefined ? input.tokens : delivery === 'aiTokens' ? prize.tokens : null;
    if ((delivery === 'aiTokens') !== (tokens !== null)) {
      throw validationError([{ field: 'body.tokens', message: TOKENS_RULE }]);
    }
    await client.query(
      `UPDATE activity_prizes SET name = coalesce($2, name), description = coalesce($3, description),
         delivery = $4, tokens = $5, sort = coalesce($6, sort), stock = coalesce($7, stock),
         updated_at = now()
       WHERE id = $1`,
      [
        prize.id,
        input.name ?? null,
        input.description ?? null,
        delivery,
        tokens,
        input.sort ?? null,
        input.stock ?? null,
      ],
    );
  });
  return prizeRow(pool, scope, input.id);
}

export async function deletePrize(pool: Pool, scope: Scope, id: number): Promise<void> {
  staffOnly(scope);
  await withTransaction(pool, async (client) => {
    const prize = await prizeRow(client, scope, id);
    await lockForPrizeChange(client, await activityFor(client, scope, prize.activityId));
    await client.query(
      `UPDATE activity_prizes SET status = 'deleted', updated_at = now() WHERE id = $1`,
      [id],
    );
  });
}

type PrizeFilter = z.output<typeof prizeFilter>;

async function prizeRows(pool: Pool, scope: Scope, filter: PrizeFilter, page: PageQuery) {
  const sql = new SqlParams();
  const clauses = [`p.status = 'active'`, readableActivities(scope, sql)];
  if (filter.activityId) clauses.push(`p.activity_id = ${sql.add(filter.activityId)}`);
  if (filter.name) clauses.push(`p.name ILIKE ${sql.add(containsPattern(filter.name))}`);
  return pagedRows<PrizeItem>(
    pool,
    {
      select: PRIZE_COLUMNS,
      from: `${PRIZE_FROM} WHERE ${clauses.join(' AND ')}`,
      params: sql.values,
      order: orderBy(page, prizeSortable, 'p.activity_id DESC, p.sort', 'p.id'),
    },
    page,
  );
}

/** Prizes, with the activity's draw when the list is of one activity. */
export async function listPrizes(
  pool: Pool,
  scope: Scope,
  filter: PrizeFilter,
  page: PageQuery,
): Promise<Page<PrizeItem> & { draw: DrawInfo | null }> {
  const activity = filter.activityId ? await activityFor(pool, scope, filter.activityId) : null;
  const rows = await prizeRows(pool, scope, filter, page);
  return { ...rows, draw: activity ? await drawInfoOf(pool, activity) : null };
}

export async function simplePrizes(pool: Pool, scope: Scope, filter: PrizeFilter, page: PageQuery) {
  const rows = await prizeRows(pool, scope, filter, page);
  return {
    ...rows,
    content: rows.content.map(({ id, activityId, name, stock }) => ({
      id,
      activityId,
      name,
      stock,
    })),
  };
}

// ——— the draw ———

/**
 * Runs the draw of an activity once, under its draw row's lock. `lazy` (a learner's lottery
 * after the end) runs it only when due and otherwise does nothing; staff get a clear refusal.
 * Answers whether this call drew.
 */
async function drawLocked(
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

// ——— awards ———

const AWARD_COLUMNS = `w.id, w.activity_id AS "activityId", a.title AS "activityTitle",
  w.prize_id AS "prizeId", p.name AS "prizeName", p.delivery, p.tokens,
  w.member_id AS "memberId",
  m.nickname AS "memberNickname", w.place, w.state, w.recipient, w.mobile,
  w.province_code AS "provinceCode", w.city_code AS "cityCode", w.district_code AS "districtCode",
  w.region_names AS "regionNames", w.address_detail AS "addressDetail", w.carrier,
  w.tracking_no AS "trackingNo", ${iso('w.addressed_at', 'addressedAt')},
  ${iso('w.shipped_at', 'shippedAt')}, ${iso('w.collected_at', 'collectedAt')},
  ${iso('w.created_at', 'createdAt')}`;
const AWARD_FROM = `FROM activity_prize_awards w
  JOIN activity_prizes p ON p.id = w.prize_id
  JOIN activities a ON a.id = w.activity_id
  JOIN members m ON m.id = w.member_id`;

/** A learner reaches their own awards; staff those of the activities they manage. */
function awardScope(scope: Scope, sql: SqlParams): string {
  if (scope.kind === 'learner') return `w.member_id = ${sql.add(scope.memberId)}`;
  return readableActivities(scope, sql);
}

async function awardRow(db: Queryable, scope: Scope, id: number, lock = false) {
  const sql = new SqlParams();
  const where = awardScope(scope, sql);
  const { rows } = await db.query<AwardItem>(
    `SELECT ${AWARD_COLUMNS} ${AWARD_FROM} WHERE ${where} AND w.id = ${sql.add(id)}
      ${lock ? 'FOR UPDATE OF w' : ''}`,
    sql.values,
  );
  if (!rows[0]) throw fail('NOT_FOUND', `中奖记录 ${id} 不存在`);
  return rows[0];
}

const awardSortable: SortColumns<typeof AWARD_SORT> = {
  place: 'w.place',
  createdAt: 'w.created_at',
};

export async function listAwards(
  pool: Pool,
  scope: Scope,
  filter: z.output<typeof awardFilter>,
  page: PageQuery,
): Promise<Page<AwardItem>> {
  staffOnly(scope);
  const sql = new SqlParams();
  const clauses = [awardScope(scope, sql)];
  if (filter.activityId) clauses.push(`w.activity_id = ${sql.add(filter.activityId)}`);
  if (filter.prizeId) clauses.push(`w.prize_id = ${sql.add(filter.prizeId)}`);
  if (filter.memberId) clauses.push(`w.member_id = ${sql.add(filter.memberId)}`);
  if (filter.state) clauses.push(`w.state = ${sql.add(filter.state)}`);
  return pagedRows<AwardItem>(
    pool,
    {
      select: AWARD_COLUMNS,
      from: `${AWARD_FROM} WHERE ${clauses.join(' AND ')}`,
      params: sql.values,
      order: orderBy(page, awardSortable, 'w.activity_id DESC, w.place', 'w.id'),
    },
    page,
  );
}

/** What a move writes beside the state: fixed column names, values bound. */
type AwardPatch = Partial<
  Record<
    | 'recipient'
    | 'mobile'
    | 'province_code'
    | 'city_code'
    | 'district_code'
    | 'region_names'
    | 'address_detail'
    | 'carrier'
    | 'tracking_no',
    string
  >
> & { stamp?: 'addressed_at' | 'shipped_at' | 'collected_at' };

/**
 * Moves an award through its lifecycle under its row's lock. A move the machine refuses — a
 * second collect, shipping what has no address, a learner collecting an onsite prize — is
 * TRANSITION_NOT_ALLOWED naming the state and changes nothing.
 */
async function moveAward(
  pool: Pool,
  scope: Scope,
  id: number,
  action: PrizeAwardAction,
  actor: Actor,
  patch: AwardPatch,
): Promise<AwardItem> {
  await withTransaction(pool, async (client) => {
    const award = await awardRow(client, scope, id, true);
    const from = award.state as PrizeAwardState;
    const delivery = award.delivery as PrizeDelivery;
    const by = scope.kind === 'learner' ? 'learner' : 'staff';
    const to = nextAwardState(from, action, delivery, by);
    if (to === null) {
      const hint =
        from === 'won' && action === 'collect' && delivery === 'express'
          ? '：快递奖品请先填写收货地址，收到后再确认收货'
          : from === 'won' && action === 'collect' && delivery === 'onsite'
            ? '：现场领取的奖品由工作人员在现场发放并登记'
            : from === 'won' && action === 'address'
              ? '：该奖品为现场领取，无需填写收货地址'
              : '';
      // The machine's refusal, reported as every lifecycle's is (server/lifecycle/transition.ts).
      throw fail(
        'TRANSITION_NOT_ALLOWED',
        `${refusalOf(prizeAwardLifecycle, from, action)}${hint}`,
        { state: from, action },
      );
    }
    const { stamp, ...columns } = patch;
    const entries = Object.entries(columns);
    const sets = [
      'state = $2',
      'updated_at = now()',
      ...entries.map(([column], i) => `${column} = $${i + 3}`),
      ...(stamp ? [`${stamp} = now()`] : []),
    ];
    await client.query(`UPDATE activity_prize_awards SET ${sets.join(', ')} WHERE id = $1`, [
      id,
      to,
      ...entries.map(([, value]) => value),
    ]);
    if (to === 'collected' && delivery === 'aiTokens' && award.tokens) {
      // Credited once: the move is final, and the journal's key is the award's.
      await postJournal(client, {
        idempotencyKey: `prizeAwardTokens:${award.id}`,
        kind: 'prizeAwardTokens',
        reason: `活动奖品：${award.prizeName}`,
        actorMemberId: actor.memberId,
        requestId: actor.requestId,
        entries: [
          { account: ledgerAccount.aiTokensIssued, amount: -award.tokens },
          { account: ledgerAccount.aiTokens(award.memberId), amount: award.tokens },
        ],
      });
    }
    await recordTransition(
      client,
      'prizeAward',
      { id, action, actor, requestId: actor.requestId },
      from,
      to,
    );
  });
  return awardRow(pool, scope, id);
}

export const collectAward = (pool: Pool, scope: Scope, id: number, actor: Actor) =>
  moveAward(pool, scope, id, 'collect', actor, { stamp: 'collected_at' });

export const shipAward = (
  pool: Pool,
  scope: Scope,
  body: z.output<typeof shipmentBody>,
  actor: Actor,
) =>
  moveAward(pool, scope, body.id, 'ship', actor, {
    carrier: body.carrier,
    tracking_no: body.trackingNo,
    stamp: 'shipped_at',
  });

/**
 * The region of an address, checked against the address service: the city must be the
 * province's, the district the city's. Each refusal names its field.
 */
async function regionNames(body: ShippingAddressBody): Promise<string> {
  const refuse = (field: string, message: string) =>
    validationError([{ field: `body.${field}`, message }]);
  const province = (await provinces()).find((p) => p.code === body.provinceCode);
  if (!province) throw refuse('provinceCode', `省份代码 ${body.provinceCode} 不存在`);
  const city = (await citiesOf(province.code)).find((c) => c.code === body.cityCode);
  if (!city) throw refuse('cityCode', `城市代码 ${body.cityCode} 不属于${province.name}`);
  const district = (await districtsOf(city.code).catch(() => [])).find(
    (d) => d.code === body.districtCode,
  );
  if (!district) {
    throw refuse('districtCode', `区县代码 ${body.districtCode} 不属于${city.name}`);
  }
  // A municipality's city is itself (北京市 北京市): named once.
  return [...new Set([province.name, city.name, district.name])].join(' ');
}

export async function addressAward(
  pool: Pool,
  scope: Scope,
  body: ShippingAddressBody,
  actor: Actor,
): Promise<AwardItem> {
  const region = await regionNames(body);
  return moveAward(pool, scope, body.id, 'address', actor, {
    recipient: body.recipient,
    mobile: body.mobile,
    province_code: body.provinceCode,
    city_code: body.cityCode,
    district_code: body.districtCode,
    region_names: region,
    address_detail: body.detail,
    stamp: 'addressed_at',
  });
}

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
