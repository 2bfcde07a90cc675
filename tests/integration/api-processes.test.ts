/**
 * API_PROCESSES=N (issue 28 item 1; server/api-processes.ts): `npm start`'s process becomes a
 * primary that prepares the platform, and N API processes serve its one port. Each answer names
 * the process that made it; a signed-in learner is served by either; an API process killed
 * outright is replaced while the other serves; SIGTERM stops them all; a port already taken
 * stops the start with a reason instead of restarting for ever.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { API_PREFIX } from '../../src/contract/envelope.ts';
import { DEFAULT_SEED_PASSWORD } from '../../src/server/config.ts';
import { findFreePort } from '../../src/server/net.ts';
import { RawClient } from '../support/api.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { spawnServer } from '../support/server-processes.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let database: TestPlatform;
beforeAll(async () => {
  database = await startTestPlatform({ judgeWorkers: 0 });
});
afterAll(async () => {
  await database?.stop();
});

async function startWithProcesses(count: number, port: number) {
  const started = await spawnServer(database.pool.options.connectionString!, port, {
    API_PROCESSES: String(count),
  });
  return { ...started, apiUrl: `http://127.0.0.1:${port}${API_PREFIX}` };
}

const instanceOf = async (client: RawClient): Promise<string> => {
  const answer = await client.call(accounts.queryCurrent);
  expect(answer.body.success).toBe(true);
  return answer.headers.get('x-xinao-instance')!;
};
const pidOf = (instance: string) => Number(instance.split(':')[1]);

/** The processes that served `n` calls of the signed-in client. */
async function spread(client: RawClient, n: number): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) seen.add(await instanceOf(client));
  return seen;
}

describe('API_PROCESSES=2', () => {
  let started: Awaited<ReturnType<typeof startWithProcesses>>;
  afterAll(async () => {
    await started?.stop();
  });

  it('serves one port from two processes, replaces one killed, and stops them all', async () => {
    started = await startWithProcesses(2, await findFreePort());
    const student = new RawClient(started.apiUrl).newConnectionPerCall();
    const deadline = Date.now() + 90_000;
    for (;;) {
      const login = await student
        .call(accounts.loginByPwd, {
          body: { username: 'demo_student', password: DEFAULT_SEED_PASSWORD },
        })
        .catch(() => null);
      if (login?.body.success) break;
      if (Date.now() > deadline || started.child.exitCode !== null) {
        throw new Error(`did not start:\n${started.output()}`);
      }
      await sleep(300);
    }
    // One session, served by both (the second may still be starting): nothing of it lives in a
    // process.
    await expect
      .poll(async () => (await spread(student, 4)).size, { timeout: 60_000, interval: 500 })
      .toBe(2);
    const first = await spread(student, 8);
    expect(first.size).toBe(2);
    for (const instance of first) expect(pidOf(instance)).not.toBe(started.child.pid);

    const [killed, kept] = [...first];
    process.kill(pidOf(killed!), 'SIGKILL');
    // Once the primary has seen the death (a connection handed over in the instant before is
    // lost by node:cluster: docs/decisions/scale-out.md), the other serves every call while a
    // replacement starts.
    await expect
      .poll(() => started.output(), { timeout: 10_000, interval: 50 })
      .toContain('API 进程退出，稍后重启');
    const meanwhile = await spread(student, 4);
    expect(meanwhile.has(killed!)).toBe(false);
    expect(meanwhile.has(kept!)).toBe(true);
    await expect
      .poll(async () => (await spread(student, 4)).size, { timeout: 60_000, interval: 500 })
      .toBe(2);
    const after = await spread(student, 8);
    expect(after.has(killed!)).toBe(false);

    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    await sleep(200);
    for (const instance of after) {
      expect(() => process.kill(pidOf(instance), 0)).toThrow();
    }
  }, 180_000);

  it('stops with a reason when the port is taken, instead of restarting for ever', async () => {
    const taken = net.createServer();
    const port = await findFreePort();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      const failing = await startWithProcesses(2, port);
      expect(await failing.exited).toBe(1);
      expect(failing.output()).toContain('未能开始服务');
    } finally {
      taken.close();
    }
  }, 120_000);
});
