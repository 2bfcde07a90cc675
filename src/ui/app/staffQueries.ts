/**
 * Read queries of the back office (issue 6 item 6), on the runtime's SWR cache. Every key starts
 * with `staff:` and the member's id, so another login never reads them, and a staff write marks
 * them all stale (isStaffKey).
 */
import type { CallBody, CallResult } from '../../contract/call.ts';
import { aiToken } from '../../contract/ai-token/refs.ts';
import { membership } from '../../contract/membership/refs.ts';
import { order as orderApi } from '../../contract/order/refs.ts';
import { wallet } from '../../contract/wallet/refs.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { definedQuery as defined, memberKey } from './definedQuery.ts';

export type StaffOrderFilter = CallBody<(typeof orderApi)['bms.member.order.queryList']>;
export type StaffOrderPage = CallResult<(typeof orderApi)['bms.member.order.queryList']>;
export type StaffOrderDetail = CallResult<(typeof orderApi)['bms.member.order.queryById']>;
export type StaffCardPage = CallResult<(typeof membership)['membership.queryList']>;
export type StaffRightPage = CallResult<(typeof membership)['bms.right.queryList']>;
export type StaffGoodsPage = CallResult<(typeof aiToken)['bms.aiTokenGoods.queryList']>;
export type StaffWalletPage = CallResult<(typeof wallet)['bms.memberWallet.queryList']>;
export type StaffWalletChanges = CallResult<
  (typeof wallet)['bms.memberWallet.changedHistory.queryList']
>;
export type ManageOrderPage = CallResult<(typeof membership)['edms.membership.order.queryList']>;

const STAFF_PREFIX = 'staff:';

export const isStaffKey = (key: string): boolean => key.startsWith(STAFF_PREFIX);

/** A back-office query, keyed under `staff:` and the member's id. */
const staffQuery = <T>(runtime: Runtime, key: string, fetch: () => Promise<T>): QueryDef<T> =>
  defined(runtime, `${STAFF_PREFIX}${memberKey(runtime)}:${key}`, fetch);

/** One page of every order, filtered; also the approval queue's lists (by state). */
export function staffOrders(
  runtime: Runtime,
  filter: StaffOrderFilter,
  page: number,
): QueryDef<StaffOrderPage> {
  return staffQuery(runtime, pageKey(`orders:${JSON.stringify(filter)}`, page), () =>
    runtime.transport.call(orderApi['bms.member.order.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: filter,
    }),
  );
}

export function staffOrder(runtime: Runtime, id: number): QueryDef<StaffOrderDetail> {
  return staffQuery(runtime, `order:${id}`, () =>
    runtime.transport.call(orderApi['bms.member.order.queryById'], { query: { id } }),
  );
}

/** Every card, drafts and unpublished ones too. */
export function staffCards(runtime: Runtime): QueryDef<StaffCardPage> {
  return staffQuery(runtime, 'cards', () =>
    runtime.transport.call(membership['membership.queryList'], {
      query: { page: 0, size: 100, sort: 'sort,asc' },
      body: {},
    }),
  );
}

export function staffRights(runtime: Runtime): QueryDef<StaffRightPage> {
  return staffQuery(runtime, 'rights', () =>
    runtime.transport.call(membership['bms.right.queryList'], {
      query: { page: 0, size: 100, sort: 'sort,asc' },
      body: {},
    }),
  );
}

export function staffGoods(runtime: Runtime): QueryDef<StaffGoodsPage> {
  return staffQuery(runtime, 'aiTokenGoods', () =>
    runtime.transport.call(aiToken['bms.aiTokenGoods.queryList'], {
      query: { page: 0, size: 100, sort: 'sort,asc' },
      body: {},
    }),
  );
}

export function staffWallets(
  runtime: Runtime,
  keyword: string,
  page: number,
): QueryDef<StaffWalletPage> {
  return staffQuery(runtime, pageKey(`wallets:${keyword}`, page), () =>
    runtime.transport.call(wallet['bms.memberWallet.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: keyword ? { keyword } : {},
    }),
  );
}

export function staffWalletChanges(
  runtime: Runtime,
  memberId: number,
): QueryDef<StaffWalletChanges> {
  return staffQuery(runtime, `walletChanges:${memberId}`, () =>
    runtime.transport.call(wallet['bms.memberWallet.changedHistory.queryList'], {
      query: { page: 0, size: 50 },
      body: { memberId },
    }),
  );
}

/** A coach's organization's card orders. */
export function manageOrders(runtime: Runtime, page: number): QueryDef<ManageOrderPage> {
  return staffQuery(runtime, pageKey('manageOrders', page), () =>
    runtime.transport.call(membership['edms.membership.order.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: {},
    }),
  );
}
