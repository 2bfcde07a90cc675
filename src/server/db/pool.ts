import pg from 'pg';
import type { Logger } from '../logger.ts';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

/** Connections each process's pool may open (db/connections.ts counts them across processes). */
export const POOL_MAX = 10;

/** Idle time before a connection's first TCP keepalive probe. */
export const KEEPALIVE_IDLE_MS = 60_000;

export interface PoolOptions {
  /**
   * Connections kept open through quiet spells (the rest close after `idleTimeoutMillis` idle).
   * A connection opened again costs both sides: a backend forked, the password exchange, the
   * catalogs read afresh, and every prepared statement planned again for its first five runs
   * (docs/decisions/scale-out.md, "A pool that keeps its connections").
   */
  keepOpen?: number;
  /** How long a connection beyond `keepOpen` may sit idle before it closes (default 30 s). */
  idleTimeoutMillis?: number;
}

export function createPool(
  connectionString: string,
  logger: Logger,
  options: PoolOptions = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: POOL_MAX,
    min: options.keepOpen ?? 0,
    idleTimeoutMillis: options.idleTimeoutMillis ?? 30_000,
    // A connection kept open overnight crosses NATs and load balancers that forget a quiet TCP
    // flow after some minutes (AWS NAT 350 s, Azure 4 min): the kernel's keepalive probes keep
    // it known, and end it with an error if the database is gone, instead of the morning's
    // first query waiting on a dead socket.
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
  });
  // An idle client can be cut off (database restart, shutdown): log it instead of crashing.
  pool.on('error', (err) => logger.warn({ err: err.message }, 'idle database client failed'));
  // So can one in use: without a listener of its own, its 'error' event (57P01 when the
  // database is killed) would be unhandled and end the process. The query in flight fails
  // and its request answers 503.
  pool.on('connect', (client) => {
    client.on('error', (err) => logger.warn({ err: err.message }, 'database connection lost'));
  });
  return pool;
}

/** Runs `work` in one transaction on one client; rolls back on any error. */
export async function withTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * PostgreSQL's answers that mean "this transaction lost a race, run it again": a deadlock
 * (40P01) and a serialization failure (40001). The database already rolled the work back.
 */
const RETRIED_CODES = new Set(['40P01', '40001']);
/** Attempts in all, so a race that keeps losing still ends. */
const RETRY_ATTEMPTS = 4;

export const lostRace = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  RETRIED_CODES.has((err as { code?: unknown }).code as string);

/**
 * withTransaction (on `db.pool`, logging to `db.logger`), run again (a few times, after a short random pause) when the database
 * chose it as a deadlock's victim or could not serialize it: a lost race is the database's
 * problem, not the caller's, and must not answer 500. `work` must have no effect outside the
 * transaction (it may run more than once); what it answers is from the attempt that committed.
 * Lock order prevents deadlocks (orders/locks.ts); this is what remains if one happens anyway.
 */
export async function withRetriedTransaction<T>(
  db: { pool: pg.Pool; logger: Pick<Logger, 'warn'> },
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await withTransaction(db.pool, work);
    } catch (err) {
      if (!lostRace(err) || attempt >= RETRY_ATTEMPTS) throw err;
      db.logger.warn({ attempt, err: (err as Error).message }, '事务与并发请求冲突，重试');
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/** The subset of pg used by queries that run either on the pool or inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;
