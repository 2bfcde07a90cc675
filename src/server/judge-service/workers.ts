/**
 * Judge worker processes launched by the platform: one per core by default, restarted when
 * one dies, stopped with SIGTERM on shutdown (SIGKILL after a grace time, so none outlives
 * the platform). Each is src/server/judge-service/worker-main.ts in its own Node process, so a
 * crash inside the judge cannot take the API down, and judging uses every core.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../logger.ts';
import { stopChild } from '../stop-child.ts';

export const WORKER_MAIN = fileURLToPath(new URL('./worker-main.ts', import.meta.url));
/** A worker that exits this soon after starting is not restarted in a tight loop. */
const RESTART_DELAY_MS = 1000;
/** Exit code of worker-main when the sandbox is unavailable: restarting would not help. */
const EXIT_NO_ISOLATION = 3;
/** Time given to workers to finish or give back their job before they are killed. */
export const DEFAULT_STOP_TIMEOUT_MS = 15_000;

export const defaultJudgeCacheDir = () => join(tmpdir(), 'xinao-judge-cache');

/** JUDGE_WORKERS: a count (0 disables); default one per core. */
const DEFAULT_JUDGE_NICE = 10;

/** JUDGE_WORKER_NICE: a worker's CPU niceness, 0–19 (default 10); undefined when malformed. */
export function judgeWorkerNice(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return DEFAULT_JUDGE_NICE;
  const nice = Number(value);
  return /^[0-9]+$/.test(value) && nice <= 19 ? nice : undefined;
}

export function judgeWorkerCount(env: NodeJS.ProcessEnv): number {
  const raw = env.JUDGE_WORKERS;
  if (raw === undefined || raw === '') return availableParallelism();
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    throw new Error(`JUDGE_WORKERS must be a whole number (0 disables), got "${raw}"`);
  }
  return n;
}

export interface JudgeWorkersOptions {
  count: number;
  databaseUrl: string;
  logger: Logger;
  /** Environment of the workers (JUDGE_CACHE_DIR, JUDGE_LEASE_MS, LOG_LEVEL, …). */
  env?: NodeJS.ProcessEnv;
  stopTimeoutMs?: number;
}

export interface JudgeWorkers {
  /** Process ids of the workers running now (tests kill one to prove crash safety). */
  pids(): number[];
  /** SIGTERM to all, wait, SIGKILL what is left after the timeout; safe to call twice. */
  stop(): Promise<void>;
}

/** What an API process has: its primary (or another machine) runs the judge workers. */
export const NO_JUDGE_WORKERS: JudgeWorkers = { pids: () => [], stop: async () => undefined };

export function startJudgeWorkers(options: JudgeWorkersOptions): JudgeWorkers {
  const { logger } = options;
  if (
    options.count > 0 &&
    judgeWorkerNice((options.env ?? process.env).JUDGE_WORKER_NICE) === undefined
  ) {
    // Said once here, rather than by every worker exiting and being started again.
    throw new Error('JUDGE_WORKER_NICE must be a whole number from 0 to 19');
  }
  const children = new Set<ChildProcess>();
  let stopping = false;
  const env = {
    ...(options.env ?? process.env),
    DATABASE_URL: options.databaseUrl,
  };
  const tsxLoader = import.meta.resolve('tsx');

  const launch = (slot: number) => {
    // An IPC channel ties the worker to this process: it stops when the channel closes.
    const child = fork(WORKER_MAIN, [], {
      // Each worker names itself <host>:<pid>; one shared id would blur the lease owners.
      env: { ...env, JUDGE_WORKER_ID: '' },
      execArgv: ['--import', tsxLoader],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.add(child);
    child.once('exit', (code, signal) => {
      children.delete(child);
      if (stopping) return;
      if (code === EXIT_NO_ISOLATION) {
        logger.error({ slot }, '判题进程因沙箱不可用拒绝启动，不再重启（详见其日志）');
        return;
      }
      logger.warn({ slot, exitCode: code, signal }, '判题进程退出，稍后重启');
      setTimeout(() => {
        if (!stopping) launch(slot);
      }, RESTART_DELAY_MS).unref();
    });
  };
  for (let slot = 0; slot < options.count; slot++) launch(slot);
  if (options.count > 0) logger.info({ count: options.count }, '已启动判题进程');

  let stopped: Promise<void> | undefined;
  return {
    pids: () => [...children].map((c) => c.pid).filter((p): p is number => p !== undefined),
    stop: () =>
      (stopped ??= (async () => {
        stopping = true;
        const timeoutMs = options.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS;
        await Promise.all([...children].map((child) => stopChild(child, timeoutMs)));
      })()),
  };
}
