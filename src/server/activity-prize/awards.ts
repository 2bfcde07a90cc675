/**
 * What the draw gave a learner (an award) and its way to them: listed for staff, moved through
 * lifecycles/prize-award.ts — addressed, shipped, collected — under the award row's own lock, and
 * credited once when it is AI tokens. Apart from the prizes and the draw: after the draw nothing
 * here takes the draw row's lock.
 */
import type { z } from 'zod';
import type {
  AwardItem,
  ShippingAddressBody,
  awardFilter,
  shipmentBody,
  AWARD_SORT,
} from '../../contract/activity-prize/calls.ts';
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
import { readableActivities } from '../activity/activities.ts';
import { withTransaction, type Pool, type Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { ledgerAccount, postJournal } from '../ledger/ledger.ts';
import { recordTransition } from '../lifecycle/transition.ts';
import { iso, staffOnly, type Actor } from './activity-ref.ts';
import { regionNames } from './regions.ts';

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

export async function awardRow(db: Queryable, scope: Scope, id: number, lock = false) {
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
