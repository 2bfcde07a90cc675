/**
 * AI token goods (issue 6): packs of AI assistant tokens for sale. Buying one is an order of
 * kind `aiTokens`; paying it credits the member's token account in the ledger, which the AI
 * assistant spends (issue 10).
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { PUBLICATION_STATES } from '../../machines/lifecycles/publication.ts';
import { defineResource, lifecycleCalls, resourceCalls } from '../resource.ts';
import { orderDetail } from '../order/orders.ts';
import { MAX_PRICE_FEN } from '../money.ts';

export const aiTokenGoodsItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  tokens: z.number().int(),
  priceFen: z.number().int(),
  sort: z.number().int(),
  publication: z.enum(PUBLICATION_STATES),
});
export type AiTokenGoods = z.infer<typeof aiTokenGoodsItem>;

export const AI_TOKEN_GOODS_SORT = ['sort', 'id', 'priceFen', 'tokens'] as const;

const goodsName = z.string().trim().min(1, '商品名称不能为空').max(40, '商品名称最多 40 个字符');
const tokens = f.wholeNumber(1, 100_000_000);
const price = f.wholeNumber(0, MAX_PRICE_FEN);
const goodsFilter = z.strictObject({
  keyword: z.string().trim().max(40).optional(),
  publication: z.enum(PUBLICATION_STATES).optional(),
});

export const aiTokenGoodsResource = defineResource({
  noun: 'AI 额度商品',
  segment: 'aiTokenGoods',
  item: aiTokenGoodsItem,
  listItem: aiTokenGoodsItem,
  simpleItem: aiTokenGoodsItem.pick({ id: true, name: true, tokens: true, priceFen: true }),
  create: z.strictObject({
    name: goodsName,
    description: z.string().trim().max(500).default(''),
    tokens,
    priceFen: price,
    sort: f.wholeNumber(0, 9999).default(0),
  }),
  update: z.strictObject({
    id: f.id,
    name: goodsName.optional(),
    description: z.string().trim().max(500).optional(),
    tokens: tokens.optional(),
    priceFen: price.optional(),
    sort: f.wholeNumber(0, 9999).optional(),
  }),
  filter: goodsFilter,
  sortFields: AI_TOKEN_GOODS_SORT,
});

/** Goods on sale, for learners and teachers. */
const onSale = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '在售的 AI 额度商品',
    query: pageQueryOf(AI_TOKEN_GOODS_SORT),
    body: goodsFilter.pick({ keyword: true }),
    response: pageOf(aiTokenGoodsItem),
  });

export const aiToken = {
  ...resourceCalls(aiTokenGoodsResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: ['create', 'update', 'delete', 'queryById', 'queryList', 'querySimpleList'],
  }),
  ...lifecycleCalls(aiTokenGoodsResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: ['publish', 'unpublish'],
  }),
  ...defineCalls({
    'edms.aiTokenGoods.queryList': onSale('teacher'),
    'oj.aiTokenGoods.queryList': onSale('member'),
    // Not in the catalogue (docs/decisions.md "Orders"): how a learner buys a pack.
    'oj.aiTokenGoods.buy': {
      method: 'POST',
      access: 'member',
      summary: '购买 AI 额度商品：下单（待支付，用 member/order/payment 支付；免费商品直接到账）',
      body: z.strictObject({ id: f.id }),
      response: orderDetail,
    },
  }),
};
