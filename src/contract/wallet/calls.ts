/**
 * Wallets (issue 6): a member's balance in fen and their AI tokens, both read from the ledger
 * (docs/decisions.md "Money"); every change is a ledger entry with its reason, never an
 * overwritten number. Recharges are orders of kind `recharge` paid through the provider.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { notifyCall } from '../order/notifications.ts';
import { ORDER_SORT, orderItem, orderState, payAnswer } from '../order/orders.ts';
import { orderById } from '../order/specs.ts';
import { deletedAnswer, idBody, idQuery } from '../resource.ts';
import { MAX_WALLET_AMOUNT } from '../money.ts';

export const walletUnit = z.enum(['fen', 'aiToken']);

export const walletItem = z.object({
  /** The member's id: a member has one wallet. */
  id: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  mobile: z.string().nullable(),
  organizationName: z.string(),
  balanceFen: z.number().int(),
  aiTokens: z.number().int(),
  status: z.enum(['open', 'closed']),
});
export type WalletItem = z.infer<typeof walletItem>;

export const walletChange = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  unit: walletUnit,
  /** Positive in, negative out. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  /** recharge, walletPay, refund, adjustment, aiTokensGranted, aiTokensReturned … */
  kind: z.string(),
  reason: z.string().nullable(),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  createdAt: z.string(),
});

export const WALLET_SORT = ['id', 'balanceFen', 'aiTokens'] as const;
export const WALLET_CHANGE_SORT = ['id'] as const;

const walletFilter = z.strictObject({
  memberId: f.id.optional(),
  keyword: z.string().trim().max(50).optional(),
  status: z.enum(['open', 'closed']).optional(),
});
const changeFilter = z.strictObject({
  memberId: f.id.optional(),
  unit: walletUnit.optional(),
  kind: z.string().trim().max(40).optional(),
});
const rechargeFilter = z.strictObject({
  memberId: f.id.optional(),
  state: orderState.optional(),
});

/** A recharge: ¥1 to ¥50 000 at a time. */
export const MIN_RECHARGE_FEN = 100;
export const MAX_RECHARGE_FEN = 5_000_000;
const rechargeBody = z.strictObject({
  amountFen: f.wholeNumber(MIN_RECHARGE_FEN, MAX_RECHARGE_FEN),
});

/** A caller-made key, so a retried adjustment is written once (e.g. a UUID per form). */
const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, '幂等键为 8–64 位字母、数字、- 或 _')
  .optional();
const adjustmentReason = z.string().trim().min(1, '请填写调整原因').max(200, '原因最多 200 个字符');

const walletList = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary,
    query: pageQueryOf(WALLET_SORT),
    body: walletFilter,
    response: pageOf(walletItem),
  });
const changeList = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary,
    query: pageQueryOf(WALLET_CHANGE_SORT),
    body: changeFilter,
    response: pageOf(walletChange),
  });
const rechargeList = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary,
    query: pageQueryOf(ORDER_SORT),
    body: rechargeFilter,
    response: pageOf(orderItem),
  });
const recharge = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: `给本人钱包充值（${MIN_RECHARGE_FEN / 100}–${MAX_RECHARGE_FEN / 100} 元）：生成充值订单并返回收银台，到账以支付渠道通知为准`,
    body: rechargeBody,
    response: payAnswer,
  });

export const wallet = defineCalls({
  'bms.memberWallet.queryList': walletList('platformAdmin', '全部会员钱包'),
  'bms.memberWallet.querySimpleList': walletList('platformAdmin', '全部会员钱包（精简同上）'),
  'bms.memberWallet.queryById': {
    method: 'GET',
    access: 'platformAdmin',
    summary: '会员的钱包（id 为会员 id）',
    query: idQuery,
    response: walletItem,
  },
  'bms.memberWallet.create': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '为会员开通（或重新开通已关闭的）钱包',
    body: z.strictObject({ memberId: f.id }),
    response: walletItem,
  },
  'bms.memberWallet.delete': {
    method: 'DELETE',
    access: 'platformAdmin',
    summary: '关闭会员钱包（余额须为 0；账本记录保留，可重新开通）',
    body: idBody,
    response: deletedAnswer,
  },
  'bms.memberWallet.incrementCount': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '调整钱包：增加（正数）或扣减（负数）余额（分）或 AI 额度，记入账本并注明原因',
    body: z.strictObject({
      id: f.id,
      unit: walletUnit,
      amount: f
        .wholeNumber(-MAX_WALLET_AMOUNT, MAX_WALLET_AMOUNT)
        .refine((n) => n !== 0, '调整数量不能为 0'),
      reason: adjustmentReason,
      idempotencyKey,
    }),
    response: walletItem,
  },
  'bms.memberWallet.update': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '把钱包余额（分）或 AI 额度调整为给定值：按差额记一笔账并注明原因（不直接改写余额）',
    body: z.strictObject({
      id: f.id,
      unit: walletUnit,
      balance: f.wholeNumber(0, MAX_WALLET_AMOUNT),
      reason: adjustmentReason,
      idempotencyKey,
    }),
    response: walletItem,
  },
  'bms.memberWallet.changedHistory.queryList': changeList(
    'platformAdmin',
    '钱包变动记录（全部会员）',
  ),
  'bms.memberWallet.rechargeOrder.queryList': rechargeList('platformAdmin', '全部充值订单'),
  'bms.memberWallet.rechargeOrder.paidNotify': notifyCall('充值支付成功'),
  'bms.memberWallet.rechargeOrder.refundNotify': notifyCall('充值退款成功'),

  'edms.memberWallet.queryList': walletList('teacher', '本人的钱包'),
  'edms.memberWallet.recharge': recharge('teacher'),
  'edms.memberWallet.changedHistory.queryList': changeList('teacher', '本人钱包的变动记录'),
  'edms.memberWallet.rechargeOrder.queryList': rechargeList('teacher', '本人的充值订单'),

  'oj.memberWallet.queryList': walletList('member', '本人的钱包'),
  'oj.memberWallet.recharge': recharge('member'),
  'oj.memberWallet.changedHistory.queryList': changeList('member', '本人钱包的变动记录'),
  'oj.memberWallet.rechargeOrder.queryList': rechargeList('member', '本人的充值订单'),
  'oj.memberWallet.rechargeOrder.queryById': orderById('member', '本人的一笔充值订单'),
});
