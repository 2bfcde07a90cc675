/**
 * The order flow every kind shares (issue 6 items 1–3): place, pay (wallet, provider checkout,
 * or at the desk), cancel, the quit actions, and refunds the way the money came. Each runs in
 * one transaction under the order's row lock, taken first (locks.ts), and runs again if it loses
 * a deadlock anyway (withRetriedTransaction); the kind's machine allows or refuses the action
 * (server/lifecycle/transition.ts), and money moves only as ledger journals with idempotency
 * keys, so two conflicting calls end in exactly one outcome.
 */
import type { EnrollmentAction } from '../../contract/lifecycle-actions.ts';
import type { OrderKind, PaymentItem } from '../../contract/order/orders.ts';
import { nextState, refusalOf } from '../../machines/lifecycles/lifecycle.ts';
import { withRetriedTransaction, type PoolClient } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { validationError } from '../http/validation-error.ts';
import { ledgerAccount, postJournal } from '../ledger/ledger.ts';
import { recordTransition, transitionRow } from '../lifecycle/transition.ts';
import type { RefundRequest } from '../payments/provider.ts';
import { NO_ONLINE_PAYMENT, notifyUrl, RETURN_PATH } from '../payments/service.ts';
import type { Services } from '../services.ts';
import type { OrderFacts, OrderKindBehaviour } from './kinds.ts';
import { awardPoints } from './points.ts';
import { findOrder, ORDER_ROWS, qrUrlOf, type OrderRow, type OrderScope } from './rows.ts';

export interface Actor {
  userId: number;
  memberId: number;
}

/**
 * What the flow uses of the services: the database, the log, the payment provider and what
 * each kind of order does.
 */
export type FlowServices = Pick<Services, 'pool' | 'logger' | 'payments' | 'orderKinds'>;

/** Who acts and in which request: recorded with every transition and journal. */
export interface FlowContext {
  services: FlowServices;
  actor: Actor;
  requestId: string;
}

export interface NewOrder {
  kind: OrderKind;
  memberId: number;
  organizationId: number;
  itemId: number | null;
  itemName: string;
  itemUnits: number | null;
  amountFen: number;
  remark?: string;
}

/** Places an order in the state `enroll` leads to; a free one is in effect at once. */
export async function placeOrder(ctx: FlowContext, input: NewOrder): Promise<number> {
  const behaviour = ctx.services.orderKinds[input.kind];
  const free = input.amountFen === 0;
  const to = nextState(behaviour.lifecycle, 'none', 'enroll', { free });
  if (to === null) throw new Error(`the ${input.kind} lifecycle cannot enroll`);
  return withRetriedTransaction(ctx.services, async (client) => {
    await behaviour.admit?.(client, input);
    const inserted = await client.query<{ id: number }>(
      `INSERT INTO orders (kind, member_id, organization_id, item_id, item_name, item_units,
                           amount_fen, state, remark, created_by_member_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        input.kind,
        input.memberId,
        input.organizationId,
        input.itemId,
        input.itemName,
        input.itemUnits,
        input.amountFen,
        to,
        input.remark ?? '',
        ctx.actor.memberId,
      ],
    );
    const id = inserted.rows[0]!.id;
    await recordTransition(
      client,
      ORDER_ROWS.entity,
      { id, action: 'enroll', actor: ctx.actor, requestId: ctx.requestId },
      'none',
      to,
    );
    if (free) {
      await behaviour.grant(client, {
        id,
        kind: input.kind,
        member_id: input.memberId,
        item_id: input.itemId,
        item_units: input.itemUnits,
      });
    }
    return id;
  });
}

export type PaidBy =
  /** `payer`: whose wallet pays when it is not the order's member (a parent, issue 25). */
  | { method: 'wallet'; payer?: number }
  | { method: 'offline' }
  | { method: 'provider'; provider: string; paymentNo: string };

/**
 * The order is paid: the machine moves it (pay, or setPaid at the desk), the money moves from
 * where it came to the kind's payee, and the member gets what they paid for — one commit.
 */
export async function settlePaid(
  client: PoolClient,
  row: OrderRow,
  paidBy: PaidBy,
  ctx: Omit<FlowContext, 'services'> & { services: Pick<FlowServices, 'orderKinds'> },
): Promise<void> {
  const behaviour = ctx.services.orderKinds[row.kind];
  const action = paidBy.method === 'offline' ? 'setPaid' : 'pay';
  // The kind may refuse money the machine would take (an activity stopped meanwhile); what the
  // machine refuses anyway is refused below, naming the order's state.
  if (nextState(behaviour.lifecycle, row.state, action) !== null) {
    await behaviour.refuse?.(client, row, action);
  }
  await transitionRow(client, behaviour.lifecycle, ORDER_ROWS, {
    id: row.id,
    action,
    actor: ctx.actor,
    requestId: ctx.requestId,
    reason: paidBy.method === 'provider' ? `支付渠道通知（${paidBy.paymentNo}）` : undefined,
  });
  const source =
    paidBy.method === 'wallet'
      ? ledgerAccount.wallet(paidBy.payer ?? row.member_id)
      : paidBy.method === 'offline'
        ? ledgerAccount.offline
        : ledgerAccount.provider(paidBy.provider);
  await postJournal(client, {
    idempotencyKey:
      paidBy.method === 'provider' ? `paid:${paidBy.paymentNo}` : `${paidBy.method}Pay:${row.id}`,
    kind: paidBy.method === 'wallet' ? 'walletPay' : 'orderPaid',
    orderId: row.id,
    actorMemberId: ctx.actor.memberId,
    requestId: ctx.requestId,
    entries: [
      { account: source, amount: -row.amount_fen },
      { account: behaviour.payee(row), amount: row.amount_fen },
    ],
  });
  await client.query(
    `UPDATE orders SET pay_method = $2, paid_fen = amount_fen, paid_at = now(),
       paid_by_member_id = $3 WHERE id = $1`,
    [row.id, paidBy.method, paidBy.method === 'wallet' ? (paidBy.payer ?? null) : null],
  );
  await behaviour.grant(client, row);
  if (behaviour.earnsPoints) await awardPoints(client, row, row.amount_fen, 'paid');
}

/** Closes the order's open payments; answers their numbers, to close at the provider too. */
async function closePendingPayments(client: PoolClient, orderId: number): Promise<string[]> {
  const closed = await client.query<{ payment_no: string }>(
    `UPDATE payments SET status = 'closed' WHERE order_id = $1 AND status = 'pending'
     RETURNING payment_no`,
    [orderId],
  );
  return closed.rows.map((r) => r.payment_no);
}

async function closeAtProvider(ctx: FlowContext, paymentNos: string[]): Promise<void> {
  for (const no of paymentNos) {
    await ctx.services.payments.provider
      .close(no)
      .catch((err: Error) =>
        ctx.services.logger.warn({ paymentNo: no, err: err.message }, '关闭渠道支付失败'),
      );
  }
}

async function assertWalletOpen(client: PoolClient, memberId: number): Promise<void> {
  const closed = await client.query(
    'SELECT 1 FROM wallets WHERE member_id = $1 AND closed_at IS NOT NULL',
    [memberId],
  );
  if (closed.rowCount !== 0) throw fail('CONFLICT', '钱包已关闭，请联系平台开通后再使用');
}

/**
 * Pays the order from the member's wallet at once; refused when the balance is short. `payer`
 * pays from their own wallet for the order's member (a parent for their child, server/parent/).
 */
export async function payFromWallet(
  ctx: FlowContext,
  scope: OrderScope,
  kinds: readonly OrderKind[],
  orderId: number,
  payer?: number,
): Promise<void> {
  const closed = await withRetriedTransaction(ctx.services, async (client) => {
    const row = await findOrder(client, scope, kinds, orderId, true);
    if (ctx.services.orderKinds[row.kind].payee(row) === ledgerAccount.wallet(row.member_id)) {
      throw fail('CONFLICT', '充值订单只能通过支付渠道支付');
    }
    await assertWalletOpen(client, payer ?? row.member_id);
    const nos = await closePendingPayments(client, row.id);
    await settlePaid(
      client,
      row,
      payer === undefined ? { method: 'wallet' } : { method: 'wallet', payer },
      ctx,
    );
    return nos;
  });
  await closeAtProvider(ctx, closed);
}

/** Staff record a payment taken at the desk (setPaid). */
export async function payOffline(
  ctx: FlowContext,
  scope: OrderScope,
  kinds: readonly OrderKind[],
  orderId: number,
): Promise<void> {
  const closed = await withRetriedTransaction(ctx.services, async (client) => {
    const row = await findOrder(client, scope, kinds, orderId, true);
    const nos = await closePendingPayments(client, row.id);
    await settlePaid(client, row, { method: 'offline' }, ctx);
    return nos;
  });
  await closeAtProvider(ctx, closed);
}

/**
 * Opens a checkout at the provider for the order (closing any earlier one, so at most one is
 * open); the order is paid when the provider's signed notification says so. The provider is
 * called outside the transaction: no row stays locked while another system answers.
 */
export async function startCheckout(
  ctx: FlowContext,
  scope: OrderScope,
  kinds: readonly OrderKind[],
  orderId: number,
): Promise<PaymentItem> {
  const { payments, pool } = ctx.services;
  if (!payments.online) throw fail('CONFLICT', NO_ONLINE_PAYMENT);
  const opened = await withRetriedTransaction(ctx.services, async (client) => {
    const row = await findOrder(client, scope, kinds, orderId, true);
    const behaviour = ctx.services.orderKinds[row.kind];
    if (nextState(behaviour.lifecycle, row.state, 'pay') === null) {
      throw fail('TRANSITION_NOT_ALLOWED', refusalOf(behaviour.lifecycle, row.state, 'pay'), {
        state: row.state,
        action: 'pay',
      });
    }
    await behaviour.refuse?.(client, row, 'pay');
    const closed = await closePendingPayments(client, row.id);
    const inserted = await client.query<{ payment_no: string; expires_at: Date }>(
      `INSERT INTO payments (order_id, provider, amount_fen, status, checkout_url, expires_at)
       VALUES ($1, $2, $3, 'pending', '', now() + make_interval(secs => $4::float8 / 1000))
       RETURNING payment_no, expires_at`,
      [row.id, payments.provider.name, row.amount_fen, payments.checkoutTtlMs],
    );
    return { row, behaviour, closed, ...inserted.rows[0]! };
  });
  await closeAtProvider(ctx, opened.closed);
  const { payment_no: paymentNo, expires_at: expiresAt, row } = opened;
  let checkoutUrl: string;
  try {
    ({ checkoutUrl } = await payments.provider.createCheckout({
      paymentNo,
      amountFen: row.amount_fen,
      subject: row.item_name,
      notifyUrl: notifyUrl(payments, opened.behaviour.notifyPaths.paid),
      returnUrl: `${payments.publicUrl()}${RETURN_PATH}`,
      expiresAt,
    }));
  } catch (err) {
    await pool.query(`UPDATE payments SET status = 'closed' WHERE payment_no = $1`, [paymentNo]);
    ctx.services.logger.warn({ paymentNo, err: (err as Error).message }, '支付渠道下单失败');
    throw fail('SERVICE_UNAVAILABLE', '支付渠道暂不可用，请稍后重试');
  }
  await pool.query('UPDATE payments SET checkout_url = $2 WHERE payment_no = $1', [
    paymentNo,
    checkoutUrl,
  ]);
  return {
    paymentNo,
    provider: payments.provider.name,
    amountFen: row.amount_fen,
    checkoutUrl,
    qrUrl: qrUrlOf(checkoutUrl),
    expiresAt: expiresAt.toISOString(),
  };
}

/** What an action does beside moving the state. */
const ACTION_EFFECTS: Partial<
  Record<
    EnrollmentAction,
    (
      client: PoolClient,
      row: OrderFacts,
      behaviour: OrderKindBehaviour,
      reason?: string,
    ) => Promise<void>
  >
> = {
  applyQuit: async (client, row, _behaviour, reason) => {
    await client.query('UPDATE orders SET quit_reason = $2 WHERE id = $1', [row.id, reason]);
  },
  finishQuit: (client, row, behaviour) => behaviour.revoke(client, row),
  forceQuit: (client, row, behaviour) => behaviour.revoke(client, row),
};

/**
 * cancel, cancelEnrollOrder, applyQuit, passQuit, rejectQuit, finishQuit, forceQuit: the
 * machine decides, the action's effect follows in the same commit.
 */
export async function moveOrder(
  ctx: FlowContext,
  scope: OrderScope,
  kinds: readonly OrderKind[],
  orderId: number,
  action: EnrollmentAction,
  reason?: string,
): Promise<void> {
  const closed = await withRetriedTransaction(ctx.services, async (client) => {
    const row = await findOrder(client, scope, kinds, orderId, true);
    const behaviour = ctx.services.orderKinds[row.kind];
    await behaviour.refuse?.(client, row, action);
    await transitionRow(client, behaviour.lifecycle, ORDER_ROWS, {
      id: row.id,
      action,
      actor: ctx.actor,
      requestId: ctx.requestId,
      reason,
    });
    await ACTION_EFFECTS[action]?.(client, row, behaviour, reason);
    // A cancelled order can no longer be paid: its checkout closes with it.
    return action === 'cancel' || action === 'cancelEnrollOrder'
      ? closePendingPayments(client, row.id)
      : [];
  });
  await closeAtProvider(ctx, closed);
}

const refundAccountOf = (method: 'wallet' | 'offline', memberId: number) =>
  method === 'wallet' ? ledgerAccount.wallet(memberId) : ledgerAccount.offline;

/**
 * Refunds a quit order the way its money came: to the wallet or at the desk at once; through
 * the provider as a pending refund that its refund notification settles. `amountFen` refunds
 * part; by default all that is not refunded yet.
 */
export async function refundOrder(
  ctx: FlowContext,
  scope: OrderScope,
  kinds: readonly OrderKind[],
  orderId: number,
  input: { amountFen?: number | undefined; reason?: string | undefined },
): Promise<void> {
  let providerRefund: RefundRequest | null = null;
  await withRetriedTransaction(ctx.services, async (client) => {
    providerRefund = null; // a lost race runs the transaction again from scratch
    const row = await findOrder(client, scope, kinds, orderId, true);
    const behaviour = ctx.services.orderKinds[row.kind];
    await transitionRow(client, behaviour.lifecycle, ORDER_ROWS, {
      id: row.id,
      action: 'refund',
      actor: ctx.actor,
      requestId: ctx.requestId,
      reason: input.reason,
    });
    const kept = (await behaviour.kept?.(client, row.id)) ?? 0;
    const remaining = row.paid_fen - row.refunded_fen - kept;
    if (remaining <= 0 || row.pay_method === null) {
      throw fail(
        'CONFLICT',
        kept > 0
          ? `该订单没有可退的金额（已结算课消 ${(kept / 100).toFixed(2)} 元）`
          : '该订单没有可退的金额（未付款或已全部退款）',
      );
    }
    const amount = input.amountFen ?? remaining;
    if (amount > remaining) {
      throw validationError([
        { field: 'body.amountFen', message: `最多可退 ${(remaining / 100).toFixed(2)} 元` },
      ]);
    }
    const paid = await client.query<{ id: number; payment_no: string; provider: string }>(
      `SELECT id, payment_no, provider FROM payments WHERE order_id = $1 AND status = 'paid'
        ORDER BY paid_at DESC LIMIT 1`,
      [row.id],
    );
    const payment = row.pay_method === 'provider' ? paid.rows[0] : undefined;
    if (row.pay_method === 'provider' && !payment) {
      throw new Error(`order ${row.id} was paid by provider but has no paid payment`);
    }
    const immediate = row.pay_method !== 'provider';
    // A wallet payment goes back to the wallet it came from (a parent's, for a child's order).
    const payer = await client.query<{ paid_by_member_id: number | null }>(
      'SELECT paid_by_member_id FROM orders WHERE id = $1',
      [row.id],
    );
    const refund = await client.query<{ refund_no: string }>(
      `INSERT INTO refunds (order_id, payment_id, method, amount_fen, status, reason, settled_at)
       VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $5 = 'succeeded' THEN now() END)
       RETURNING refund_no`,
      [
        row.id,
        payment?.id ?? null,
        row.pay_method,
        amount,
        immediate ? 'succeeded' : 'pending',
        input.reason ?? null,
      ],
    );
    const refundNo = refund.rows[0]!.refund_no;
    const to = payment
      ? ledgerAccount.refundsPending(payment.provider)
      : refundAccountOf(
          row.pay_method as 'wallet' | 'offline',
          payer.rows[0]?.paid_by_member_id ?? row.member_id,
        );
    await postJournal(client, {
      idempotencyKey: `refund:${refundNo}`,
      kind: 'refund',
      orderId: row.id,
      reason: input.reason ?? null,
      actorMemberId: ctx.actor.memberId,
      requestId: ctx.requestId,
      entries: [
        { account: behaviour.payee(row), amount: -amount },
        { account: to, amount },
      ],
    });
    await client.query('UPDATE orders SET refunded_fen = refunded_fen + $2 WHERE id = $1', [
      row.id,
      amount,
    ]);
    if (behaviour.earnsPoints) await awardPoints(client, row, -amount, 'refund');
    if (payment) {
      providerRefund = {
        paymentNo: payment.payment_no,
        refundNo,
        amountFen: amount,
        notifyUrl: notifyUrl(ctx.services.payments, behaviour.notifyPaths.refund),
      };
    }
  });
  if (providerRefund) await requestProviderRefund(ctx.services, providerRefund);
}

/** Asks the provider; a failure is retried by resumePendingRefunds, never lost. */
export async function requestProviderRefund(
  services: FlowServices,
  request: RefundRequest,
): Promise<void> {
  await services.payments.provider
    .refund(request)
    .catch((err: Error) =>
      services.logger.warn(
        { refundNo: request.refundNo, err: err.message },
        '向渠道申请退款失败，将重试',
      ),
    );
}
