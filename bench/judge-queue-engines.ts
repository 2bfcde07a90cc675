/**
 * Issue 28 item 2: the judge queue on an existing engine. The same workload on three engines,
 * interleaved in one run on one embedded PostgreSQL (throw-away data directory):
 *  - ours: src/server/judge-queue (enqueue, runWorker with its leases, recordResult);
 *  - pg-boss 10 (the last major that runs on Node 20): send / work;
 *  - graphile-worker 0.17 (the last minor that runs on Node 20): addJob / run.
 * Each engine has WORKERS worker processes of concurrency 1, as the platform runs one judge
 * worker per core. The judge is a stand-in: the handler announces its start (NOTIFY), sleeps the
 * job's time and writes a row to bench_done (ours: in the transaction that completes the job,
 * as the platform records a verdict; the libraries: in the handler, before they mark the job
 * complete). A trigger on bench_done NOTIFYs this process, which times every job from the call
 * that enqueues it to that notification.
 *  a. one job at a time on an idle queue (random pause between jobs, so polling phases vary);
 *  b. BURST jobs enqueued at once: p95 of an enqueue call, time until all are done;
 *  c. priority: both workers busy, then 10 debug, 10 practice, 10 exam jobs enqueued in that
 *     order; the order in which they start;
 *  d. a worker SIGKILLed while its job runs: time from the kill until the job is done by the
 *     other worker, and how many times it was recorded; the killed worker is then restarted.
 *
 *   npx tsx bench/judge-queue-engines.ts
 *   env: BENCH_JOB_MS (20), BENCH_IDLE_RUNS (30), BENCH_BURST (300), BENCH_BURST_ROUNDS (2),
 *        BENCH_KILL_CAP_S (180), BENCH_GRAPHILE_KILL_CAP_S (60)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Logger as GraphileLogger, makeWorkerUtils, run as runGraphile } from 'graphile-worker';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { createPool } from '../src/server/db/pool.ts';
import { enqueue as enqueueOurs, runWorker } from '../src/server/judge-queue/index.ts';
import type { JobKind } from '../src/server/judge-queue/index.ts';
import { createLogger } from '../src/server/logger.ts';
import { percentile } from './support/timing.ts';

const ENGINES = ['ours', 'pg-boss', 'graphile-worker'] as const;
type Engine = (typeof ENGINES)[number];

const JOB_MS = Number(process.env.BENCH_JOB_MS ?? 20);
const IDLE_RUNS = Number(process.env.BENCH_IDLE_RUNS ?? 30);
const BURST = Number(process.env.BENCH_BURST ?? 300);
const BURST_ROUNDS = Number(process.env.BENCH_BURST_ROUNDS ?? 2);
const KILL_CAP_MS = 1000 * Number(process.env.BENCH_KILL_CAP_S ?? 180);
const GRAPHILE_KILL_CAP_MS = 1000 * Number(process.env.BENCH_GRAPHILE_KILL_CAP_S ?? 60);
const BURST_CAP_MS = 240_000;
const WORKERS = 2;
/** The platform's lease (DEFAULT_LEASE_MS); pg-boss gets the same expiry. */
const LEASE_MS = 30_000;
/** pg-boss's smallest allowed polling interval (its default is 2 s). */
const PGBOSS_POLL_S = 0.5;
const QUEUE = 'judge';
const SELF = fileURLToPath(import.meta.url);

interface Payload {
  key: string;
  kind: JobKind;
  ms: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** pg-boss: higher runs first; graphile-worker: lower runs first; ours: the kind decides. */
const BOSS_PRIORITY: Record<JobKind, number> = { exam: 2, practice: 1, debug: 0 };
const GRAPHILE_PRIORITY: Record<JobKind, number> = { exam: 0, practice: 1, debug: 2 };

// ---------------------------------------------------------------- worker process

async function workerMain(engine: Engine, url: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => undefined);
  const started = async (p: Payload) => {
    await pool.query(`SELECT pg_notify('bench_started', $1)`, [
      `${engine}:${p.key}:${process.pid}`,
    ]);
    const at = new Date().toISOString();
    await sleep(p.ms);
    return at;
  };
  const insert = `INSERT INTO bench_done (engine, key, kind, pid, started_at)
                  VALUES ($1, $2, $3, $4, $5)`;
  const record = (db: Pick<pg.Pool, 'query'>, p: Payload, at: string) =>
    db.query(insert, [engine, p.key, p.kind, process.pid, at]);
  const stop = new AbortController();
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));

  if (engine === 'ours') {
    const running = runWorker<Payload>({
      pool,
      workerId: `bench-${process.pid}`,
      leaseMs: LEASE_MS,
      signal: stop.signal,
      handler: async (job) => ({ at: await started(job.payload) }),
      recordResult: async (client, job, result) => {
        await record(client, job.payload, (result as { at: string }).at);
      },
    });
    process.send?.('ready');
    await running;
  } else if (engine === 'pg-boss') {
    const boss = new PgBoss({ connectionString: url, max: 4, schedule: false });
    boss.on('error', (err: Error) => console.error(`pg-boss worker ${process.pid}:`, err.message));
    await boss.start();
    await boss.work<Payload>(
      QUEUE,
      { pollingIntervalSeconds: PGBOSS_POLL_S, batchSize: 1 },
      async ([job]) => {
        const at = await started(job!.data);
        await record(pool, job!.data, at);
      },
    );
    process.send?.('ready');
  } else {
    const quiet = new GraphileLogger(() => (level, message) => {
      if (level === 'error') console.error(`graphile-worker ${process.pid}: ${message}`);
    });
    const runner = await runGraphile({
      connectionString: url,
      concurrency: 1,
      noHandleSignals: true,
      logger: quiet,
      taskList: {
        [QUEUE]: async (payload) => {
          const p = payload as Payload;
          await record(pool, p, await started(p));
        },
      },
    });
    process.send?.('ready');
    await runner.promise;
  }
}

// ---------------------------------------------------------------- bench process

/** Resolves per `${engine}:${key}` when the job starts (with the worker's pid) or is done. */
class Events {
  private readonly started = new Map<string, (pid: number) => void>();
  private readonly done = new Map<string, () => void>();

  constructor(private readonly client: pg.Client) {}

  async listen(): Promise<void> {
    this.client.on('notification', ({ channel, payload }) => {
      if (!payload) return;
      if (channel === 'bench_done') {
        this.done.get(payload)?.();
      } else {
        const cut = payload.lastIndexOf(':');
        this.started.get(payload.slice(0, cut))?.(Number(payload.slice(cut + 1)));
      }
    });
    await this.client.query('LISTEN bench_done; LISTEN bench_started');
  }

  /** Register before enqueueing; the promise rejects after `capMs`. */
  whenDone(engine: Engine, key: string, capMs: number): Promise<number> {
    const id = `${engine}:${key}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.done.delete(id);
        reject(new Error(`cap ${capMs} ms`));
      }, capMs);
      this.done.set(id, () => {
        clearTimeout(timer);
        this.done.delete(id);
        resolve(performance.now());
      });
    });
  }

  whenStarted(engine: Engine, key: string): Promise<number> {
    const id = `${engine}:${key}`;
    return new Promise((resolve) =>
      this.started.set(id, (pid) => {
        this.started.delete(id);
        resolve(pid);
      }),
    );
  }
}

type Enqueue = (payload: Payload) => Promise<unknown>;

function spawnWorker(engine: Engine, url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF, 'worker', engine], {
    env: { ...process.env, BENCH_PG_URL: url },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${engine} worker exited (${code})`)));
  });
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
/** "exam×10 practice×10 debug×10" */
function runs(kinds: string[]): string {
  const out: string[] = [];
  for (let i = 0; i < kinds.length;) {
    let j = i;
    while (j < kinds.length && kinds[j] === kinds[i]) j++;
    out.push(`${kinds[i]}×${j - i}`);
    i = j;
  }
  return out.join(' ');
}
const RANK: Record<string, number> = { exam: 0, practice: 1, debug: 2 };
/** Pairs started in the wrong order: a lower-priority job before a higher-priority one. */
function inversions(kinds: string[]): number {
  let n = 0;
  for (let i = 0; i < kinds.length; i++) {
    for (let j = i + 1; j < kinds.length; j++) if (RANK[kinds[i]!]! > RANK[kinds[j]!]!) n++;
  }
  return n;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'xinao-bench-queue-engines-'));
  const logger = createLogger({ level: 'warn' });
  const db = await startEmbeddedPostgres({ dataDir, port: 0, logger, skipFsync: true });
  const url = db.connectionString;
  const pool = createPool(url, logger);
  const listenClient = new pg.Client({ connectionString: url });
  const children = new Map<Engine, ChildProcess[]>();
  let boss: PgBoss | undefined;
  let utils: Awaited<ReturnType<typeof makeWorkerUtils>> | undefined;
  try {
    await runMigrations(pool, logger);
    await pool.query(`CREATE TABLE bench_done (
        seq bigserial PRIMARY KEY, engine text NOT NULL, key text NOT NULL, kind text NOT NULL,
        pid int NOT NULL, started_at timestamptz NOT NULL,
        done_at timestamptz NOT NULL DEFAULT clock_timestamp());
      CREATE FUNCTION bench_done_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_notify('bench_done', NEW.engine || ':' || NEW.key); RETURN NULL; END; $$;
      CREATE TRIGGER bench_done_notify AFTER INSERT ON bench_done
        FOR EACH ROW EXECUTE FUNCTION bench_done_notify();`);
    boss = new PgBoss({ connectionString: url, max: 10, schedule: false });
    boss.on('error', (err: Error) => console.error('pg-boss:', err.message));
    await boss.start();
    await boss.createQueue(QUEUE, {
      name: QUEUE,
      retryLimit: 2,
      expireInSeconds: LEASE_MS / 1000,
    });
    utils = await makeWorkerUtils({ connectionString: url });
    await utils.migrate();
    const b = boss;
    const u = utils;
    const enqueue: Record<Engine, Enqueue> = {
      ours: (p) => enqueueOurs(pool, { kind: p.kind, payload: { ...p } }),
      'pg-boss': (p) =>
        b.send(QUEUE, p, {
          priority: BOSS_PRIORITY[p.kind],
          retryLimit: 2,
          expireInSeconds: LEASE_MS / 1000,
        }),
      'graphile-worker': (p) =>
        u.addJob(QUEUE, p, { priority: GRAPHILE_PRIORITY[p.kind], maxAttempts: 3 }),
    };
    listenClient.on('error', () => undefined);
    await listenClient.connect();
    const events = new Events(listenClient);
    await events.listen();
    for (const engine of ENGINES) {
      children.set(
        engine,
        await Promise.all(Array.from({ length: WORKERS }, () => spawnWorker(engine, url))),
      );
    }
    let seq = 0;
    const key = (tag: string) => `${tag}-${++seq}`;
    const recorded = async (engine: Engine, keys: string[]) =>
      (
        await pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM bench_done WHERE engine = $1 AND key = ANY($2)`,
          [engine, keys],
        )
      ).rows[0]!.n;

    // Warm-up: one job per engine (connections, prepared statements, JIT).
    for (const engine of ENGINES) {
      const k = key('warm');
      const done = events.whenDone(engine, k, 30_000);
      await enqueue[engine]({ key: k, kind: 'practice', ms: JOB_MS });
      await done;
    }

    // a. One at a time on an idle queue.
    const idle: Record<Engine, number[]> = { ours: [], 'pg-boss': [], 'graphile-worker': [] };
    for (let i = 0; i < IDLE_RUNS; i++) {
      for (let e = 0; e < ENGINES.length; e++) {
        const engine = ENGINES[(i + e) % ENGINES.length]!;
        await sleep(Math.random() * 500);
        const k = key('idle');
        const done = events.whenDone(engine, k, 30_000);
        const t0 = performance.now();
        await enqueue[engine]({ key: k, kind: 'practice', ms: JOB_MS });
        idle[engine].push((await done) - t0);
      }
    }
    console.error('a. idle latency done');

    // b. A burst of jobs enqueued at once.
    const burst: Record<Engine, { callP95: number; enqueueAll: number; allDone: number }[]> = {
      ours: [],
      'pg-boss': [],
      'graphile-worker': [],
    };
    const burstDoubles: Record<Engine, number> = { ours: 0, 'pg-boss': 0, 'graphile-worker': 0 };
    const KINDS: JobKind[] = ['exam', 'practice', 'practice', 'debug'];
    for (let round = 0; round < BURST_ROUNDS; round++) {
      for (let e = 0; e < ENGINES.length; e++) {
        const engine = ENGINES[(round + e) % ENGINES.length]!;
        await sleep(1000);
        const jobs = Array.from({ length: BURST }, (_, i) => ({
          key: key('burst'),
          kind: KINDS[i % KINDS.length]!,
          ms: JOB_MS,
        }));
        const done = jobs.map((j) => events.whenDone(engine, j.key, BURST_CAP_MS));
        const calls: number[] = [];
        const t0 = performance.now();
        await Promise.all(
          jobs.map(async (j) => {
            const t = performance.now();
            await enqueue[engine](j);
            calls.push(performance.now() - t);
          }),
        );
        const enqueueAll = performance.now() - t0;
        const ends = await Promise.allSettled(done);
        const finished = ends.filter((x) => x.status === 'fulfilled').map((x) => x.value);
        const allDone =
          finished.length === jobs.length ? Math.max(...finished) - t0 : Number.POSITIVE_INFINITY;
        calls.sort((x, y) => x - y);
        burst[engine].push({ callP95: percentile(calls, 95), enqueueAll, allDone });
        burstDoubles[engine] +=
          (await recorded(
            engine,
            jobs.map((j) => j.key),
          )) - finished.length;
        console.error(`b. ${engine} round ${round + 1}: ${fmt(allDone)}`);
      }
    }

    // c. Priority: both workers busy, then a backlog enqueued lowest priority first.
    const order: Record<Engine, string[]> = { ours: [], 'pg-boss': [], 'graphile-worker': [] };
    for (const engine of ENGINES) {
      await sleep(1000);
      const blockers = [key('block'), key('block')];
      const busy = blockers.map((k) => events.whenStarted(engine, k));
      const blockersDone = blockers.map((k) => events.whenDone(engine, k, 60_000));
      for (const k of blockers) await enqueue[engine]({ key: k, kind: 'debug', ms: 3000 });
      await Promise.all(busy);
      const backlog: Payload[] = (['debug', 'practice', 'exam'] as const).flatMap((kind) =>
        Array.from({ length: 10 }, () => ({ key: key('prio'), kind, ms: JOB_MS })),
      );
      const done = backlog.map((j) => events.whenDone(engine, j.key, 60_000));
      for (const j of backlog) await enqueue[engine](j);
      await Promise.all([...done, ...blockersDone]);
      const { rows } = await pool.query<{ kind: string }>(
        `SELECT kind FROM bench_done WHERE engine = $1 AND key = ANY($2) ORDER BY started_at, seq`,
        [engine, backlog.map((j) => j.key)],
      );
      order[engine] = rows.map((r) => r.kind);
    }
    console.error('c. priority done');

    // d. A worker SIGKILLed mid-job; the job is taken again by the other worker.
    const kill: Record<Engine, { retake: string; records: number; restartMs: number }> = {
      ours: { retake: '', records: 0, restartMs: 0 },
      'pg-boss': { retake: '', records: 0, restartMs: 0 },
      'graphile-worker': { retake: '', records: 0, restartMs: 0 },
    };
    for (const engine of ENGINES) {
      await sleep(1000);
      const k = key('kill');
      const cap = engine === 'graphile-worker' ? GRAPHILE_KILL_CAP_MS : KILL_CAP_MS;
      const startedBy = events.whenStarted(engine, k);
      const done = events.whenDone(engine, k, cap + 10_000);
      await enqueue[engine]({ key: k, kind: 'exam', ms: 2000 });
      const pid = await startedBy;
      await sleep(300);
      const workers = children.get(engine)!;
      const victim = workers.find((c) => c.pid === pid);
      if (!victim) throw new Error(`${engine}: job ${k} started in unknown process ${pid}`);
      victim.removeAllListeners('exit');
      victim.kill('SIGKILL');
      const tKill = performance.now();
      // The killed worker is restarted at once, as the platform does (after 1 s there).
      const tRestart = performance.now();
      const replacement = await spawnWorker(engine, url);
      const restartMs = performance.now() - tRestart;
      workers.splice(workers.indexOf(victim), 1, replacement);
      let retake: string;
      try {
        const end = await Promise.race([
          done,
          sleep(Math.max(0, cap - (performance.now() - tKill))).then(() => -1),
        ]);
        retake = end < 0 ? `> ${fmt(cap)} (cap)` : fmt(end - tKill);
      } catch {
        retake = `> ${fmt(cap)} (cap)`;
      }
      done.catch(() => undefined);
      kill[engine] = { retake, records: await recorded(engine, [k]), restartMs };
      console.error(`d. ${engine}: ${retake}`);
    }

    // Report.
    const line = (cells: string[]) => console.log(`| ${cells.join(' | ')} |`);
    console.log(
      `\nJudge queue engines: ${os.availableParallelism()} cores, Node ${process.version}, ` +
        `${WORKERS} worker processes per engine (concurrency 1), stand-in judge ${JOB_MS} ms, ` +
        `lease / expiry ${LEASE_MS / 1000} s, pg-boss polling ${PGBOSS_POLL_S} s\n`,
    );
    line(['Measurement', ...ENGINES]);
    line(['---', ...ENGINES.map(() => '--:')]);
    const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
    line([
      `a. idle queue, enqueue to recorded, p50 (${IDLE_RUNS} jobs)`,
      ...ENGINES.map((e) => fmt(percentile(sorted(idle[e]), 50))),
    ]);
    line(['a. same, p95', ...ENGINES.map((e) => fmt(percentile(sorted(idle[e]), 95)))]);
    line(['a. same, max', ...ENGINES.map((e) => fmt(Math.max(...idle[e])))]);
    for (let round = 0; round < BURST_ROUNDS; round++) {
      line([
        `b. ${BURST} at once, round ${round + 1}: p95 of one enqueue call`,
        ...ENGINES.map((e) => fmt(burst[e][round]!.callP95)),
      ]);
      line([
        `b. round ${round + 1}: all ${BURST} enqueued`,
        ...ENGINES.map((e) => fmt(burst[e][round]!.enqueueAll)),
      ]);
      line([
        `b. round ${round + 1}: all ${BURST} recorded`,
        ...ENGINES.map((e) => fmt(burst[e][round]!.allDone)),
      ]);
    }
    line([
      'b. jobs recorded more than once (all rounds)',
      ...ENGINES.map((e) => String(burstDoubles[e])),
    ]);
    line([
      'c. backlog enqueued debug, practice, exam: start order',
      ...ENGINES.map((e) => runs(order[e])),
    ]);
    line([
      'c. pairs started out of priority order (of 300 ordered pairs)',
      ...ENGINES.map((e) => String(inversions(order[e]))),
    ]);
    line([
      'd. worker SIGKILLed 0.3 s into a 2 s job: kill to recorded by another worker',
      ...ENGINES.map((e) => kill[e].retake),
    ]);
    line(['d. times that job was recorded', ...ENGINES.map((e) => String(kill[e].records))]);
    line([
      'd. killed worker restarted: spawn to ready',
      ...ENGINES.map((e) => fmt(kill[e].restartMs)),
    ]);
  } finally {
    for (const workers of children.values()) {
      for (const c of workers) {
        c.removeAllListeners('exit');
        c.kill('SIGKILL');
      }
    }
    await listenClient.end().catch(() => undefined);
    await boss?.stop({ graceful: false, close: true, wait: true }).catch(() => undefined);
    await Promise.resolve(utils?.release()).catch(() => undefined);
    await pool.end();
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'worker') {
  await workerMain(process.argv[3] as Engine, process.env.BENCH_PG_URL!);
} else {
  await main();
  process.exit(0);
}
