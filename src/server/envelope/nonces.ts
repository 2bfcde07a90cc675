import type { Logger } from '../logger.ts';
import { pruneLoginAttempts } from '../accounts/login-brake.ts';
import type { Pool } from '../db/pool.ts';

/**
 * Replay detection shared by every API process: a nonce is accepted once, by whichever process
 * inserts it first. Answers false when it was seen before.
 */
export function nonceClaimer(pool: Pool) {
  return async (nonce: string, expiresAt: number): Promise<boolean> => {
    const result = await pool.query(
      `INSERT INTO envelope_nonces (nonce, expires_at) VALUES ($1, to_timestamp($2 / 1000.0))
       ON CONFLICT (nonce) DO NOTHING`,
      [nonce, expiresAt],
    );
    return result.rowCount === 1;
  };
}

/** Deletes nonces whose timestamps the clock check already refuses, plus stale captchas. */
export async function pruneExpired(pool: Pool): Promise<void> {
  await pool.query('DELETE FROM envelope_nonces WHERE expires_at < now()');
  await pool.query(`DELETE FROM captchas WHERE expires_at < now() - interval '1 day'`);
  await pruneLoginAttempts(pool);
}

export const PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/** Prunes every ten minutes until the returned function is called. */
export function startPruning(pool: Pool, logger: Logger): () => void {
  const timer = setInterval(() => {
    pruneExpired(pool).catch((err: Error) => logger.warn({ err: err.message }, 'prune failed'));
  }, PRUNE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
