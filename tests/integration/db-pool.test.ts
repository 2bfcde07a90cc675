/**
 * A process that serves calls keeps its database connections through quiet spells
 * (docs/decisions/scale-out.md, "A pool that keeps its connections"): a class's burst after a
 * lull would otherwise pay a backend fork, the password exchange and five custom plans of every
 * prepared statement on each connection it opens again. A connection kept overnight has the
 * kernel's keepalive probes, so a NAT between the API and the database does not forget it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, POOL_MAX } from '../../src/server/db/pool.ts';
import type { Logger } from '../../src/server/logger.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform?.stop();
});

const quietLogger = { warn: () => undefined } as unknown as Logger;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens `n` connections at once (each held until all are open), then lets them go idle. */
async function openAtOnce(pool: ReturnType<typeof createPool>, n: number): Promise<void> {
  const clients = await Promise.all(Array.from({ length: n }, () => pool.connect()));
  for (const client of clients) client.release();
}

const backendsOf = async (applicationName: string): Promise<number> =>
  Number(
    (
      await platform.pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1`,
        [applicationName],
      )
    ).rows[0]!.n,
  );

describe('the database pool', () => {
  it('keeps `keepOpen` connections open past the idle timeout and closes the rest', async () => {
    const url = new URL(platform.databaseUrl);
    url.searchParams.set('application_name', 'xinao_pool_keep');
    const keeping = createPool(url.toString(), quietLogger, {
      keepOpen: 2,
      idleTimeoutMillis: 100,
    });
    url.searchParams.set('application_name', 'xinao_pool_reap');
    const reaping = createPool(url.toString(), quietLogger, { idleTimeoutMillis: 100 });
    try {
      await openAtOnce(keeping, 5);
      await openAtOnce(reaping, 5);
      expect(await backendsOf('xinao_pool_keep')).toBe(5);
      await sleep(600);
      expect(keeping.totalCount).toBe(2);
      expect(reaping.totalCount).toBe(0);
      // The database side agrees (a closed connection's backend exits a moment later).
      await expect.poll(() => backendsOf('xinao_pool_keep'), { timeout: 5_000 }).toBe(2);
      await expect.poll(() => backendsOf('xinao_pool_reap'), { timeout: 5_000 }).toBe(0);
      expect((await keeping.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
      expect(keeping.totalCount).toBe(2);
    } finally {
      await keeping.end();
      await reaping.end();
    }
  });

  it('is the platform’s own: a process that serves calls keeps all its connections', () => {
    expect(platform.pool.options.min).toBe(POOL_MAX);
  });

  it('has TCP keepalive on its connections', async () => {
    const client = await platform.pool.connect();
    try {
      const socket = (client as unknown as { connection: { stream: { localPort: number } } })
        .connection.stream;
      const local = socket.localPort.toString(16).toUpperCase().padStart(4, '0');
      // /proc/net/tcp: `tr` 02 is the keepalive timer; a socket without it shows 00 when idle.
      const line = readFileSync('/proc/net/tcp', 'utf8')
        .split('\n')
        .find((row) => row.trim().split(/\s+/)[1]?.endsWith(`:${local}`));
      expect(line, `no socket on local port ${socket.localPort}`).toBeDefined();
      expect(line!.trim().split(/\s+/)[5]!.slice(0, 2)).toBe('02');
    } finally {
      client.release();
    }
  });
});
