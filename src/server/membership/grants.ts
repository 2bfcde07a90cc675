/**
 * What a membership order does to the cards a member holds: paying grants the card from the
 * later of now and the end of the member's last card of the same type (so a renewal extends);
 * quitting ends it at once and moves the cards bought after it forward by the time removed.
 */
import type { PoolClient } from '../db/pool.ts';

export interface CardGrant {
  orderId: number;
  memberId: number;
  membershipId: number;
  days: number;
}

export async function grantCard(client: PoolClient, grant: CardGrant): Promise<void> {
  // Two orders of one member paid at once must not both start at the same expiry.
  await client.query('SELECT 1 FROM members WHERE id = $1 FOR UPDATE', [grant.memberId]);
  await client.query(
    `WITH last AS (
       SELECT max(mm.expire_date) AS until
         FROM member_memberships mm JOIN memberships ms ON ms.id = mm.membership_id
        WHERE mm.member_id = $1 AND mm.ended_at IS NULL
          AND ms.type = (SELECT type FROM memberships WHERE id = $2))
     INSERT INTO member_memberships (member_id, membership_id, start_date, expire_date, order_id)
     SELECT $1, $2, s.start, s.start + make_interval(days => $3), $4
       FROM (SELECT greatest(now(), coalesce((SELECT until FROM last), now())) AS start) s
     ON CONFLICT (order_id) DO NOTHING`,
    [grant.memberId, grant.membershipId, grant.days, grant.orderId],
  );
}

/** Ends the card an order granted (if it is still running) and closes the gap it leaves. */
export async function endCard(client: PoolClient, orderId: number): Promise<void> {
  const found = await client.query<{ id: number; member_id: number }>(
    `SELECT id, member_id FROM member_memberships WHERE order_id = $1 AND ended_at IS NULL`,
    [orderId],
  );
  const card = found.rows[0];
  if (!card) return;
  await endHeldCard(client, card.id, card.member_id);
}

/** Ends one held card now; later cards of the same type move forward by what was removed. */
export async function endHeldCard(client: PoolClient, cardId: number, memberId: number) {
  await client.query('SELECT 1 FROM members WHERE id = $1 FOR UPDATE', [memberId]);
  const ended = await client.query<{ type: string; expire_date: Date; removed_ms: string }>(
    `UPDATE member_memberships mm SET ended_at = now()
       FROM memberships ms
      WHERE mm.id = $1 AND ms.id = mm.membership_id AND mm.ended_at IS NULL
      RETURNING ms.type, mm.expire_date,
        greatest(0, extract(epoch FROM mm.expire_date - greatest(now(), mm.start_date)) * 1000)
          AS removed_ms`,
    [cardId],
  );
  const card = ended.rows[0];
  if (!card || Number(card.removed_ms) <= 0) return;
  await client.query(
    `UPDATE member_memberships mm
        SET start_date = mm.start_date - make_interval(secs => $4::float8 / 1000),
            expire_date = mm.expire_date - make_interval(secs => $4::float8 / 1000)
       FROM memberships ms
      WHERE ms.id = mm.membership_id AND mm.member_id = $1 AND ms.type = $2
        AND mm.ended_at IS NULL AND mm.start_date >= $3`,
    [memberId, card.type, card.expire_date, card.removed_ms],
  );
}
