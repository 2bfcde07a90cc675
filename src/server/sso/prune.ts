import type { Pool } from '../db/pool.ts';

/**
 * Sign-ins started at the identity provider live ten minutes (sso/flow.ts); a day past that the
 * row is pruned with the others (envelope/nonces.ts). A replayed callback then finds no state and
 * is refused as it is today.
 */
export async function pruneSsoRequests(pool: Pool): Promise<void> {
  await pool.query(`DELETE FROM sso_requests WHERE expires_at < now() - interval '1 day'`);
}
