/**
 * API_PROCESSES=N (README "Running on several machines"): one primary process prepares the
 * platform — the database (embedded or DATABASE_URL), migrations, seed, judge workers — and
 * starts N API processes with node:cluster, which serve the same port (the primary hands each
 * connection to one of them). The API processes share nothing but the database
 * (docs/decisions/scale-out.md): any of them serves any request, and each names itself in
 * `x-xinao-instance`. One that dies is replaced, after a pause that grows while replacements
 * keep dying (the database refusing connections for a while); until all N have listened once,
 * one that dies before it listened (the port taken, a bad setting) stops the start instead,
 * since its replacement would die the same way.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger.ts';
import type { RunningPlatform } from './start.ts';
import { stopChild } from './stop-child.ts';

/** Set in an API process's environment by its primary. */
export const API_PROCESS_FLAG = 'XINAO_API_PROCESS';
const RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** Below the judge workers' grace (workers.ts) and main.ts's forced exit. */
const STOP_TIMEOUT_MS = 10_000;

export interface ApiProcesses {
  /** Process ids of the API processes running now. */
  pids(): number[];
  /**
   * SIGTERM to each API process and the judge workers together, SIGKILL after the timeout,
   * then stops the rest of the primary's platform.
   */
  stop(): Promise<void>;
  /** Settles when an API process failed before all had listened once: the start failed. */
  failed: Promise<Error>;
}

/** Starts `count` API processes on the primary's database; `platform` is the primary's part. */
export function startApiProcesses(
  platform: RunningPlatform,
  count: number,
  logger: Logger,
): ApiProcesses {
  const workers = new Set<Worker>();
  let stopping = false;
  let fail!: (err: Error) => void;
  const failed = new Promise<Error>((resolve) => (fail = resolve));

  const listenedOnce = new Set<number>();
  let restartDelayMs = RESTART_DELAY_MS;
  const launch = (slot: number) => {
    const worker = cluster.fork({
      [API_PROCESS_FLAG]: '1',
      DATABASE_URL: platform.databaseUrl,
      // The primary runs the judge workers; an API process runs none.
      JUDGE_WORKERS: '0',
    });
    let listened = false;
    workers.add(worker);
    worker.once('listening', () => {
      listened = true;
      listenedOnce.add(slot);
      restartDelayMs = RESTART_DELAY_MS;
    });
    worker.once('exit', (code, signal) => {
      workers.delete(worker);
      if (stopping) return;
      if (listenedOnce.size < count && !listened) {
        fail(new Error(`API 进程 ${slot + 1} 未能开始服务（退出码 ${code ?? signal}）`));
        return;
      }
      logger.warn(
        { slot, exitCode: code, signal, restartInMs: restartDelayMs },
        'API 进程退出，稍后重启',
      );
      setTimeout(() => {
        if (!stopping) launch(slot);
      }, restartDelayMs).unref();
      if (!listened) restartDelayMs = Math.min(restartDelayMs * 2, MAX_RESTART_DELAY_MS);
    });
  };
  for (let slot = 0; slot < count; slot++) launch(slot);
  logger.info({ count }, '已启动 API 进程');

  let stopped: Promise<void> | undefined;
  return {
    failed,
    pids: () => [...workers].map((w) => w.process.pid).filter((p): p is number => p !== undefined),
    stop: () =>
      (stopped ??= (async () => {
        stopping = true;
        // The judge workers hand their jobs back meanwhile, within their own grace.
        await Promise.all([
          ...[...workers].map((w) => stopChild(w.process, STOP_TIMEOUT_MS)),
          platform.judgeWorkers.stop(),
        ]);
        await platform.stop();
      })()),
  };
}

/** True in a process its primary started as an API process. */
export const isApiProcess = (): boolean => cluster.isWorker && !!process.env[API_PROCESS_FLAG];
