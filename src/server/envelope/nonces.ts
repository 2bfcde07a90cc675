import type { Logger } from '../logger.ts';
import type { Pool } from '../db/pool.ts';
import { inOneProcess } from '../db/run-once.ts';
import { preparedStatement } from '../db/prepared.ts';

/**
 * Replay detection shared by every API process: a nonce is accepted once, by whichever process
 * inserts it first. Answers false when it was seen before.
 */
export function nonceClaimer(pool: Pool) {
  return async (nonce: string, expiresAt: number): Promise<boolean> => {
    const result = await claimNonce(pool, [nonce, expiresAt]);
    return result.rowCount === 1;
  };
}

/** Every sealed request runs it: prepared (db/prepared.ts). */
const claimNonce = preparedStatement(
  'claim-envelope-nonce',
  `INSERT INTO envelope_nonces (nonce, expires_at) VALUES ($1, to_timestamp($2 / 1000.0))
   ON CONFLICT (nonce) DO NOTHING`,
);

/** Another table's clean-up run with this one (the login brake's old attempts). */
export type Prune = (pool: Pool) => Promise<void>;

/**
 * Deletes nonces whose timestamps the clock check already refuses, plus stale captchas, then
 * runs the other prunes the caller passes (start.ts: the login brake's).
 */
export async function pruneExpired(pool: Pool, others: readonly Prune[]): Promise<void> {
  // One process prunes at a time: the same deletes run twice would only fight over rows.
  await inOneProcess(pool, 'prune-expired', async () => {
    await pool.query('DELETE FROM envelope_nonces WHERE expires_at < now()');
    await pool.query(`DELETE FROM captchas WHERE expires_at < now() - interval '1 day'`);
    for (const prune of others) await prune(pool);
  });
}

export const PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/** Prunes every ten minutes until the returned function is called. */
export function startPruning(pool: Pool, logger: Logger, others: readonly Prune[]): () => void {
  const timer = setInterval(() => {
    pruneExpired(pool, others).catch((err: Error) =>
      logger.warn({ err: err.message }, 'prune failed'),
    );
  }, PRUNE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
