/**
 * The one lock order of every payment path (issue 25 item 15; docs/decisions.md "Payment
 * locks"): first the order row, then its payments and refunds, then ledger accounts (postJournal
 * takes those sorted by id). The member's paths start from the order (pay, check out, cancel,
 * refund: findOrder with its lock); the provider's notifications start from a payment or refund
 * number, so they find the order through it and lock the order before the row they came for.
 * When one path took the payment row first and another the order row first, a wallet payment
 * meeting the provider's notification deadlocked and one side answered 500.
 */
import type { PoolClient } from '../db/pool.ts';

/**
 * Locks the order a payment or refund row belongs to, before that row. The row's order never
 * changes, so reading it without a lock is safe; answers null when there is no such row.
 */
async function lockOrderOf(
  client: PoolClient,
  rowSql: string,
  reference: string,
): Promise<number | null> {
  const found = await client.query<{ order_id: number }>(rowSql, [reference]);
  const orderId = found.rows[0]?.order_id;
  if (orderId === undefined) return null;
  await client.query('SELECT 1 FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
  return orderId;
}

/** A provider notification of payment `paymentNo`: its order row is locked first. */
export const lockOrderOfPayment = (client: PoolClient, paymentNo: string) =>
  lockOrderOf(client, 'SELECT order_id FROM payments WHERE payment_no = $1', paymentNo);

/** A provider notification of refund `refundNo`: its order row is locked first. */
export const lockOrderOfRefund = (client: PoolClient, refundNo: string) =>
  lockOrderOf(client, 'SELECT order_id FROM refunds WHERE refund_no = $1', refundNo);
