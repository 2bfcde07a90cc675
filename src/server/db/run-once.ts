/**
 * Work that must run in one process at a time, whatever the number of API processes on the
 * database (docs/decisions/scale-out.md "Work that runs once"): the process that takes the job's
 * advisory lock does the round; the others skip it and come back at their next round. The lock
 * is the session's, held on a connection of its own for as long as the work takes, so the work
 * may use the pool freely; a process killed mid-round loses its connection and with it the lock.
 */
import type { Pool } from './pool.ts';

/** The lock's key: a job's name hashed by the database, so jobs need no list of numbers. */
const LOCK_KEY = `hashtextextended('xinao:' || $1, 0)`;

/** Runs `work` unless another process is running the same job now; answers undefined then. */
export async function inOneProcess<T>(
  pool: Pool,
  job: string,
  work: () => Promise<T>,
): Promise<T | undefined> {
  const client = await pool.connect();
  let locked = false;
  let unlocked = false;
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_lock(${LOCK_KEY}) AS locked`,
      [job],
    );
    locked = rows[0]!.locked;
    if (!locked) return undefined;
    return await work();
  } finally {
    if (locked) {
      unlocked = await client
        .query(`SELECT pg_advisory_unlock(${LOCK_KEY})`, [job])
        .then(() => true)
        .catch(() => false);
    }
    // A lock that could not be given back goes with its connection, never back to the pool.
    client.release(locked && !unlocked);
  }
}
