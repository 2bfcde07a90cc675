/**
 * A judge worker process: takes jobs from the judge queue in DATABASE_URL and judges them in
 * the sandbox. `npm start` launches one per core (JUDGE_WORKERS); on another machine run
 *
 *   DATABASE_URL=postgres://… npx tsx src/server/judge-service/worker-main.ts
 *
 * Environment: DATABASE_URL (required), JUDGE_CACHE_DIR (default <tmp>/xinao-judge-cache),
 * JUDGE_WORKER_ID (default <host>:<pid>), JUDGE_LEASE_MS (default 30000), JUDGE_WORKER_NICE
 * (CPU niceness, default 10: below the API), LOG_LEVEL.
 * Exits 3 without starting when the machine cannot isolate submissions, naming what is missing.
 * SIGTERM/SIGINT (or its parent going away) stop it: the current job finishes within the grace
 * time or is given back to the queue.
 */
import { hostname, setPriority } from 'node:os';
import { ensurePch } from '../../judge/compile.ts';
import { LANGUAGES } from '../../judge/languages.ts';
import { missingIsolation, unsafeAllowed } from '../../judge/sandbox/isolation.ts';
import { createPool } from '../db/pool.ts';
import { DEFAULT_LEASE_MS, runWorker } from '../judge-queue/index.ts';
import { createLogger } from '../logger.ts';
import { createJudgeJobHandler, recordJudgeResult } from './jobs.ts';
import type { JudgeJobPayload } from './jobs.ts';
import { defaultJudgeCacheDir, judgeWorkerNice } from './workers.ts';

/** Exit code of a worker that refuses to start for want of isolation (the CLI uses 3 too). */
export const EXIT_NO_ISOLATION = 3;
export const EXIT_BAD_CONFIG = 2;

async function main(): Promise<void> {
  const logger = createLogger({ level: process.env.LOG_LEVEL || 'info' }).child({
    role: 'judge-worker',
    pid: process.pid,
  });
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    logger.error('判题进程无法启动：未设置 DATABASE_URL');
    process.exit(EXIT_BAD_CONFIG);
  }
  const missing = missingIsolation();
  if (missing.length > 0 && !unsafeAllowed()) {
    logger.error(
      { missing },
      `判题进程拒绝启动：判题沙箱不可用，缺少：${missing.join('；')}（开发时可设置 XINAO_JUDGE_UNSAFE=1）`,
    );
    process.exit(EXIT_NO_ISOLATION);
  }
  const nice = judgeWorkerNice(process.env.JUDGE_WORKER_NICE);
  if (nice === undefined) {
    logger.error(`判题进程无法启动：JUDGE_WORKER_NICE 应为 0 到 19 的整数`);
    process.exit(EXIT_BAD_CONFIG);
  }
  // Below the API in CPU priority, compilers and programs included (they inherit it): a burst of
  // submissions is acknowledged while the judge works through it (issue 28 item 5).
  try {
    setPriority(nice);
  } catch (err) {
    // Already nicer than asked (started under `nice`), and only root may raise it back.
    logger.warn({ nice, err: (err as Error).message }, '判题进程未能调整 CPU 优先级');
  }
  const leaseMs = Number(process.env.JUDGE_LEASE_MS || DEFAULT_LEASE_MS);
  const cacheDir = process.env.JUDGE_CACHE_DIR || defaultJudgeCacheDir();
  const workerId = process.env.JUDGE_WORKER_ID || `${hostname()}:${process.pid}`;

  const pool = createPool(databaseUrl, logger);
  const stop = new AbortController();
  const shutdown = () => stop.abort();
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // Launched by the platform: when the platform process is gone, so is this worker.
  process.on('disconnect', shutdown);

  logger.info({ workerId, cacheDir, leaseMs }, '判题进程已启动');
  // Build the C++17 precompiled <bits/stdc++.h> now rather than inside the first submission
  // (which otherwise takes seconds, bench/RESULTS.md); a job that needs it meanwhile waits for
  // this same build.
  const cpp = LANGUAGES.cpp;
  if (cpp?.kind === 'compiled') {
    void ensurePch(cacheDir, cpp.flags).then(
      (dir) =>
        logger.info({ pch: dir ?? null }, dir ? '预编译头已就绪' : '预编译头不可用，将直接编译'),
      (err: unknown) => logger.warn({ err: String(err) }, '预编译头构建失败，将直接编译'),
    );
  }
  await runWorker<JudgeJobPayload>({
    pool,
    workerId,
    handler: createJudgeJobHandler({ db: pool, cacheDir }),
    recordResult: recordJudgeResult,
    leaseMs,
    signal: stop.signal,
    logger,
  });
  await pool.end();
  logger.info('判题进程已停止');
  process.exit(0);
}

void main().catch((err: unknown) => {
  console.error('判题进程出错退出：', err);
  process.exit(1);
});
