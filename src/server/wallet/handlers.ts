/**
 * Wallets (contract/wallet/calls.ts): balances and history read from the ledger, staff
 * adjustments written to it with their reason, and recharges as orders paid through the
 * provider (server/orders/).
 */
import type { z } from 'zod';
import { wallet } from '../../contract/wallet/calls.ts';
import type {
  WALLET_CHANGE_SORT,
  WALLET_SORT,
  walletChange,
  WalletItem,
} from '../../contract/wallet/calls.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { withTransaction, type Queryable } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { handle, type CallShape, type HandlerContext } from '../http/handler.ts';
import { orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { balanceOf, ledgerAccount, postJournal } from '../ledger/ledger.ts';
import { placeOrder, startCheckout } from '../orders/flow.ts';
import { NO_ONLINE_PAYMENT } from '../payments/service.ts';
import { detailOf, flowOf, orderHandlers } from '../orders/handlers.ts';
import { notifyHandlers } from '../orders/handlers.ts';
import { allOrders, listOrders, ownOrders } from '../orders/rows.ts';

type WalletScope = { kind: 'platform' } | { kind: 'member'; memberId: number };
const RECHARGE = ['recharge'] as const;

interface WalletRow {
  member_id: number;
  member_name: string;
  mobile: string | null;
  organization_name: string;
  balance_fen: string;
  ai_tokens: string;
  closed: boolean;
}
const WALLET_COLUMNS = `m.id AS member_id, m.nickname AS member_name, u.mobile,
  org.name AS organization_name,
  coalesce((SELECT balance FROM ledger_accounts WHERE id = 'wallet:' || m.id), 0) AS balance_fen,
  coalesce((SELECT balance FROM ledger_accounts WHERE id = 'aiTokens:' || m.id), 0) AS ai_tokens,
  coalesce((SELECT closed_at IS NOT NULL FROM wallets w WHERE w.member_id = m.id), false) AS closed`;
const WALLET_FROM = `FROM members m JOIN users u ON u.id = m.user_id
  JOIN organizations org ON org.id = m.organization_id`;
const walletSortable: SortColumns<typeof WALLET_SORT> = {
  id: 'm.id',
  balanceFen: 'balance_fen',
  aiTokens: 'ai_tokens',
};

const toWallet = (r: WalletRow): WalletItem => ({
  id: r.member_id,
  memberId: r.member_id,
  memberName: r.member_name,
  mobile: r.mobile,
  organizationName: r.organization_name,
  balanceFen: Number(r.balance_fen),
  aiTokens: Number(r.ai_tokens),
  status: r.closed ? 'closed' : 'open',
});

async function listWallets(
  db: Queryable,
  scope: WalletScope,
  filter: {
    memberId?: number | undefined;
    keyword?: string | undefined;
    status?: 'open' | 'closed' | undefined;
  },
  page: PageQuery,
): Promise<Page<WalletItem>> {
  const params = [
    scope.kind === 'member' ? scope.memberId : (filter.memberId ?? null),
    filter.keyword ?? null,
    filter.status ?? null,
  ];
  const rows = await pagedRows<WalletRow>(
    db,
    {
      select: WALLET_COLUMNS,
      from: `${WALLET_FROM} WHERE ($1::int IS NULL OR m.id = $1)
        AND ($2::text IS NULL OR strpos(m.nickname, $2) > 0 OR strpos(u.username, $2) > 0
             OR strpos(coalesce(u.mobile, ''), $2) > 0)
        AND ($3::text IS NULL OR $3 = CASE WHEN EXISTS (SELECT 1 FROM wallets w
              WHERE w.member_id = m.id AND w.closed_at IS NOT NULL) THEN 'closed' ELSE 'open' END)`,
      params,
      order: orderBy(page, walletSortable, 'm.id ASC', 'm.id ASC'),
    },
    page,
  );
  return { ...rows, content: rows.content.map(toWallet) };
}

async function walletOf(db: Queryable, memberId: number): Promise<WalletItem> {
  const found = await db.query<WalletRow>(
    `SELECT ${WALLET_COLUMNS} ${WALLET_FROM} WHERE m.id = $1`,
    [memberId],
  );
  if (!found.rows[0]) throw fail('NOT_FOUND', `会员 ${memberId} 不存在`);
  return toWallet(found.rows[0]);
}

type Change = z.input<typeof walletChange>;
const changeSortable: SortColumns<typeof WALLET_CHANGE_SORT> = { id: 'e.id' };

async function listChanges(
  db: Queryable,
  scope: WalletScope,
  filter: {
    memberId?: number | undefined;
    unit?: 'fen' | 'aiToken' | undefined;
    kind?: string | undefined;
  },
  page: PageQuery,
): Promise<Page<Change>> {
  const params = [
    scope.kind === 'member' ? scope.memberId : (filter.memberId ?? null),
    filter.unit ?? null,
    filter.kind ?? null,
  ];
  const rows = await pagedRows<{
    id: string;
    member_id: number;
    unit: 'fen' | 'aiToken';
    amount: string;
    balance_after: string;
    kind: string;
    reason: string | null;
    order_id: number | null;
    order_no: string | null;
    created_at: Date;
  }>(
    db,
    {
      select: `e.id, a.member_id, a.unit, e.amount, e.balance_after, j.kind, j.reason, j.order_id,
        o.order_no, j.created_at`,
      from: `FROM ledger_entries e
        JOIN ledger_accounts a ON a.id = e.account_id
        JOIN ledger_journals j ON j.id = e.journal_id
        LEFT JOIN orders o ON o.id = j.order_id
        WHERE a.member_id IS NOT NULL AND ($1::int IS NULL OR a.member_id = $1)
          AND ($2::text IS NULL OR a.unit = $2) AND ($3::text IS NULL OR j.kind = $3)`,
      params,
      order: orderBy(page, changeSortable, 'e.id DESC', 'e.id DESC'),
    },
    page,
  );
  return {
    ...rows,
    content: rows.content.map((r) => ({
      id: Number(r.id),
      memberId: r.member_id,
      unit: r.unit,
      amount: Number(r.amount),
      balanceAfter: Number(r.balance_after),
      kind: r.kind,
      reason: r.reason,
      orderId: r.order_id,
      orderNo: r.order_no,
      createdAt: r.created_at.toISOString(),
    })),
  };
}

const own = (ctx: HandlerContext): WalletScope => ({
  kind: 'member',
  memberId: ctx.requireAuth().memberId,
});
const platform = (): WalletScope => ({ kind: 'platform' });

/** A staff adjustment: one journal between the member's account and `adjustments`. */
async function adjust(
  ctx: HandlerContext,
  input: {
    id: number;
    unit: 'fen' | 'aiToken';
    reason: string;
    idempotencyKey?: string | undefined;
  },
  delta: (current: number) => number,
): Promise<WalletItem> {
  const auth = ctx.requireAuth();
  await walletOf(ctx.services.pool, input.id);
  const account =
    input.unit === 'fen' ? ledgerAccount.wallet(input.id) : ledgerAccount.aiTokens(input.id);
  const other = input.unit === 'fen' ? ledgerAccount.adjustments : ledgerAccount.aiTokensIssued;
  await withTransaction(ctx.services.pool, async (client) => {
    // Under the account's lock, so "set to" reads the balance it changes.
    await client.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE', [account]);
    const amount = delta(await balanceOf(client, account));
    if (amount === 0) return;
    await postJournal(client, {
      idempotencyKey: `adjustment:${input.idempotencyKey ?? ctx.request.id}`,
      kind: 'adjustment',
      reason: input.reason,
      actorMemberId: auth.memberId,
      requestId: ctx.request.id,
      entries: [
        { account, amount },
        { account: other, amount: -amount },
      ],
    });
  });
  return walletOf(ctx.services.pool, input.id);
}

type RechargeCall = CallShape<(typeof wallet)['oj.memberWallet.recharge']>;
const rechargeHandler = <Id extends string>(call: RechargeCall & { readonly id: Id }) =>
  handle<RechargeCall, Id>(call, async (ctx) => {
    const auth = ctx.requireAuth();
    // A recharge is paid online only: refuse before an order is placed.
    if (!ctx.services.payments.online) throw fail('CONFLICT', NO_ONLINE_PAYMENT);
    const closed = await ctx.services.pool.query(
      'SELECT 1 FROM wallets WHERE member_id = $1 AND closed_at IS NOT NULL',
      [auth.memberId],
    );
    if (closed.rowCount !== 0) throw fail('CONFLICT', '钱包已关闭，不能充值');
    const flow = flowOf(ctx);
    const amountFen = ctx.body.amountFen;
    const id = await placeOrder(flow, {
      kind: 'recharge',
      memberId: auth.memberId,
      organizationId: auth.organizationId,
      itemId: null,
      itemName: `钱包充值 ${(amountFen / 100).toFixed(2)} 元`,
      itemUnits: null,
      amountFen,
    });
    const payment = await startCheckout(flow, ownOrders(auth), RECHARGE, id);
    return { order: await detailOf(ctx.services, ownOrders(auth), RECHARGE, id), payment };
  });

export const walletHandlers = [
  handle(wallet['bms.memberWallet.queryList'], (ctx) =>
    listWallets(ctx.services.pool, platform(), ctx.body, ctx.query),
  ),
  handle(wallet['bms.memberWallet.querySimpleList'], (ctx) =>
    listWallets(ctx.services.pool, platform(), ctx.body, ctx.query),
  ),
  handle(wallet['bms.memberWallet.queryById'], (ctx) => walletOf(ctx.services.pool, ctx.query.id)),
  handle(wallet['bms.memberWallet.create'], async (ctx) => {
    const { memberId } = ctx.body;
    await walletOf(ctx.services.pool, memberId);
    await ctx.services.pool.query(
      `INSERT INTO wallets (member_id) VALUES ($1)
       ON CONFLICT (member_id) DO UPDATE SET closed_at = NULL`,
      [memberId],
    );
    return walletOf(ctx.services.pool, memberId);
  }),
  handle(wallet['bms.memberWallet.delete'], async (ctx) => {
    const { id } = ctx.body;
    const current = await walletOf(ctx.services.pool, id);
    if (current.balanceFen !== 0 || current.aiTokens !== 0) {
      throw fail('CONFLICT', '钱包还有余额或 AI 额度，请先调整为 0 再关闭');
    }
    await ctx.services.pool.query(
      `INSERT INTO wallets (member_id, closed_at) VALUES ($1, now())
       ON CONFLICT (member_id) DO UPDATE SET closed_at = now()`,
      [id],
    );
    return { id };
  }),
  handle(wallet['bms.memberWallet.incrementCount'], (ctx) =>
    adjust(ctx, ctx.body, () => ctx.body.amount),
  ),
  handle(wallet['bms.memberWallet.update'], (ctx) =>
    adjust(ctx, ctx.body, (current) => ctx.body.balance - current),
  ),
  handle(wallet['bms.memberWallet.changedHistory.queryList'], (ctx) =>
    listChanges(ctx.services.pool, platform(), ctx.body, ctx.query),
  ),
  handle(wallet['bms.memberWallet.rechargeOrder.queryList'], (ctx) =>
    listOrders(ctx.services.pool, allOrders(), RECHARGE, ctx.body, ctx.query),
  ),
  ...notifyHandlers({
    paidNotify: wallet['bms.memberWallet.rechargeOrder.paidNotify'],
    refundNotify: wallet['bms.memberWallet.rechargeOrder.refundNotify'],
  }),

  handle(wallet['edms.memberWallet.queryList'], (ctx) =>
    listWallets(ctx.services.pool, own(ctx), ctx.body, ctx.query),
  ),
  rechargeHandler(wallet['edms.memberWallet.recharge']),
  handle(wallet['edms.memberWallet.changedHistory.queryList'], (ctx) =>
    listChanges(ctx.services.pool, own(ctx), ctx.body, ctx.query),
  ),
  handle(wallet['edms.memberWallet.rechargeOrder.queryList'], (ctx) =>
    listOrders(ctx.services.pool, ownOrders(ctx.requireAuth()), RECHARGE, ctx.body, ctx.query),
  ),

  handle(wallet['oj.memberWallet.queryList'], (ctx) =>
    listWallets(ctx.services.pool, own(ctx), ctx.body, ctx.query),
  ),
  rechargeHandler(wallet['oj.memberWallet.recharge']),
  handle(wallet['oj.memberWallet.changedHistory.queryList'], (ctx) =>
    listChanges(ctx.services.pool, own(ctx), ctx.body, ctx.query),
  ),
  handle(wallet['oj.memberWallet.rechargeOrder.queryList'], (ctx) =>
    listOrders(ctx.services.pool, ownOrders(ctx.requireAuth()), RECHARGE, ctx.body, ctx.query),
  ),
  ...orderHandlers(
    { queryById: wallet['oj.memberWallet.rechargeOrder.queryById'] },
    ownOrders,
    RECHARGE,
  ),
];
