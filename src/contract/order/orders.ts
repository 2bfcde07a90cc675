/**
 * An order of any kind as every domain's calls read and write it (server/orders/rows.ts and
 * flow.ts): its kinds and states, the order with its payment, refunds and history, the list's
 * filter and sort, and the bodies of the order actions.
 */
import { z } from 'zod';
import * as f from '../fields.ts';
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
