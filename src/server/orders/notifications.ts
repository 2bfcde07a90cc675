/**
 * The provider's notifications (issue 6 item 3): trusted only when the signature verifies, then
 * checked against our payment or refund (number, provider, amount) and applied once. Every
 * notification is recorded in payment_notifications with what became of it; duplicated, late,
 * out-of-order, tampered and replayed ones change nothing. A payment for an order that can no
 * longer take it (cancelled meanwhile, or paid another way) is refunded, never kept.
 */
import type { z } from 'zod';
import type { notificationFields } from '../../contract/order/notifications.ts';
import { ORDER_KINDS, type OrderKind } from '../../contract/order/orders.ts';
import { nextState } from '../../machines/lifecycles/lifecycle.ts';
import { withRetriedTransaction } from '../db/pool.ts';
import { AppError, fail } from '../http/app-error.ts';
import { ledgerAccount, postJournal } from '../ledger/ledger.ts';
import type { ProviderNotification, RefundRequest } from '../payments/provider.ts';
import { notifyUrl } from '../payments/service.ts';
import type { Services } from '../services.ts';
import { requestProviderRefund, settlePaid } from './flow.ts';
import { lockOrderOfPayment, lockOrderOfRefund } from './locks.ts';
import { allOrders, findOrder } from './rows.ts';

export type NotifyOutcome = 'applied' | 'duplicate' | 'refunded';
type Refusal = 'badSignature' | 'wrongEndpoint' | 'unknown' | 'mismatch';

class NotificationRefused extends Error {
  constructor(
    readonly outcome: Refusal,
    message: string,
  ) {
    super(message);
  }
}

async function applyPaid(
  services: Services,
  n: Extract<ProviderNotification, { kind: 'paid' }>,
): Promise<NotifyOutcome> {
  const provider = services.payments.provider;
  let autoRefund: RefundRequest | null = null;
  const outcome = await withRetriedTransaction(services, async (client) => {
    // What the committed attempt decided: a lost race runs the transaction again from scratch.
    autoRefund = null;
    // The order first, then the payment (orders/locks.ts): the member's paths lock in that order.
    await lockOrderOfPayment(client, n.paymentNo);
    const found = await client.query<{
      id: number;
      order_id: number;
      provider: string;
      amount_fen: number;
      status: 'pending' | 'paid' | 'closed';
    }>(
      `SELECT id, order_id, provider, amount_fen, status FROM payments WHERE payment_no = $1
       FOR UPDATE`,
      [n.paymentNo],
    );
    const payment = found.rows[0];
    if (!payment || payment.provider !== provider.name) {
      throw new NotificationRefused('unknown', `没有支付单 ${n.paymentNo}`);
    }
    if (payment.amount_fen !== n.amountFen) {
      throw new NotificationRefused(
        'mismatch',
        `支付单 ${n.paymentNo} 金额为 ${payment.amount_fen} 分，通知为 ${n.amountFen} 分`,
      );
    }
    if (payment.status === 'paid') return 'duplicate';
    await client.query(
      `UPDATE payments SET status = 'paid', paid_at = now(), provider_trade_no = $2 WHERE id = $1`,
      [payment.id, n.tradeNo],
    );
    const row = await findOrder(client, allOrders(), ORDER_KINDS, payment.order_id, true);
    const behaviour = services.orderKinds[row.kind];
    const payer = await client.query<{ user_id: number }>(
      'SELECT user_id FROM members WHERE id = $1',
      [row.member_id],
    );
    const actor = { userId: payer.rows[0]!.user_id, memberId: row.member_id };
    // The kind may refuse the money too (an activity over meanwhile): then it goes back.
    const refusal =
      nextState(behaviour.lifecycle, row.state, 'pay') === null
        ? '订单已取消或已通过其他方式支付'
        : await (behaviour.refuse?.(client, row, 'pay') ?? Promise.resolve()).then(
            () => null,
            (err: unknown) => {
              if (err instanceof AppError) return err.message;
              throw err;
            },
          );
    if (refusal === null) {
      await settlePaid(
        client,
        row,
        { method: 'provider', provider: provider.name, paymentNo: n.paymentNo },
        { services, actor, requestId: `notify:${n.notifyId}` },
      );
      // Any other checkout of the order can no longer be paid.
      await client.query(
        `UPDATE payments SET status = 'closed' WHERE order_id = $1 AND status = 'pending'`,
        [row.id],
      );
      return 'applied';
    }
    // The order was cancelled meanwhile, paid another way or refused: the money goes back.
    const refund = await client.query<{ refund_no: string }>(
      `INSERT INTO refunds (order_id, payment_id, method, amount_fen, status, reason)
       VALUES ($1, $2, 'provider', $3, 'pending', $4) RETURNING refund_no`,
      [row.id, payment.id, n.amountFen, `${refusal}，自动退回这笔付款`],
    );
    const refundNo = refund.rows[0]!.refund_no;
    await postJournal(client, {
      idempotencyKey: `paid:${n.paymentNo}`,
      kind: 'paidAfterClose',
      orderId: row.id,
      requestId: `notify:${n.notifyId}`,
      entries: [
        { account: ledgerAccount.provider(provider.name), amount: -n.amountFen },
        { account: ledgerAccount.refundsPending(provider.name), amount: n.amountFen },
      ],
    });
    autoRefund = {
      paymentNo: n.paymentNo,
      refundNo,
      amountFen: n.amountFen,
      notifyUrl: notifyUrl(services.payments, behaviour.notifyPaths.refund),
    };
    return 'refunded';
  });
  if (autoRefund) await requestProviderRefund(services, autoRefund);
  return outcome;
}

async function applyRefund(
  services: Services,
  n: Extract<ProviderNotification, { kind: 'refund' }>,
): Promise<NotifyOutcome> {
  const provider = services.payments.provider;
  return withRetriedTransaction(services, async (client) => {
    await lockOrderOfRefund(client, n.refundNo);
    const found = await client.query<{
      id: number;
      order_id: number;
      amount_fen: number;
      status: 'pending' | 'succeeded';
      payment_no: string | null;
    }>(
      `SELECT r.id, r.order_id, r.amount_fen, r.status, p.payment_no
         FROM refunds r LEFT JOIN payments p ON p.id = r.payment_id
        WHERE r.refund_no = $1 AND r.method = 'provider' FOR UPDATE OF r`,
      [n.refundNo],
    );
    const refund = found.rows[0];
    if (!refund || refund.payment_no !== n.paymentNo) {
      throw new NotificationRefused('unknown', `没有退款单 ${n.refundNo}（支付单 ${n.paymentNo}）`);
    }
    if (refund.amount_fen !== n.amountFen) {
      throw new NotificationRefused(
        'mismatch',
        `退款单 ${n.refundNo} 金额为 ${refund.amount_fen} 分，通知为 ${n.amountFen} 分`,
      );
    }
    if (refund.status === 'succeeded') return 'duplicate';
    await client.query(
      `UPDATE refunds SET status = 'succeeded', settled_at = now() WHERE id = $1`,
      [refund.id],
    );
    await postJournal(client, {
      idempotencyKey: `refundSettled:${n.refundNo}`,
      kind: 'refundSettled',
      orderId: refund.order_id,
      requestId: `notify:${n.notifyId}`,
      entries: [
        { account: ledgerAccount.refundsPending(provider.name), amount: -n.amountFen },
        { account: ledgerAccount.provider(provider.name), amount: n.amountFen },
      ],
    });
    return 'applied';
  });
}

async function record(
  services: Services,
  entry: {
    callId: string;
    httpMethod: string;
    fields: unknown;
    notification: ProviderNotification | null;
    outcome: string;
    detail?: string;
  },
): Promise<void> {
  const n = entry.notification;
  await services.pool
    .query(
      `INSERT INTO payment_notifications
         (call_id, http_method, kind, reference_no, payload, outcome, detail)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        entry.callId,
        entry.httpMethod,
        n?.kind ?? null,
        n ? (n.kind === 'refund' ? n.refundNo : n.paymentNo) : null,
        JSON.stringify(entry.fields),
        entry.outcome,
        entry.detail ?? '',
      ],
    )
    .catch((err: Error) =>
      services.logger.error({ err: err.message, outcome: entry.outcome }, '支付通知未能记录'),
    );
}

/**
 * Receives one notification at a paidNotify (`expect: 'paid'`) or refundNotify call. Answers
 * success for applied and duplicate ones (so the provider stops retrying); refuses the rest.
 */
export async function receiveNotification(
  services: Services,
  call: { id: string; expect: 'paid' | 'refund' },
  httpMethod: string,
  fields: z.infer<typeof notificationFields>,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ outcome: NotifyOutcome }> {
  const notification = services.payments.provider.verify({ fields, headers });
  const log = (outcome: string, detail?: string) =>
    record(services, { callId: call.id, httpMethod, fields, notification, outcome, detail });
  try {
    if (!notification) throw new NotificationRefused('badSignature', '通知签名校验失败');
    if (notification.kind !== call.expect) {
      throw new NotificationRefused(
        'wrongEndpoint',
        `${notification.kind === 'paid' ? '支付' : '退款'}通知不应发到此地址`,
      );
    }
    const outcome =
      notification.kind === 'paid'
        ? await applyPaid(services, notification)
        : await applyRefund(services, notification);
    await log(outcome);
    if (outcome !== 'applied') {
      services.logger.info({ callId: call.id, outcome, notification }, '支付通知未改变数据');
    }
    return { outcome };
  } catch (err) {
    if (err instanceof NotificationRefused) {
      await log(err.outcome, err.message);
      services.logger.warn({ callId: call.id, outcome: err.outcome }, err.message);
      if (err.outcome === 'badSignature') throw fail('BAD_SIGNATURE');
      throw fail(err.outcome === 'unknown' ? 'NOT_FOUND' : 'CONFLICT', err.message);
    }
    await log('failed', err instanceof AppError ? err.message : String(err));
    throw err;
  }
}

/**
 * Provider refunds decided but not confirmed after a while are asked again (the provider's
 * refund is idempotent by refund number): a crash or an unreachable provider loses nothing.
 */
export async function resumePendingRefunds(
  services: Services,
  olderThanMs: number,
): Promise<number> {
  const pending = await services.pool.query<{
    refund_no: string;
    amount_fen: number;
    payment_no: string;
    kind: OrderKind;
  }>(
    `SELECT r.refund_no, r.amount_fen, p.payment_no, o.kind
       FROM refunds r JOIN payments p ON p.id = r.payment_id JOIN orders o ON o.id = r.order_id
      WHERE r.method = 'provider' AND r.status = 'pending'
        AND r.created_at < now() - make_interval(secs => $1::float8 / 1000)
      ORDER BY r.id LIMIT 100`,
    [olderThanMs],
  );
  for (const r of pending.rows) {
    await requestProviderRefund(services, {
      paymentNo: r.payment_no,
      refundNo: r.refund_no,
      amountFen: r.amount_fen,
      notifyUrl: notifyUrl(services.payments, services.orderKinds[r.kind].notifyPaths.refund),
    });
  }
  return pending.rows.length;
}
