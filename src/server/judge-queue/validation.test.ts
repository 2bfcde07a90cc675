import { describe, expect, it } from 'vitest';
import type { Pool } from '../db/pool.ts';
import type { Queryable } from '../db/pool.ts';
import type { JobKind, LeasedJob } from './jobs.ts';
import { PgListener } from '../db/pg-listener.ts';
import { claim, enqueue, heartbeat } from './queue.ts';
import { runWorker } from './worker.ts';

/** A database that must not be reached: bad input is refused before any query. */
const unreachable = {
  query: () => {
    throw new Error('the database was queried');
  },
  connect: () => {
    throw new Error('the database was connected to');
  },
} as unknown as Queryable & Pool;

describe('input checks before any query', () => {
  it('refuses an unknown kind and a bad attempt count', async () => {
    await expect(
      enqueue(unreachable, { kind: 'contest' as JobKind, payload: null }),
    ).rejects.toThrow('unknown judge job kind: contest');
    await expect(
      enqueue(unreachable, { kind: 'exam', payload: null, maxAttempts: 0 }),
    ).rejects.toThrow('maxAttempts must be a positive integer');
    await expect(
      enqueue(unreachable, { kind: 'exam', payload: null, maxAttempts: 1.5 }),
    ).rejects.toThrow('maxAttempts must be a positive integer');
  });

  it('refuses a lease that is not a positive length', async () => {
    await expect(claim(unreachable, { workerId: 'w', leaseMs: -1 })).rejects.toThrow('leaseMs');
    await expect(claim(unreachable, { workerId: 'w', leaseMs: Number.NaN })).rejects.toThrow(
      'leaseMs',
    );
    const job = { id: 1, leaseToken: 't', leaseMs: 0 } as LeasedJob;
    await expect(heartbeat(unreachable, job)).rejects.toThrow('leaseMs');
  });

  it('refuses a worker without slots', async () => {
    await expect(
      runWorker({ pool: unreachable, workerId: 'w', handler: async () => null, concurrency: 0 }),
    ).rejects.toThrow('concurrency must be a positive integer');
  });

  it('refuses a channel name that is not a plain identifier', () => {
    expect(() => new PgListener(unreachable, ['jobs; DROP TABLE users'], () => undefined)).toThrow(
      'bad channel name',
    );
  });
});
