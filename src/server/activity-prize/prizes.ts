/**
 * An activity's prizes with their stock (issue 10 item 2): staff create, change and delete them
 * while the activity runs and before its draw — each change under the draw row's lock
 * (./draw-lock.ts) — and everyone lists them with the activity's draw.
 */
import type { z } from 'zod';
import type {
  DrawInfo,
  PrizeItem,
  prizeCreate,
  prizeFilter,
  prizeUpdate,
  PRIZE_SORT,
} from '../../contract/activity-prize/calls.ts';
import { TOKENS_RULE } from '../../contract/activity-prize/calls.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import type { Scope } from '../access/scope.ts';
import { readableActivities } from '../activity/activities.ts';
import { withTransaction, type Pool, type Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { containsPattern, orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { validationError } from '../http/validation-error.ts';
import { activityFor, iso, staffOnly } from './activity-ref.ts';
import { drawInfoOf, lockForPrizeChange } from './draw-lock.ts';

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
