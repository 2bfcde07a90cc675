/**
 * Member points (docs/decisions.md "Member points"): a purchase paid for earns one point per
 * whole yuan; a refund takes back one point per whole yuan refunded. A recharge earns nothing
 * (the money is still the member's until spent). One entry per order and reason, so a retried
 * payment never earns twice.
 */
import type { PoolClient } from '../db/pool.ts';

export const FEN_PER_POINT = 100;

export const pointsFor = (fen: number) =>
  Math.sign(fen) * Math.floor(Math.abs(fen) / FEN_PER_POINT);

export async function awardPoints(
  client: PoolClient,
  order: { id: number; member_id: number },
  fen: number,
  reason: 'paid' | 'refund',
): Promise<void> {
  const points = pointsFor(fen);
  if (points === 0) return;
  await client.query(
    `INSERT INTO member_points (member_id, order_id, points, reason) VALUES ($1, $2, $3, $4)
     ON CONFLICT (order_id, reason) DO NOTHING`,
    [order.member_id, order.id, points, reason],
  );
}
