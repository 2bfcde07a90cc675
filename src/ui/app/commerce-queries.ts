/**
 * Read queries of the order, wallet and card screens (issue 6), on the runtime's SWR cache, as
 * practice-queries.ts does for practice. Every key starts with the member's id, so another login
 * never reads this member's orders; a purchase marks them all stale (the `commerce` tag).
 */
import type { CallResult } from '../../contract/call.ts';
import { aiToken } from '../../contract/ai-token/refs.ts';
import { order as orderApi } from '../../contract/order/refs.ts';
import { wallet } from '../../contract/wallet/refs.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { definedQuery as defined, memberKey } from './defined-query.ts';
import { commerceTag } from './modules/commerce.ts';

export type OrderPage = CallResult<(typeof orderApi)['oj.member.order.queryList']>;
export type WalletPage = CallResult<(typeof wallet)['oj.memberWallet.queryList']>;
export type WalletChangePage = CallResult<
  (typeof wallet)['oj.memberWallet.changedHistory.queryList']
>;
export type AiTokenGoodsPage = CallResult<(typeof aiToken)['oj.aiTokenGoods.queryList']>;

const COMMERCE_PREFIX = 'commerce:';

/** The member's wallet: balance and AI tokens. */
export function myWallet(runtime: Runtime): QueryDef<WalletPage> {
  return defined(
    runtime,
    `${COMMERCE_PREFIX}${memberKey(runtime)}:wallet`,
    () => runtime.transport.call(wallet['oj.memberWallet.queryList'], { body: {} }),
    [commerceTag],
  );
}

/** One page of the member's orders of every kind, newest first. */
export function orderPage(runtime: Runtime, page: number): QueryDef<OrderPage> {
  return defined(
    runtime,
    pageKey(`${COMMERCE_PREFIX}${memberKey(runtime)}:orders`, page),
    () =>
      runtime.transport.call(orderApi['oj.member.order.queryList'], {
        query: { page, size: DEFAULT_PAGE_SIZE },
        body: {},
      }),
    [commerceTag],
  );
}

/** One page of the wallet's history (money and AI tokens), newest first. */
export function walletChangePage(runtime: Runtime, page: number): QueryDef<WalletChangePage> {
  return defined(
    runtime,
    pageKey(`${COMMERCE_PREFIX}${memberKey(runtime)}:walletChanges`, page),
    () =>
      runtime.transport.call(wallet['oj.memberWallet.changedHistory.queryList'], {
        query: { page, size: DEFAULT_PAGE_SIZE },
        body: {},
      }),
    [commerceTag],
  );
}

/** AI token packs on sale. */
export function aiTokenGoods(runtime: Runtime): QueryDef<AiTokenGoodsPage> {
  return defined(runtime, 'aiTokenGoods.queryList', () =>
    runtime.transport.call(aiToken['oj.aiTokenGoods.queryList'], {
      query: { page: 0, size: 50 },
      body: {},
    }),
  );
}
