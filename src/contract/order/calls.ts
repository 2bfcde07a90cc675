/**
 * Orders of every kind (issue 6): one row per order on one lifecycle (machines/lifecycles/
 * enrollment.ts; recharge orders on recharge.ts), paid through a provider or the wallet, with
 * refunds and the provider's signed notifications. member/order is a member's orders of every
 * kind in one list; membership/order and memberWallet/rechargeOrder are the same rows by kind.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access, CallSpec } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { idBody, idQuery, deletedAnswer } from '../resource.ts';
import type { EnrollmentState } from '../../machines/lifecycles/enrollment.ts';
import type { RechargeState } from '../../machines/lifecycles/recharge.ts';
import { ORDER_KIND_NAMES } from '../../machines/lifecycles/orders.ts';
import { MAX_PRICE_FEN } from '../money.ts';

export const ORDER_KINDS = ORDER_KIND_NAMES;
export const orderKind = z.enum(ORDER_KINDS);
export type OrderKind = z.infer<typeof orderKind>;
/** What can be bought with an order placed by staff or from member/order (not a recharge). */
export const goodsKind = z.enum(['membership', 'aiTokens']);

/** The states an order row can be in: every state of its kind's lifecycle but `none`. */
export const ORDER_STATES = [
  'awaitingPayment',
  'enrolled',
  'cancelled',
  'quitApplied',
  'quitApproved',
  'quit',
  'refunded',
  'paid',
] as const satisfies readonly Exclude<EnrollmentState | RechargeState, 'none'>[];
export const orderState = z.enum(ORDER_STATES);
export const payMethod = z.enum(['provider', 'wallet', 'offline']);
/** How a member may pay: the provider's checkout, or the wallet balance. */
export const memberPayMethod = z.enum(['provider', 'wallet']);

/** An amount of one order or recharge (money.ts). */
export const fen = (min = 0) => f.wholeNumber(min, MAX_PRICE_FEN);

/** A decision on a quit application: who decided, when, and the reason they gave. */
export const quitDecision = z.object({
  outcome: z.enum(['rejected', 'approved']),
  reason: z.string().nullable(),
  actorName: z.string(),
  at: z.string(),
});
export type QuitDecision = z.infer<typeof quitDecision>;

export const orderItem = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  kind: orderKind,
  memberId: z.number().int(),
  memberName: z.string(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  itemId: z.number().int().nullable(),
  itemName: z.string(),
  /** Days of a card, tokens of AI token goods, null otherwise; as when bought. */
  itemUnits: z.number().int().nullable(),
  amountFen: z.number().int(),
  state: orderState,
  payMethod: payMethod.nullable(),
  paidFen: z.number().int(),
  refundedFen: z.number().int(),
  /** The learner's reason for their latest quit application. */
  quitReason: z.string().nullable(),
  /**
   * Staff's answer to the latest quit application (issue 25 item 6), from its recorded
   * transition: rejected (the place is kept; the reason is staff's) or approved. Null while none
   * was made, while the application waits, and once a newer application replaces it.
   */
  quitDecision: quitDecision.nullable(),
  remark: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderItem = z.infer<typeof orderItem>;

export const paymentItem = z.object({
  paymentNo: z.string(),
  provider: z.string(),
  amountFen: z.number().int(),
  /** The provider's page where the payer pays (relative to the site for the sandbox). */
  checkoutUrl: z.string(),
  /** A QR code (SVG) of the same page, for paying from a phone; null when the provider has none. */
  qrUrl: z.string().nullable(),
  expiresAt: z.string(),
});
export type PaymentItem = z.infer<typeof paymentItem>;

export const refundItem = z.object({
  refundNo: z.string(),
  method: payMethod,
  amountFen: z.number().int(),
  status: z.enum(['pending', 'succeeded']),
  reason: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});

export const orderTransition = z.object({
  action: z.string(),
  from: z.string(),
  to: z.string(),
  reason: z.string().nullable(),
  actorName: z.string(),
  at: z.string(),
});

/** One order with its open payment, refunds and history. */
export const orderDetail = orderItem.extend({
  pendingPayment: paymentItem.nullable(),
  refunds: z.array(refundItem),
  history: z.array(orderTransition),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const orderSimpleItem = orderItem.pick({
  id: true,
  orderNo: true,
  kind: true,
  itemName: true,
  amountFen: true,
  state: true,
});

export const ORDER_SORT = ['id', 'createdAt', 'amountFen', 'paidAt'] as const;

/** Filters of an order list; a learner's lists are their own whatever memberId says. */
export const orderFilter = z.strictObject({
  kind: orderKind.optional(),
  state: orderState.optional(),
  memberId: f.id.optional(),
  organizationId: f.id.optional(),
  itemId: f.id.optional(),
  orderNo: z.string().trim().max(40).optional(),
  /** Member nickname, username or mobile contains this. */
  keyword: z.string().trim().max(50).optional(),
  createdFrom: f.isoDateTime.optional(),
  createdTo: f.isoDateTime.optional(),
});
export type OrderFilter = z.infer<typeof orderFilter>;

export const reasonText = z.string().trim().max(500, '原因最多 500 个字符');
const requiredReason = (what: string) =>
  z.string().trim().min(1, `请填写${what}`).max(500, '原因最多 500 个字符');

/** `{id, reason?}` of an order action; applyQuit and rejectQuit need the reason. */
export const orderActionBody = z.strictObject({ id: f.id, reason: reasonText.optional() });
export const applyQuitBody = z.strictObject({ id: f.id, reason: requiredReason('退出原因') });
export const rejectQuitBody = z.strictObject({ id: f.id, reason: requiredReason('驳回原因') });
export const refundBody = z.strictObject({
  id: f.id,
  reason: reasonText.optional(),
  /** Less than what was paid for a partial refund; default: everything not yet refunded. */
  amountFen: fen(1).optional(),
});
export const payBody = z.strictObject({ id: f.id, method: memberPayMethod });
/** What paying answers: the order now, and the checkout to open when paying by provider. */
export const payAnswer = z.object({ order: orderDetail, payment: paymentItem.nullable() });
export type PayAnswer = z.infer<typeof payAnswer>;

/** Staff place an order for a member (代客下单), optionally paid at the desk (setPaid). */
export const staffOrderBody = z.strictObject({
  memberId: f.id,
  itemId: f.id,
  remark: z.string().trim().max(200).default(''),
  paidOffline: z.boolean().default(false),
});
export const remarkBody = z.strictObject({
  id: f.id,
  remark: z.string().trim().max(200, '备注最多 200 个字符'),
});

/**
 * The fields of a provider's notification as the sandbox sends them (docs/payments.md), by
 * POST body or GET query; a real provider's adapter reads its own. All text, as signed.
 */
const text = (max: number) => z.string().min(1).max(max);
export const notificationFields = z.strictObject({
  notify_id: text(64),
  notify_type: z.enum(['paid', 'refund']),
  notify_time: text(40),
  out_trade_no: text(40),
  trade_no: text(64),
  amount_fen: z.string().regex(/^[1-9][0-9]{0,9}$/, '金额应为正整数（分）'),
  out_refund_no: text(40).optional(),
  sign_type: text(16),
  sign: text(200),
});
export const notifyAnswer = z.object({
  /** applied: money moved now; duplicate: it had before; refunded: taken back (order closed). */
  outcome: z.enum(['applied', 'duplicate', 'refunded']),
});

/** A provider's paid or refund notification for the orders of this path (docs/product-rules.md#call-conventions). */
export const notifyCall = (what: string) =>
  spec({
    method: 'POST',
    access: 'public',
    requestKind: 'notify',
    summary: `支付渠道的${what}通知（GET 与 POST 两种形式；签名校验通过才处理，重复、过期、被篡改或重放的通知不改变任何数据，均记录在案）`,
    body: notificationFields,
    response: notifyAnswer,
  });

export const orderList = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary,
    query: pageQueryOf(ORDER_SORT),
    body: orderFilter,
    response: pageOf(orderItem),
  });
export const orderById = (access: Access, summary: string) =>
  spec({ method: 'GET', access, summary, query: idQuery, response: orderDetail });

/** A staff action on an order of any kind, answering the order in its new state. */
export function staffActionSpec(
  access: Access,
  summary: string,
): CallSpec<z.ZodType, typeof orderActionBody, typeof orderDetail>;
export function staffActionSpec<B extends z.ZodType>(
  access: Access,
  summary: string,
  body: B,
): CallSpec<z.ZodType, B, typeof orderDetail>;
/** A staff action on an order, answering the order in its new state (body `{id, reason?}`). */
export function staffActionSpec(
  access: Access,
  summary: string,
  body: z.ZodType = orderActionBody,
) {
  return spec({ method: 'PUT', access, summary, body, response: orderDetail });
}

export function staffOrderAction(
  summary: string,
): CallSpec<z.ZodType, typeof orderActionBody, typeof orderDetail>;
export function staffOrderAction<B extends z.ZodType>(
  summary: string,
  body: B,
): CallSpec<z.ZodType, B, typeof orderDetail>;
export function staffOrderAction(summary: string, body: z.ZodType = orderActionBody) {
  return staffActionSpec('platformAdmin', summary, body);
}

/** Member points (docs/decisions.md "Member points"): earned by paying, taken back by refunds. */
export const pointsItem = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  points: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
});
export const POINTS_SORT = ['id', 'points'] as const;

export const order = defineCalls({
  'bms.member.order.create': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '代会员下单（会员卡或 AI 额度商品，itemId 为商品 id；paidOffline 表示已线下收款）',
    body: staffOrderBody.extend({ kind: goodsKind }),
    response: orderDetail,
  },
  'bms.member.order.update': {
    method: 'PUT',
    access: 'platformAdmin',
    summary: '修改订单备注（金额与状态只经生命周期改变）',
    body: remarkBody,
    response: orderDetail,
  },
  'bms.member.order.delete': {
    method: 'DELETE',
    access: 'platformAdmin',
    summary: '删除从未收款且已结束的订单（如已取消）；有资金往来的订单不能删除',
    body: idBody,
    response: deletedAnswer,
  },
  'bms.member.order.queryById': orderById('platformAdmin', '任一订单（含支付、退款与状态记录）'),
  'bms.member.order.queryList': orderList('platformAdmin', '全部订单（各类型）'),
  'bms.member.order.querySimpleList': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '全部订单（精简字段）',
    query: pageQueryOf(ORDER_SORT),
    body: orderFilter,
    response: pageOf(orderSimpleItem),
  },
  // Not in the catalogue (docs/decisions.md "Orders"): the approval queue acts on every kind.
  'bms.member.order.cancel': staffOrderAction('取消待支付的订单'),
  'bms.member.order.passQuit': staffOrderAction('同意退出申请'),
  'bms.member.order.rejectQuit': staffOrderAction('驳回退出申请（须填写原因）', rejectQuitBody),
  'bms.member.order.finishQuit': staffOrderAction(
    '完成退出：收回订单所给（会员卡终止、AI 额度退回）',
  ),
  'bms.member.order.forceQuit': staffOrderAction('强制退出（无需申请）'),
  'bms.member.order.refund': staffOrderAction(
    '退款：原路退回（渠道、钱包或线下）；amountFen 可部分退款，默认退回全部未退金额',
    refundBody,
  ),
  'bms.member.order.download': {
    method: 'POST',
    access: 'platformAdmin',
    responseKind: 'xlsx',
    summary: '按筛选条件导出订单（各类型，xlsx，最多 50000 行）',
    body: orderFilter,
    response: z.unknown(),
  },
  'bms.member.order.paidNotify': notifyCall('支付成功'),
  'bms.member.order.refundNotify': notifyCall('退款成功'),
  'oj.member.order.queryById': orderById('member', '本人的订单（含支付、退款与状态记录）'),
  'oj.member.order.queryList': orderList('member', '本人的全部订单（各类型）'),
  // Not in the catalogue (docs/decisions.md "Orders"): the order screen acts on every kind.
  'oj.member.order.payment': {
    method: 'POST',
    access: 'member',
    summary:
      '支付本人的订单：method=wallet 用钱包余额立即支付；method=provider 得到收银台链接，支付结果以渠道通知为准',
    body: payBody,
    response: payAnswer,
  },
  'oj.member.order.cancel': {
    method: 'PUT',
    access: 'member',
    summary: '取消本人待支付的订单（关闭未完成的支付）',
    body: orderActionBody,
    response: orderDetail,
  },
  'oj.member.order.applyQuit': {
    method: 'POST',
    access: 'member',
    summary: '申请退出（退款）本人已生效的订单，须填写原因，进入审批队列',
    body: applyQuitBody,
    response: orderDetail,
  },
  'member.points.queryList': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '会员积分流水（付款每满 1 元得 1 分，退款扣回）',
    query: pageQueryOf(POINTS_SORT),
    body: z.strictObject({ memberId: f.id.optional() }),
    response: pageOf(pointsItem),
  },
});
