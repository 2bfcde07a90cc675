/**
 * This API process among the others on the database (issue 28 item 1;
 * docs/decisions/scale-out.md "Which process owns what"): a name — host, pid and a tag, sent
 * with every answer as `x-xinao-instance` — and a heartbeat in `api_instances`, so work owned
 * by a process (an AI reply it generates) is ended by the others only once it is gone.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Pool } from './db/pool.ts';
import type { Logger } from './logger.ts';

export const HEARTBEAT_MS = 2_000;
/** A process silent this long is gone (five beats missed: a busy event loop is not death). */
export const GONE_AFTER_SEC = 10;

/** Host, pid, and a tag telling apart two platforms in one process (tests). */
export function instanceName(): string {
  return `${hostname()}:${process.pid}:${randomBytes(2).toString('hex')}`;
}

/** SQL true when the process named by `column` is not alive (or none is named). */
export const ownerGone = (column: string): string =>
  `(${column} IS NULL OR NOT EXISTS (SELECT 1 FROM api_instances i
     WHERE i.id = ${column} AND i.alive_at > now() - make_interval(secs => ${GONE_AFTER_SEC})))`;

export interface Heartbeat {
  stop(): Promise<void>;
}

/** Says `id` is alive now and every HEARTBEAT_MS until stopped; stopping says it is gone. */
export async function startHeartbeat(pool: Pool, id: string, logger: Logger): Promise<Heartbeat> {
  const beat = () =>
    pool.query(
      `INSERT INTO api_instances (id) VALUES ($1)
       ON CONFLICT (id) DO UPDATE SET alive_at = now()`,
      [id],
    );
  await beat();
  const timer = setInterval(() => {
    beat().catch((err: Error) => logger.warn({ err: err.message }, '进程心跳写入失败'));
  }, HEARTBEAT_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await pool.query('DELETE FROM api_instances WHERE id = $1', [id]).catch(() => undefined);
    },
  };
}
