/**
 * Two API processes on one database (issue 28 item 1): what each process kept for itself is
 * now shared or announced. Each check fails when the state is per process: a client's rate
 * limit counted once across both, and a change made through one process seen by the other at
 * once — the site's texts (queryByKey's cache) and the registered apps (every request's appid);
 * an AI reply asked through one process and read through the other; the replies of a process
 * that is gone ended within seconds, uncharged, while a live process's are left to it.
 * The second API is a second platform started on the first one's database, as a second process
 * or machine would run it.
 */
import pg, { type PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { ai } from '../../src/contract/ai/calls.ts';
import { app } from '../../src/contract/app/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { siteConfig } from '../../src/contract/site-config/calls.ts';
import { INTERRUPTED_MESSAGE, ORPHANED_MESSAGE } from '../../src/server/ai/registry.ts';
import { inOneProcess } from '../../src/server/db/run-once.ts';
import { HEARTBEAT_MS } from '../../src/server/instance.ts';
import { pruneExpired } from '../../src/server/envelope/nonces.ts';
import { createTransport, type Transport } from '../../src/transport/client.ts';
import { RawClient, sdk } from '../support/api.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';

let one: TestPlatform;
let two: TestPlatform;
let admin: Transport;

beforeAll(async () => {
  one = await startTestPlatform();
  two = await startTestPlatform({
    databaseUrl: one.pool.options.connectionString!,
    judgeWorkers: 0,
  });
  admin = (await loginAs(one, 'admin')).api;
}, 120_000);

afterAll(async () => {
  await two?.stop();
  await one?.stop();
});

/** The session of `signedIn` (its cookie) through another API process. */
const sameSessionOn = (other: TestPlatform, signedIn: Transport): Transport =>
  createTransport({
    baseUrl: other.apiUrl,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('cookie', signedIn.cookies!.header() ?? '');
      return fetch(input, { ...init, headers });
    },
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Soon: a change announced on commit reaches the other process within milliseconds. */
const soon = { timeout: 3_000, interval: 50 };

describe('two API processes on one database', () => {
  it('answer as two processes, each naming itself', async () => {
    const [a, b] = await Promise.all(
      [one, two].map((p) => new RawClient(p.apiUrl).call(accounts.verify)),
    );
    const [ia, ib] = [a!.headers.get('x-xinao-instance'), b!.headers.get('x-xinao-instance')];
    expect(ia).toMatch(/^.+:\d+:[0-9a-f]{4}$/);
    expect(ib).toMatch(/^.+:\d+:[0-9a-f]{4}$/);
    expect(ia).not.toBe(ib);
  });

  it('keep saying a process is alive while every connection of its pool is busy', async () => {
    const id = (await new RawClient(two.apiUrl).call(accounts.verify)).headers.get(
      'x-xinao-instance',
    );
    const aliveAt = async () =>
      (
        await one.pool.query<{ at: Date }>(
          'SELECT alive_at AS at FROM api_instances WHERE id = $1',
          [id],
        )
      ).rows[0]!.at.getTime();
    // A burst holds all of the second process's connections for longer than two beats (some
    // are held for good by its listeners: take connections until no more come).
    const held: PoolClient[] = [];
    for (;;) {
      const next = two.pool.connect();
      const got = await Promise.race([next, sleep(300).then(() => null)]);
      if (got === null) {
        void next.then((late) => late.release());
        break;
      }
      held.push(got);
    }
    try {
      const before = await aliveAt();
      await expect
        .poll(aliveAt, { timeout: 3 * HEARTBEAT_MS, interval: 100 })
        .toBeGreaterThan(before);
    } finally {
      for (const client of held) client.release();
    }
  }, 20_000);

  it('count a client’s rate limit once across both: the limit is not doubled', async () => {
    const max = accounts.loginByPwd.rateLimit!.max;
    const ip = '10.99.0.7';
    const clients = [new RawClient(one.apiUrl, ip), new RawClient(two.apiUrl, ip)];
    const codes: number[] = [];
    for (let i = 0; i < max + 2; i++) {
      const attempt = await clients[i % 2]!.call(accounts.loginByPwd, {
        body: { username: `spread_${i}`, password: 'guess-000' },
      });
      codes.push(attempt.body.code);
    }
    expect(codes.slice(0, max).every((c) => c === ErrorCode.BAD_CREDENTIALS)).toBe(true);
    expect(codes.slice(max)).toEqual([ErrorCode.RATE_LIMITED, ErrorCode.RATE_LIMITED]);
  });

  it('show a site text changed through one process on the other at once', async () => {
    const reader = sdk(two.apiUrl);
    const created = await admin.call(siteConfig['common.config.create'], {
      body: { key: 'site.notice', value: '第一版', kind: 'text', isPublic: true },
    });
    const read = () =>
      reader.call(siteConfig['common.config.queryByKey'], { query: { key: 'site.notice' } });
    // The other process reads it, and keeps it in its cache.
    expect((await read()).value).toBe('第一版');
    await admin.call(siteConfig['common.config.update'], {
      body: { id: created.id, value: '第二版', kind: 'text', isPublic: true },
    });
    await expect.poll(async () => (await read()).value, soon).toBe('第二版');
  });

  it('refuse an app disabled through one process on the other at once', async () => {
    const created = await admin.call(app['app.create'], {
      body: { appId: 'campus-kiosk', name: '校园一体机' },
    });
    const verify = () =>
      new RawClient(two.apiUrl).send('GET', '/verify', { appId: 'campus-kiosk' });
    await expect.poll(async () => (await verify()).status, soon).not.toBe(403);
    await admin.call(app['app.update'], {
      body: { id: created.id, name: '校园一体机', enabled: false },
    });
    await expect.poll(async () => (await verify()).status, soon).toBe(403);
    expect((await verify()).body.message).toBe('应用 campus-kiosk 已停用，请求被拒绝');
  });

  it('let a learner ask the assistant through one and read the reply through the other', async () => {
    const { api: student } = await loginAs(one, 'student');
    // The same session through the other process: its cookie, another base address.
    const across = sameSessionOn(two, student);
    const session = await student.call(ai['oj.aiSession.create'], { body: { scene: 'general' } });
    const { reply } = await student.call(ai['oj.aiSession.message.create'], {
      body: { sessionId: session.id, content: '什么是前缀和？' },
    });
    const streamed = await across.stream(ai['oj.aiSession.message.chatStream.{sessionId}'], {
      params: { sessionId: session.id },
      query: { messageId: reply.id, after: 0 },
    });
    const text = await streamed.text();
    expect(text).toContain('event: done');
    expect(text).toContain('"status":"done"');
  });

  it('end the replies of a process that is gone, uncharged, and leave a live process’s alone', async () => {
    const { api: student } = await loginAs(one, 'student');
    const session = await student.call(ai['oj.aiSession.create'], { body: { scene: 'general' } });
    const studentId = (await student.call(accounts.queryCurrent, {})).id;
    // A third process, alive (its beat kept fresh below), generating a reply of its own.
    const beat = () =>
      one.pool.query(
        `INSERT INTO api_instances (id) VALUES ('third-host:77:beef')
         ON CONFLICT (id) DO UPDATE SET alive_at = now()`,
      );
    await beat();
    const beating = setInterval(() => void beat(), 1_000);
    const { rows } = await one.pool.query<{ id: number; owner: string }>(
      `INSERT INTO ai_messages (session_id, member_id, role, content, status, provider, owner)
       VALUES ($1, $2, 'assistant', '半截', 'streaming', 'builtin', $3),
              ($1, $2, 'assistant', '', 'streaming', 'builtin', $4)
       RETURNING id, owner`,
      [session.id, studentId, 'killed-host:4242:dead', 'third-host:77:beef'],
    );
    const [killed, live] = rows;
    const statusOf = async (id: number) =>
      (
        await one.pool.query<{ status: string; tokens: number; error: string | null }>(
          'SELECT status, tokens, error FROM ai_messages WHERE id = $1',
          [id],
        )
      ).rows[0]!;
    // Within seconds, whichever process sweeps first ends the killed process's reply.
    await expect
      .poll(async () => (await statusOf(killed!.id)).status, { timeout: 10_000 })
      .toBe('failed');
    expect(await statusOf(killed!.id)).toEqual({
      status: 'failed',
      tokens: 0,
      error: INTERRUPTED_MESSAGE,
    });
    // The live process's reply is still its own, after several sweeps of both processes.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect((await statusOf(live!.id)).status).toBe('streaming');
    clearInterval(beating);
    await one.pool.query(`UPDATE ai_messages SET status = 'failed' WHERE id = $1`, [live!.id]);
    await one.pool.query(`DELETE FROM api_instances WHERE id = 'third-host:77:beef'`);
  }, 20_000);

  it('stop a reply through the process that does not generate it', async () => {
    const { api: student } = await loginAs(one, 'student');
    const studentId = (await student.call(accounts.queryCurrent, {})).id;
    const session = await student.call(ai['oj.aiSession.create'], { body: { scene: 'general' } });
    const owner = (await new RawClient(one.apiUrl).call(accounts.verify)).headers.get(
      'x-xinao-instance',
    )!;
    // A reply the first process owns but no longer generates (its end could not be stored).
    const { rows } = await one.pool.query<{ id: number }>(
      `INSERT INTO ai_messages (session_id, member_id, role, content, status, provider, owner)
       VALUES ($1, $2, 'assistant', '半截', 'streaming', 'builtin', $3) RETURNING id`,
      [session.id, studentId, owner],
    );
    const across = sameSessionOn(two, student);
    // The second process may not end it itself: it asks the owner, which ends it at once.
    const stopped = await across.call(ai['oj.aiSession.message.stop'], {
      body: { messageId: rows[0]!.id },
    });
    expect(stopped).toMatchObject({ status: 'failed', tokens: 0, error: ORPHANED_MESSAGE });
  }, 20_000);
});

/** `platform` takes the job and holds it until finish(); answers once the work has begun. */
async function holdJob(platform: TestPlatform, job: string) {
  let begun!: () => void;
  let finish!: () => void;
  const started = new Promise<void>((resolve) => (begun = resolve));
  const held = new Promise<void>((resolve) => (finish = resolve));
  const running = inOneProcess(platform.pool, job, async () => {
    begun();
    await held;
    return 'held';
  });
  await Promise.race([started, running]);
  return { running, finish };
}

describe('work that must run once, with two API processes', () => {
  it('is done by the process that takes the job; the other skips that round', async () => {
    const { running, finish } = await holdJob(one, 'test-job');
    // The first process has the job (its work waits): the second skips, twice over.
    expect(await inOneProcess(two.pool, 'test-job', async () => 'two')).toBeUndefined();
    expect(await inOneProcess(two.pool, 'test-job', async () => 'two')).toBeUndefined();
    // Another job is not held up by it.
    expect(await inOneProcess(two.pool, 'other-job', async () => 'two')).toBe('two');
    finish();
    expect(await running).toBe('held');
    expect(await inOneProcess(two.pool, 'test-job', async () => 'two')).toBe('two');
  });

  it('gives the job back when the work fails, and when its process is gone', async () => {
    await expect(
      inOneProcess(one.pool, 'test-job', () => Promise.reject(new Error('failed round'))),
    ).rejects.toThrow('failed round');
    expect(await inOneProcess(two.pool, 'test-job', async () => 'two')).toBe('two');
    // A process killed mid-round: its connection goes, and the lock with it.
    const killed = new pg.Client({ connectionString: one.pool.options.connectionString });
    await killed.connect();
    await killed.query(`SELECT pg_advisory_lock(hashtextextended('xinao:test-job', 0))`);
    expect(await inOneProcess(two.pool, 'test-job', async () => 'two')).toBeUndefined();
    await killed.end();
    await expect.poll(() => inOneProcess(two.pool, 'test-job', async () => 'two')).toBe('two');
  });

  it('prunes in one process at a time: a round taken elsewhere is skipped', async () => {
    const nonce = `run-once-${Date.now()}`;
    await one.pool.query(
      `INSERT INTO envelope_nonces (nonce, expires_at) VALUES ($1, now() - interval '1 minute')`,
      [nonce],
    );
    const left = async () =>
      (await one.pool.query('SELECT 1 FROM envelope_nonces WHERE nonce = $1', [nonce])).rowCount;
    const elsewhere = await holdJob(one, 'prune-expired');
    await pruneExpired(two.pool, []);
    expect(await left()).toBe(1);
    elsewhere.finish();
    await elsewhere.running;
    await pruneExpired(two.pool, []);
    expect(await left()).toBe(0);
  });
});
