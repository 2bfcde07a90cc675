/**
 * This API process among the others on the database (issue 28 item 1;
 * docs/decisions/scale-out.md "Which process owns what"): a name — host, pid and a tag, sent
 * with every answer as `x-xinao-instance` — and a heartbeat in `api_instances`, so work owned
 * by a process (an AI reply it generates) is ended by the others only once it is gone.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
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

/**
 * Says `id` is alive now and every HEARTBEAT_MS until stopped; stopping says it is gone. The
 * beat has a connection of its own: on the request pool, a process whose pool is saturated for
 * ten seconds (a class starting an exam) would miss its beats and have its live replies ended
 * by the other processes. A lost connection is opened again at the next beat.
 */
export async function startHeartbeat(pool: Pool, id: string, logger: Logger): Promise<Heartbeat> {
  let connection: pg.Client | undefined;
  const connected = async (): Promise<pg.Client> => {
    if (connection) return connection;
    const client = new pg.Client(pool.options);
    client.on('error', () => {
      if (connection === client) connection = undefined;
    });
    await client.connect();
    connection = client;
    return client;
  };
  const beatOnce = async () => {
    const client = await connected();
    await client
      .query(
        `INSERT INTO api_instances (id) VALUES ($1)
         ON CONFLICT (id) DO UPDATE SET alive_at = now()`,
        [id],
      )
      .catch((err: Error) => {
        if (connection === client) connection = undefined;
        void client.end().catch(() => undefined);
        throw err;
      });
  };
  // One beat at a time: a slow one is not joined by the next.
  let beating: Promise<void> | undefined;
  const beat = (): Promise<void> => (beating ??= beatOnce().finally(() => (beating = undefined)));
  // A first beat that fails is said and tried again: the process serves either way, and
  // without its beats the others would end its replies for as long as it runs.
  await beat().catch((err: Error) => logger.warn({ err: err.message }, '进程心跳写入失败'));
  const timer = setInterval(() => {
    beat().catch((err: Error) => logger.warn({ err: err.message }, '进程心跳写入失败'));
  }, HEARTBEAT_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      // A beat in flight would otherwise write the row again after it is deleted.
      await beating?.catch(() => undefined);
      await pool.query('DELETE FROM api_instances WHERE id = $1', [id]).catch(() => undefined);
      await connection?.end().catch(() => undefined);
    },
  };
}
