import type { Pool } from '../db/pool.ts';

/**
 * WeChat's short-lived rows, run with the other prunes (envelope/nonces.ts): tickets, scenes and
 * the sandbox's codes live minutes; a day past their end nobody can ask after them, and a poll
 * of an expired scene has long stopped.
 */
export async function pruneWechat(pool: Pool): Promise<void> {
  await pool.query(`DELETE FROM wechat_tickets WHERE expires_at < now() - interval '1 day'`);
  await pool.query(`DELETE FROM wechat_scenes WHERE expires_at < now() - interval '1 day'`);
  await pool.query(`DELETE FROM sandbox_wechat_codes WHERE expires_at < now() - interval '1 day'`);
}
