import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/server/db/pool.ts';
import type { Pool } from '../../src/server/db/pool.ts';
import {
  PermanentJobError,
  claim,
  complete,
  enqueue,
  fail,
  getJob,
  heartbeat,
  release,
  reportProgress,
  runWorker,
  subscribeJobUpdates,
} from '../../src/server/judge-queue/index.ts';
import type {
  JobHandler,
  JobKind,
  JsonValue,
  WorkerOptions,
} from '../../src/server/judge-queue/index.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;
let pool: Pool;
let connectionString: string;
/** Pools opened by a test (a second "process"), closed after all tests. */
const extraPools: pg.Pool[] = [];

beforeAll(async () => {
  platform = await startTestPlatform();
  pool = platform.pool;
  connectionString = (pool as unknown as { options: { connectionString: string } }).options
    .connectionString;
});

afterAll(async () => {
  await Promise.all(extraPools.map((p) => p.end()));
  await platform?.stop();
});

beforeEach(async () => {
  await pool.query('DELETE FROM judge_jobs');
});

function newPool(): pg.Pool {
  const p = new pg.Pool({ connectionString, max: 5 });
  // An idle client cut off when the database stops must not fail the run.
  p.on('error', () => undefined);
  extraPools.push(p);
  return p;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms`);
    await delay(20);
  }
}

/** Starts a worker; `stop()` aborts it and waits until it has stopped. */
function startWorker(options: Omit<WorkerOptions, 'signal'>) {
  const controller = new AbortController();
  const running = runWorker({ ...options, signal: controller.signal });
  return {
    running,
    stop: async () => {
      controller.abort();
      await running;
    },
  };
}

describe('claiming', () => {
  it('takes exam jobs before practice before debug, each kind oldest first', async () => {
    const order: [JobKind, string][] = [
      ['debug', 'd1'],
      ['practice', 'p1'],
      ['exam', 'e1'],
      ['debug', 'd2'],
      ['practice', 'p2'],
      ['exam', 'e2'],
    ];
    for (const [kind, name] of order) await enqueue(pool, { kind, payload: { name } });
    const claimed: JsonValue[] = [];
    for (;;) {
      const job = await claim(pool, { workerId: 'w', leaseMs: 60_000 });
      if (!job) break;
      claimed.push((job.payload as { name: string }).name);
    }
    expect(claimed).toEqual(['e1', 'e2', 'p1', 'p2', 'd1', 'd2']);
  });

  it('returns a leased job and stores payloads of any JSON shape', async () => {
    const payload = [1, 'two', { three: [3] }, null];
    const id = await enqueue(pool, { kind: 'practice', payload });
    const job = await claim(pool, { workerId: 'worker-a', leaseMs: 5_000 });
    expect(job).toMatchObject({
      id,
      kind: 'practice',
      payload,
      status: 'running',
      attempts: 1,
      maxAttempts: 3,
      leaseOwner: 'worker-a',
      leaseMs: 5_000,
    });
    expect(job!.leaseToken).toMatch(/^[0-9a-f-]{36}$/);
    const msLeft = job!.leaseExpiresAt.getTime() - Date.now();
    expect(msLeft).toBeGreaterThan(3_000);
    expect(msLeft).toBeLessThanOrEqual(6_000);
    expect(await claim(pool, { workerId: 'worker-b', leaseMs: 5_000 })).toBeNull();
  });

  it('enqueued inside a transaction, a job exists only once committed', async () => {
    await expect(
      withTransaction(pool, async (client) => {
        await enqueue(client, { kind: 'exam', payload: { submission: 1 } });
        throw new Error('the submission was not saved');
      }),
    ).rejects.toThrow('the submission was not saved');
    expect(await claim(pool, { workerId: 'w', leaseMs: 1_000 })).toBeNull();
    const id = await withTransaction(pool, (client) =>
      enqueue(client, { kind: 'exam', payload: { submission: 2 } }),
    );
    expect((await claim(pool, { workerId: 'w', leaseMs: 1_000 }))?.id).toBe(id);
  });

  it('never hands the same job to two claimants racing on separate connections', async () => {
    const ids = new Set<number>();
    for (let i = 0; i < 20; i++) ids.add(await enqueue(pool, { kind: 'practice', payload: i }));
    const pools = [newPool(), newPool(), newPool()];
    const claims = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        claim(pools[i % 3]!, { workerId: `racer-${i}`, leaseMs: 60_000 }),
      ),
    );
    const taken = claims.filter((job) => job !== null).map((job) => job.id);
    expect(taken).toHaveLength(20);
    expect(new Set(taken)).toEqual(ids);
  });

  it('refuses a bad kind and a bad lease length', async () => {
    await expect(enqueue(pool, { kind: 'contest' as JobKind, payload: 1 })).rejects.toThrow(
      'unknown judge job kind',
    );
    await expect(claim(pool, { workerId: 'w', leaseMs: 0 })).rejects.toThrow('leaseMs');
  });
});

describe('leases', () => {
  it('extends the lease only for its holder', async () => {
    await enqueue(pool, { kind: 'practice', payload: 1 });
    const job = (await claim(pool, { workerId: 'w', leaseMs: 1_000 }))!;
    const before = job.leaseExpiresAt.getTime();
    expect(await heartbeat(pool, job, 60_000)).toBe(true);
    expect(job.leaseExpiresAt.getTime()).toBeGreaterThan(before + 30_000);
    const impostor = { ...job, leaseToken: '00000000-0000-4000-8000-000000000000' };
    expect(await heartbeat(pool, impostor)).toBe(false);
    expect(await reportProgress(pool, impostor, { phase: 'compiling' })).toBe(false);
    expect(await complete(pool, impostor, 'forged')).toBe(false);
    expect(await fail(pool, impostor, 'forged')).toBe(false);
    expect(await getJob(pool, job.id)).toMatchObject({ status: 'running', progress: null });
  });

  it("takes a dead worker's job again; the dead worker's late writes are refused", async () => {
    const id = await enqueue(pool, { kind: 'exam', payload: { source: 'int main(){}' } });
    // The dead worker claims with a short lease, then never heartbeats nor completes.
    const dead = (await claim(pool, { workerId: 'dead', leaseMs: 300 }))!;
    expect(dead.id).toBe(id);
    expect(await reportProgress(pool, dead, { phase: 'compiling' })).toBe(true);

    const handled: number[] = [];
    const worker = startWorker({
      pool,
      workerId: 'alive',
      leaseMs: 5_000,
      pollIntervalMs: 60_000,
      handler: async (job) => {
        handled.push(job.id);
        return { verdict: 'AC', by: 'alive' };
      },
    });
    try {
      // No notification marks a lease running out: the idle worker wakes at the lease's end.
      const done = await waitFor(
        () => getJob(pool, id),
        (job) => job?.status === 'done',
        5_000,
      );
      expect(done).toMatchObject({
        attempts: 2,
        leaseOwner: 'alive',
        result: { verdict: 'AC', by: 'alive' },
      });
      expect(handled).toEqual([id]);
    } finally {
      await worker.stop();
    }

    // The dead worker comes back to life with its stale claim.
    expect(await heartbeat(pool, dead)).toBe(false);
    expect(await reportProgress(pool, dead, { phase: 'running', case: 1, of: 2 })).toBe(false);
    expect(await complete(pool, dead, { verdict: 'WA', by: 'dead' })).toBe(false);
    expect(await fail(pool, dead, 'late failure')).toBe(false);
    expect(await release(pool, dead)).toBe(false);
    expect(await getJob(pool, id)).toMatchObject({
      status: 'done',
      result: { verdict: 'AC', by: 'alive' },
      error: null,
    });
  });

  it('a worker process killed mid-job: the job is judged once, by the next worker', async () => {
    const id = await enqueue(pool, { kind: 'exam', payload: { submission: 'killed' } });
    const queueModule = fileURLToPath(
      new URL('../../src/server/judge-queue/index.ts', import.meta.url),
    );
    // A separate worker process that reports progress, then hangs until it is killed.
    const script = `
      import pg from 'pg';
      import { runWorker } from ${JSON.stringify(queueModule)};
      const pool = new pg.Pool({ connectionString: process.env.JQ_DATABASE_URL });
      pool.on('error', () => undefined);
      await runWorker({
        pool, workerId: 'doomed', leaseMs: 600, pollIntervalMs: 60_000,
        handler: async (job, { reportProgress }) => {
          await reportProgress({ phase: 'running', case: 1, of: 3 });
          console.log('judging ' + job.id);
          return new Promise(() => {});
        },
      });`;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        env: { ...process.env, JQ_DATABASE_URL: connectionString },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes(`judging ${id}`)) resolve();
        });
        child.once('exit', (code) => reject(new Error(`worker process exited early: ${code}`)));
      });
    } finally {
      child.kill('SIGKILL');
    }
    expect(await getJob(pool, id)).toMatchObject({
      status: 'running',
      leaseOwner: 'doomed',
      progress: { phase: 'running', case: 1, of: 3 },
    });

    const handled: string[] = [];
    const worker = startWorker({
      pool,
      workerId: 'restarted',
      pollIntervalMs: 60_000,
      handler: async (job) => {
        handled.push(`${job.id}@${job.attempts}`);
        return { verdict: 'AC' };
      },
    });
    try {
      await waitFor(
        () => getJob(pool, id),
        (job) => job?.status === 'done',
        5_000,
      );
    } finally {
      await worker.stop();
    }
    expect(handled).toEqual([`${id}@2`]);
    expect(await getJob(pool, id)).toMatchObject({
      attempts: 2,
      leaseOwner: 'restarted',
      result: { verdict: 'AC' },
    });
  });

  it('a worker that loses its lease mid-job aborts the handler and discards its result', async () => {
    const id = await enqueue(pool, { kind: 'practice', payload: 'slow' });
    let handlerSignal: AbortSignal | undefined;
    const worker = startWorker({
      pool,
      workerId: 'slow',
      leaseMs: 300,
      pollIntervalMs: 60_000,
      handler: async (_job, { signal }) => {
        handlerSignal = signal;
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        return { verdict: 'AC', by: 'slow' };
      },
    });
    try {
      await waitFor(
        () => getJob(pool, id),
        (job) => job?.leaseOwner === 'slow',
      );
      // Another worker takes the job over (as after a long pause of the first one). One
      // transaction, so no heartbeat of the first worker can slip in between.
      const other = await withTransaction(pool, async (client) => {
        await client.query(
          `UPDATE judge_jobs SET lease_expires_at = now() - interval '1 second' WHERE id = $1`,
          [id],
        );
        return (await claim(client, { workerId: 'other', leaseMs: 60_000 }))!;
      });
      expect(other.id).toBe(id);
      await waitFor(
        async () => handlerSignal?.aborted,
        (aborted) => aborted === true,
        2_000,
      );
      expect(await complete(pool, other, { verdict: 'WA', by: 'other' })).toBe(true);
    } finally {
      await worker.stop();
    }
    expect(await getJob(pool, id)).toMatchObject({
      status: 'done',
      attempts: 2,
      result: { verdict: 'WA', by: 'other' },
    });
  });
});

describe('poison jobs', () => {
  it('fails a job whose lease ran out max-attempts times, with a clear error', async () => {
    const id = await enqueue(pool, { kind: 'practice', payload: 'fork bomb', maxAttempts: 3 });
    for (let attempt = 1; attempt <= 3; attempt++) {
      const job = await claim(pool, { workerId: `victim-${attempt}`, leaseMs: 50 });
      expect(job).toMatchObject({ id, attempts: attempt });
      await delay(80);
    }
    expect(await claim(pool, { workerId: 'next', leaseMs: 50 })).toBeNull();
    const failed = await getJob(pool, id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, leaseToken: null });
    expect(failed!.error).toContain('已尝试 3 次');
    expect(failed!.finishedAt).toBeInstanceOf(Date);
  });

  it('retries a throwing handler until its attempts are used up; a permanent error fails at once', async () => {
    const flaky = await enqueue(pool, { kind: 'practice', payload: 'throws', maxAttempts: 2 });
    const broken = await enqueue(pool, { kind: 'practice', payload: 'permanent' });
    const calls: JsonValue[] = [];
    const handler: JobHandler = async (job) => {
      calls.push(job.payload);
      if (job.payload === 'permanent') throw new PermanentJobError('题目数据缺失');
      throw new Error(`sandbox unavailable (attempt ${job.attempts})`);
    };
    const worker = startWorker({ pool, workerId: 'w', leaseMs: 5_000, handler });
    try {
      await waitFor(
        async () => [await getJob(pool, flaky), await getJob(pool, broken)],
        (jobs) => jobs.every((job) => job?.status === 'failed'),
      );
    } finally {
      await worker.stop();
    }
    expect(await getJob(pool, flaky)).toMatchObject({
      attempts: 2,
      error: '判题任务已尝试 2 次仍未成功，最后一次出错：sandbox unavailable (attempt 2)',
    });
    expect(await getJob(pool, broken)).toMatchObject({ attempts: 1, error: '题目数据缺失' });
    expect(calls.filter((p) => p === 'throws')).toHaveLength(2);
    expect(calls.filter((p) => p === 'permanent')).toHaveLength(1);
  });
});

describe('workers', () => {
  it('three workers (one with two slots) handle 50 jobs, each exactly once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) {
      const kind = (['exam', 'practice', 'debug'] as const)[i % 3]!;
      ids.push(await enqueue(pool, { kind, payload: { n: i } }));
    }
    const handledBy = new Map<number, string[]>();
    const workers = ['w1', 'w2', 'w3'].map((workerId) =>
      startWorker({
        // Each worker has its own pool, like a separate process.
        pool: newPool(),
        workerId,
        concurrency: workerId === 'w3' ? 2 : 1,
        leaseMs: 5_000,
        pollIntervalMs: 60_000,
        handler: async (job) => {
          handledBy.set(job.id, [...(handledBy.get(job.id) ?? []), workerId]);
          await delay(Math.random() * 10);
          return { square: (job.payload as { n: number }).n ** 2 };
        },
      }),
    );
    try {
      await waitFor(
        async () =>
          (
            await pool.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM judge_jobs WHERE status = 'done'`,
            )
          ).rows[0]!.n,
        (n) => n === 50,
      );
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    expect([...handledBy.keys()].sort((a, b) => a - b)).toEqual(ids);
    for (const owners of handledBy.values()) expect(owners).toHaveLength(1);
    const busy = new Set([...handledBy.values()].map((owners) => owners[0]));
    expect(busy.size).toBeGreaterThan(1);
    const { rows } = await pool.query<{ payload: { n: number }; result: { square: number } }>(
      'SELECT payload, result FROM judge_jobs',
    );
    for (const row of rows) expect(row.result.square).toBe(row.payload.n ** 2);
  });

  it("writes the caller's record in the same transaction as the result, once", async () => {
    await pool.query(
      `CREATE TABLE IF NOT EXISTS judge_queue_test_verdicts (job_id bigint PRIMARY KEY, verdict jsonb)`,
    );
    const id = await enqueue(pool, { kind: 'exam', payload: 'record me' });
    let recordCalls = 0;
    const worker = startWorker({
      pool,
      workerId: 'recorder',
      pollIntervalMs: 60_000,
      handler: async () => ({ verdict: 'AC' }),
      recordResult: async (client, job, result) => {
        recordCalls += 1;
        await client.query(
          'INSERT INTO judge_queue_test_verdicts (job_id, verdict) VALUES ($1, $2::jsonb)',
          [job.id, JSON.stringify(result)],
        );
        // The first record fails after writing: its row must roll back with the completion.
        if (recordCalls === 1) throw new Error('submissions table locked');
      },
    });
    try {
      await waitFor(
        () => getJob(pool, id),
        (job) => job?.status === 'done',
      );
    } finally {
      await worker.stop();
    }
    expect(recordCalls).toBe(2);
    expect(await getJob(pool, id)).toMatchObject({ attempts: 2, result: { verdict: 'AC' } });
    const { rows } = await pool.query('SELECT job_id, verdict FROM judge_queue_test_verdicts');
    expect(rows).toEqual([{ job_id: String(id), verdict: { verdict: 'AC' } }]);
    await pool.query('DROP TABLE judge_queue_test_verdicts');
  });

  it('a NOTIFY wakes an idle worker at once; without it the worker waits for its poll', async () => {
    const started = new Map<number, number>();
    const handler: JobHandler = async (job) => {
      started.set(job.id, Date.now());
      return null;
    };
    const worker = startWorker({ pool, workerId: 'listening', pollIntervalMs: 60_000, handler });
    try {
      // A first job proves the worker is up and listening; then it goes idle.
      const warmUp = await enqueue(pool, { kind: 'debug', payload: 'warm-up' });
      await waitFor(
        () => getJob(pool, warmUp),
        (job) => job?.status === 'done',
      );
      await delay(300);
      const enqueuedAt = Date.now();
      const id = await enqueue(pool, { kind: 'debug', payload: 'wake up' });
      await waitFor(
        async () => started.get(id),
        (at) => at !== undefined,
        2_000,
      );
      expect(started.get(id)! - enqueuedAt).toBeLessThan(500);
    } finally {
      await worker.stop();
    }

    const deaf = startWorker({
      pool,
      workerId: 'polling-only',
      pollIntervalMs: 60_000,
      notifications: false,
      handler,
    });
    try {
      await delay(300);
      const id = await enqueue(pool, { kind: 'debug', payload: 'unheard' });
      await delay(700);
      expect(started.has(id)).toBe(false);
      expect((await getJob(pool, id))?.status).toBe('queued');
    } finally {
      await deaf.stop();
    }
  });

  it('reports progress to subscribers: queued, running, each phase, done', async () => {
    const seen: { id: number; status: string; progress: JsonValue }[] = [];
    const notified: number[] = [];
    const subscription = await subscribeJobUpdates(connectionString, (jobId) => {
      notified.push(jobId);
      void getJob(pool, jobId).then((job) => {
        if (job) seen.push({ id: jobId, status: job.status, progress: job.progress });
      });
    });
    let id = 0;
    const worker = startWorker({
      pool,
      workerId: 'reporter',
      pollIntervalMs: 60_000,
      handler: async (_job, { reportProgress: report }) => {
        expect(await report({ phase: 'compiling' })).toBe(true);
        await delay(50);
        expect(await report({ phase: 'running', case: 1, of: 2 })).toBe(true);
        await delay(50);
        expect(await report({ phase: 'running', case: 2, of: 2 })).toBe(true);
        await delay(50);
        return { verdict: 'AC' };
      },
    });
    try {
      id = await enqueue(pool, { kind: 'practice', payload: 'progress' });
      await waitFor(
        async () => notified.length,
        (n) => n >= 6,
      );
    } finally {
      await worker.stop();
    }
    // insert, claim, three progress reports, complete: a heartbeat is not news.
    await delay(200);
    expect(notified).toEqual([id, id, id, id, id, id]);
    expect(seen.map((s) => s.progress)).toEqual(
      expect.arrayContaining([
        { phase: 'compiling' },
        { phase: 'running', case: 1, of: 2 },
        { phase: 'running', case: 2, of: 2 },
      ]),
    );
    expect(seen.at(-1)).toMatchObject({ status: 'done' });

    await subscription.unsubscribe();
    await enqueue(pool, { kind: 'practice', payload: 'after unsubscribe' });
    await delay(200);
    expect(notified).toHaveLength(6);
  });

  it('a subscription on the pool gives its client back when it ends', async () => {
    const updates: number[] = [];
    const subscription = await subscribeJobUpdates(pool, (jobId) => updates.push(jobId));
    const id = await enqueue(pool, { kind: 'exam', payload: 'x' });
    await waitFor(
      async () => updates.length,
      (n) => n >= 1,
    );
    expect(updates).toEqual([id]);
    const held = pool.totalCount - pool.idleCount;
    await subscription.unsubscribe();
    expect(pool.totalCount - pool.idleCount).toBe(held - 1);
    const listening = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_listening_channels()`,
    );
    expect(listening.rows[0]!.n).toBe(0);
  });
});

describe('a lost listening connection', () => {
  it('comes back by itself and tells the subscriber to re-read', async () => {
    const updates: number[] = [];
    const errors: string[] = [];
    let reconnects = 0;
    const subscription = await subscribeJobUpdates(pool, (jobId) => updates.push(jobId), {
      retryMs: 50,
      onError: (err) => errors.push(err.message),
      onReconnect: () => (reconnects += 1),
    });
    try {
      const killed = await pool.query<{ killed: boolean }>(
        `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
          WHERE query = 'LISTEN judge_job_updates' AND pid <> pg_backend_pid()`,
      );
      expect(killed.rows.map((r) => r.killed)).toEqual([true]);
      await waitFor(
        async () => reconnects,
        (n) => n === 1,
        5_000,
      );
      expect(errors).toHaveLength(1);
      const id = await enqueue(pool, { kind: 'exam', payload: 'after reconnect' });
      await waitFor(
        async () => updates,
        (seen) => seen.includes(id),
        2_000,
      );
    } finally {
      await subscription.unsubscribe();
    }
  });

  it('a worker that cannot listen still works by polling and stops cleanly', async () => {
    const warnings: string[] = [];
    const logger = {
      info: () => undefined,
      warn: (_fields: object, message: string) => warnings.push(message),
      error: () => undefined,
    } as unknown as WorkerOptions['logger'];
    const worker = startWorker({
      pool,
      workerId: 'deaf',
      pollIntervalMs: 100,
      // Nothing listens on port 1: the listening connection is refused.
      notifications: 'postgres://nobody:nothing@127.0.0.1:1/xinao',
      logger,
      handler: async () => ({ verdict: 'AC' }),
    });
    try {
      const id = await enqueue(pool, { kind: 'practice', payload: 'polled' });
      await waitFor(
        () => getJob(pool, id),
        (job) => job?.status === 'done',
        3_000,
      );
    } finally {
      await worker.stop();
    }
    expect(warnings).toContain('判题队列监听失败，暂时只靠轮询');
  });
});

describe('shutdown', () => {
  it('an idle worker stops at once and gives back its connections', async () => {
    const workerPool = newPool();
    const worker = startWorker({
      pool: workerPool,
      workerId: 'idle',
      pollIntervalMs: 60_000,
      handler: async () => null,
    });
    await delay(300);
    const before = Date.now();
    await worker.stop();
    expect(Date.now() - before).toBeLessThan(500);
    expect(workerPool.totalCount).toBe(workerPool.idleCount);
  });

  it('lets the current job finish and records it', async () => {
    const id = await enqueue(pool, { kind: 'exam', payload: 'finishing' });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const worker = startWorker({
      pool,
      workerId: 'finisher',
      pollIntervalMs: 60_000,
      shutdownGraceMs: 5_000,
      handler: async () => {
        await gate;
        return { verdict: 'AC' };
      },
    });
    await waitFor(
      () => getJob(pool, id),
      (job) => job?.status === 'running',
    );
    const stopped = worker.stop();
    await delay(200);
    release();
    await stopped;
    expect(await getJob(pool, id)).toMatchObject({ status: 'done', result: { verdict: 'AC' } });
  });

  it('gives the job back when it outlasts the grace time, without counting the attempt', async () => {
    const id = await enqueue(pool, { kind: 'exam', payload: 'stuck' });
    let handlerSignal: AbortSignal | undefined;
    const worker = startWorker({
      pool,
      workerId: 'stuck',
      pollIntervalMs: 60_000,
      shutdownGraceMs: 100,
      handler: async (_job, { signal }) => {
        handlerSignal = signal;
        await new Promise(() => undefined);
        return null;
      },
    });
    await waitFor(
      () => getJob(pool, id),
      (job) => job?.status === 'running',
    );
    const before = Date.now();
    await worker.stop();
    expect(Date.now() - before).toBeLessThan(1_000);
    expect(handlerSignal?.aborted).toBe(true);
    expect(await getJob(pool, id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      leaseToken: null,
    });
    expect((await claim(pool, { workerId: 'next', leaseMs: 1_000 }))?.id).toBe(id);
  });
});
