/**
 * AI token goods (contract/ai-token/calls.ts): staff write packs and publish them; learners and
 * teachers read those on sale; buying one places an order of kind `aiTokens` (server/orders/).
 */
import type { z } from 'zod';
import { aiToken } from '../../contract/ai-token/calls.ts';
import type {
  AI_TOKEN_GOODS_SORT,
  AiTokenGoods,
  aiTokenGoodsResource,
} from '../../contract/ai-token/calls.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { actionsOf } from '../../contract/resource.ts';
import { publicationOf } from '../../machines/lifecycles/publication.ts';
import type { Queryable } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { handle } from '../http/handler.ts';
import { orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { resourceHandlers, type ResourceStore } from '../http/resource.ts';
import { refuseDuplicate } from '../http/unique.ts';
import { lifecycleHandlers } from '../lifecycle/handlers.ts';
import { placeGoodsHandler } from '../orders/handlers.ts';
import { ownOrders } from '../orders/rows.ts';

interface GoodsRow {
  id: number;
  name: string;
  description: string;
  tokens: number;
  price_fen: number;
  sort: number;
  publication: AiTokenGoods['publication'];
}
const COLUMNS = 'g.id, g.name, g.description, g.tokens, g.price_fen, g.sort, g.publication';
const toGoods = (r: GoodsRow): AiTokenGoods => ({
  id: r.id,
  name: r.name,
  description: r.description,
  tokens: r.tokens,
  priceFen: r.price_fen,
  sort: r.sort,
  publication: r.publication,
});
const sortable: SortColumns<typeof AI_TOKEN_GOODS_SORT> = {
  sort: 'g.sort',
  id: 'g.id',
  priceFen: 'g.price_fen',
  tokens: 'g.tokens',
};
type Filter = z.output<typeof aiTokenGoodsResource.filter>;

async function listGoods(
  db: Queryable,
  filter: Filter,
  page: PageQuery,
): Promise<Page<AiTokenGoods>> {
  const rows = await pagedRows<GoodsRow>(
    db,
    {
      select: COLUMNS,
      from: `FROM ai_token_goods g WHERE ($1::text IS NULL OR strpos(g.name, $1) > 0)
        AND ($2::text IS NULL OR g.publication = $2)`,
      params: [filter.keyword ?? null, filter.publication ?? null],
      order: orderBy(page, sortable, 'g.sort ASC', 'g.id ASC'),
    },
    page,
  );
  return { ...rows, content: rows.content.map(toGoods) };
}

async function findGoods(db: Queryable, id: number): Promise<AiTokenGoods> {
  const found = await db.query<GoodsRow>(
    `SELECT ${COLUMNS} FROM ai_token_goods g WHERE g.id = $1`,
    [id],
  );
  if (!found.rows[0]) throw fail('NOT_FOUND', `AI 额度商品 ${id} 不存在`);
  return toGoods(found.rows[0]);
}

const store: ResourceStore<
  unknown,
  z.output<typeof aiTokenGoodsResource.create>,
  z.output<typeof aiTokenGoodsResource.update>,
  Filter,
  AiTokenGoods,
  AiTokenGoods,
  Pick<AiTokenGoods, 'id' | 'name' | 'tokens' | 'priceFen'>
> = {
  async create({ services }, input) {
    const inserted = await refuseDuplicate(
      () =>
        services.pool.query<{ id: number }>(
          `INSERT INTO ai_token_goods (name, description, tokens, price_fen, sort)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [input.name, input.description, input.tokens, input.priceFen, input.sort],
        ),
      'body.name',
      '已有同名商品',
    );
    return findGoods(services.pool, inserted.rows[0]!.id);
  },
  async update({ services }, input) {
    await findGoods(services.pool, input.id);
    await refuseDuplicate(
      () =>
        services.pool.query(
          `UPDATE ai_token_goods SET name = coalesce($2, name),
             description = coalesce($3, description), tokens = coalesce($4, tokens),
             price_fen = coalesce($5, price_fen), sort = coalesce($6, sort), updated_at = now()
           WHERE id = $1`,
          [
            input.id,
            input.name ?? null,
            input.description ?? null,
            input.tokens ?? null,
            input.priceFen ?? null,
            input.sort ?? null,
          ],
        ),
      'body.name',
      '已有同名商品',
    );
    return findGoods(services.pool, input.id);
  },
  async remove({ services }, id) {
    await findGoods(services.pool, id);
    const used = await services.pool.query(
      `SELECT 1 FROM orders WHERE kind = 'aiTokens' AND item_id = $1 LIMIT 1`,
      [id],
    );
    if (used.rowCount !== 0) throw fail('CONFLICT', '该商品已有订单，不能删除；可以下架');
    await services.pool.query('DELETE FROM ai_token_goods WHERE id = $1', [id]);
  },
  get: ({ services }, id) => findGoods(services.pool, id),
  list: ({ services }, filter, page) => listGoods(services.pool, filter, page),
  simpleList: async ({ services }, filter, page) => {
    const rows = await listGoods(services.pool, filter, page);
    return {
      ...rows,
      content: rows.content.map(({ id, name, tokens, priceFen }) => ({
        id,
        name,
        tokens,
        priceFen,
      })),
    };
  },
};

const bms = actionsOf(aiToken, 'bms', 'aiTokenGoods');
const platform = () => ({});

export const aiTokenHandlers = [
  ...resourceHandlers(bms, store, platform),
  ...lifecycleHandlers(
    bms,
    publicationOf('AI 额度商品'),
    { entity: 'aiTokenGoods', table: 'ai_token_goods', column: 'publication' },
    {
      authorize: async ({ services }, id) => void (await findGoods(services.pool, id)),
      read: ({ services }, id) => findGoods(services.pool, id),
    },
    platform,
  ),
  handle(aiToken['edms.aiTokenGoods.queryList'], (ctx) =>
    listGoods(ctx.services.pool, { ...ctx.body, publication: 'published' }, ctx.query),
  ),
  handle(aiToken['oj.aiTokenGoods.queryList'], (ctx) =>
    listGoods(ctx.services.pool, { ...ctx.body, publication: 'published' }, ctx.query),
  ),
  placeGoodsHandler(
    aiToken['oj.aiTokenGoods.buy'],
    'aiTokens',
    'self',
    { onSaleOnly: true, cardTypes: ['0', '1'] },
    ownOrders,
  ),
];
