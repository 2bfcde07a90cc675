/**
 * A payment provider's signed notifications (server/orders/notifications.ts): their fields and
 * the notify call each kind's path declares.
 */
import { z } from 'zod';
import { spec } from '../call.ts';

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
