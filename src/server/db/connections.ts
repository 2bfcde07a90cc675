/**
 * How many database connections a platform's processes may open together (README "Running on
 * several machines"): each API process its pool and its heartbeat's connection, each judge
 * worker its pool, the primary its own pool, plus PostgreSQL's superuser reserve and room for an
 * operator's psql. The embedded database is started with at least this many; an external one
 * that allows fewer is named at start, since "too many clients" in an exam's first minute is
 * the wrong time to learn it.
 */
import type { Logger } from '../logger.ts';
import { POOL_MAX, type Queryable } from './pool.ts';

/** PostgreSQL's default max_connections, kept when the platform needs no more. */
const POSTGRES_DEFAULT = 100;
/** superuser_reserved_connections (3) and a few sessions for people. */
const HEADROOM = 10;

export function connectionsNeeded(shape: { apiProcesses: number; judgeWorkers: number }): number {
  const primary = shape.apiProcesses > 1 ? POOL_MAX : 0;
  return shape.apiProcesses * (POOL_MAX + 1) + shape.judgeWorkers * POOL_MAX + primary + HEADROOM;
}

/** max_connections for the embedded cluster. */
export const embeddedMaxConnections = (needed: number): number =>
  Math.max(POSTGRES_DEFAULT, needed);

/** Says so when the database allows fewer connections than this machine's processes may open. */
export async function warnIfTooFewConnections(
  db: Queryable,
  needed: number,
  logger: Logger,
): Promise<void> {
  const { rows } = await db.query<{ max_connections: string }>('SHOW max_connections');
  const allowed = Number(rows[0]!.max_connections);
  if (allowed < needed) {
    logger.warn(
      { allowed, needed },
      `数据库 max_connections=${allowed}，本机的进程最多可能需要 ${needed} 个连接（其他机器另计）：请调高 max_connections 或减少 API_PROCESSES / JUDGE_WORKERS`,
    );
  }
}
