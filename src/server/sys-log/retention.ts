/**
 * The system log's retention (SYS_LOG_RETENTION_DAYS, README "Configuration"): entries older
 * than the setting are removed in batches, at start and every few hours, by one process at a
 * time. The table's trigger lets only this sweep delete, and never an entry younger than the
 * legal floor (migration 0029).
 */
import { withTransaction } from '../db/pool.ts';
import type { Pool } from '../db/pool.ts';
import type { Logger } from '../logger.ts';

/** 网络安全法 第二十一条: network logs are kept no less than six months. */
export const SYS_LOG_MIN_RETENTION_DAYS = 180;
const PRUNE_LOCK = 7_242_027_003;
const BATCH = 5_000;

/** Removes entries older than `retentionDays`; returns how many, 0 when another process is at it. */
export async function pruneSysLog(pool: Pool, retentionDays: number): Promise<number> {
  const days = Math.max(retentionDays, SYS_LOG_MIN_RETENTION_DAYS);
  let removed = 0;
  for (;;) {
    const n = await withTransaction(pool, async (db) => {
      const { rows } = await db.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_xact_lock($1) AS locked',
        [PRUNE_LOCK],
      );
      if (!rows[0]!.locked) return 0;
      await db.query(`SELECT set_config('xinao.sys_log_prune', 'on', true)`);
      const deleted = await db.query(
        `DELETE FROM sys_log WHERE id IN (
           SELECT id FROM sys_log WHERE at < now() - make_interval(days => $1)
            ORDER BY at LIMIT $2)`,
        [days, BATCH],
      );
      return deleted.rowCount ?? 0;
    });
    removed += n;
    if (n < BATCH) return removed;
  }
}

const PRUNE_EVERY_MS = 6 * 60 * 60_000;

/** Prunes now and every six hours until stopped. */
export function startSysLogRetention(pool: Pool, logger: Logger, retentionDays: number) {
  const run = () =>
    pruneSysLog(pool, retentionDays)
      .then((n) => {
        if (n > 0) logger.info({ entries: n, retentionDays }, '清理了超过保留期的系统日志');
      })
      .catch((err: Error) => logger.warn({ err: err.message }, '清理系统日志失败，稍后重试'));
  let running = run();
  const timer = setInterval(() => {
    running = running.then(run);
  }, PRUNE_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
