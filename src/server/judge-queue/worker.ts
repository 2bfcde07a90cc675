import { withTransaction } from '../db/pool.ts';
import type { Pool, PoolClient } from '../db/pool.ts';
import type { Logger } from '../logger.ts';
import { QUEUED_CHANNEL } from './jobs.ts';
import type { JsonValue, JudgeProgress, LeasedJob } from './jobs.ts';
import { PgListener } from '../db/pg-listener.ts';
import type { NotificationSource } from '../db/pg-listener.ts';
import {
  claim,
  complete,
  fail,
  heartbeat,
  msUntilNextLeaseExpiry,
  release,
  reportProgress,
} from './queue.ts';
import { WakeSignal, sleep } from './wake.ts';

/**
 * Lost within this time a dead worker's job is taken again; see
 * docs/decisions/judging-and-sandbox.md.
 */
export const DEFAULT_LEASE_MS = 30_000;
/** Fallback look at the queue when no notification came (e.g. the listening connection broke). */
export const DEFAULT_POLL_INTERVAL_MS = 5_000;
/** On shutdown, how long the current job may still run before it is given back. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

export interface JobContext {
  /** Stores progress and notifies subscribers; false once the lease is lost. */
  reportProgress(progress: JudgeProgress): Promise<boolean>;
  /**
   * Aborted when the result can no longer be recorded (the lease was lost) or the worker is
   * shutting down and the grace time ran out: stop work, the result would be discarded.
   */
  signal: AbortSignal;
}

export type JobHandler<Payload = JsonValue> = (
  job: LeasedJob<Payload>,
  context: JobContext,
) => Promise<JsonValue>;

/**
 * Thrown by a handler for a job that cannot succeed however often it is tried (bad payload):
 * the job fails at once. Any other error puts the job back while it has attempts left.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

type WorkerLogger = Pick<Logger, 'info' | 'warn' | 'error'>;

export interface WorkerOptions<Payload = JsonValue> {
  pool: Pool;
  /** Recorded as lease_owner; with concurrency > 1 each slot appends `#<n>`. */
  workerId: string;
  handler: JobHandler<Payload>;
  /**
   * Writes the result where it belongs (the submission's verdict) in the same transaction
   * that completes the job, and only if this worker still holds the lease: the record is
   * written once or not at all. If it throws, nothing is recorded and the job is retried.
   */
  recordResult?: (client: PoolClient, job: LeasedJob<Payload>, result: JsonValue) => Promise<void>;
  leaseMs?: number;
  /** Jobs handled at the same time by this worker. Default 1. */
  concurrency?: number;
  /** Abort to stop: no new job is claimed, the current one finishes or is given back. */
  signal?: AbortSignal;
  pollIntervalMs?: number;
  shutdownGraceMs?: number;
  /** Where to LISTEN for new jobs (default: a client held from `pool`); false to only poll. */
  notifications?: NotificationSource | false;
  logger?: WorkerLogger;
}

const silentLogger: WorkerLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
} as unknown as WorkerLogger;

/** Shortest idle wait, so a lease that has just ended but is still locked is not spun on. */
const MIN_IDLE_WAIT_MS = 50;

/**
 * Runs a judge worker until `signal` is aborted: claims jobs (woken by NOTIFY, polling as a
 * fallback and around the next lease expiry), keeps each lease alive with a heartbeat every
 * third of its length while the handler runs, and records the outcome only while it still
 * holds the lease. Resolves once every slot has stopped and the listener is closed.
 */
export async function runWorker<Payload = JsonValue>(
  options: WorkerOptions<Payload>,
): Promise<void> {
  const concurrency = options.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new Error(`concurrency must be a positive integer, got ${concurrency}`);
  }
  const signal = options.signal ?? new AbortController().signal;
  const logger = options.logger ?? silentLogger;
  const wake = new WakeSignal();

  let listener: PgListener | undefined;
  if (options.notifications !== false) {
    listener = new PgListener(
      options.notifications ?? options.pool,
      [QUEUED_CHANNEL],
      () => wake.wake(),
      {
        onError: (err) => logger.warn({ err: err.message }, '判题队列监听连接中断，稍后重连'),
        onReconnect: () => wake.wake(),
      },
    );
    try {
      await listener.connect();
    } catch (err) {
      logger.warn({ err: (err as Error).message }, '判题队列监听失败，暂时只靠轮询');
      listener.connectInBackground();
    }
  }

  try {
    const slots = Array.from({ length: concurrency }, (_, n) =>
      runSlot(options, {
        workerId: concurrency === 1 ? options.workerId : `${options.workerId}#${n + 1}`,
        signal,
        logger,
        wake,
      }),
    );
    await Promise.all(slots);
  } finally {
    await listener?.close();
  }
}

interface SlotContext {
  workerId: string;
  signal: AbortSignal;
  logger: WorkerLogger;
  wake: WakeSignal;
}

async function runSlot<Payload>(options: WorkerOptions<Payload>, slot: SlotContext) {
  const { pool } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const { signal, logger, wake } = slot;

  while (!signal.aborted) {
    const since = wake.generation;
    let job: LeasedJob | null;
    try {
      job = await claim(pool, { workerId: slot.workerId, leaseMs });
    } catch (err) {
      logger.error({ err: (err as Error).message }, '领取判题任务失败');
      await sleep(pollMs, signal);
      continue;
    }
    if (job) {
      if (signal.aborted) {
        await release(pool, job).catch((err: Error) =>
          logger.warn({ err: err.message, jobId: job!.id }, '归还判题任务失败，租约到期后重试'),
        );
        break;
      }
      await runJob(options, slot, job as LeasedJob<Payload>);
      continue;
    }
    let waitMs = pollMs;
    try {
      const nextExpiry = await msUntilNextLeaseExpiry(pool);
      if (nextExpiry !== null) waitMs = Math.min(waitMs, nextExpiry + MIN_IDLE_WAIT_MS);
    } catch {
      // The claim will report a database that is gone; poll as usual meanwhile.
    }
    await wake.wait(since, Math.max(waitMs, MIN_IDLE_WAIT_MS), signal);
  }
}

type HandlerOutcome = { ok: true; value: JsonValue } | { ok: false; error: unknown };

async function runJob<Payload>(
  options: WorkerOptions<Payload>,
  slot: SlotContext,
  job: LeasedJob<Payload>,
): Promise<void> {
  const { pool } = options;
  const { logger, signal } = slot;
  const graceMs = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
  const leased = job as LeasedJob;
  const log = { jobId: job.id, workerId: slot.workerId, attempt: job.attempts };
  const handlerAbort = new AbortController();
  let leaseLost = false;

  let beating = false;
  const heartbeatTimer = setInterval(() => {
    if (beating || leaseLost) return;
    beating = true;
    heartbeat(pool, leased)
      .then((held) => {
        if (held) return;
        leaseLost = true;
        handlerAbort.abort(new Error('lease lost'));
      })
      .catch((err: Error) => logger.warn({ ...log, err: err.message }, '判题任务心跳失败'))
      .finally(() => {
        beating = false;
      });
  }, leased.leaseMs / 3);

  // Shutting down: the job may finish within the grace time, then it is given back.
  let graceTimer: NodeJS.Timeout | undefined;
  let onShutdown: (() => void) | undefined;
  const gaveUp = new Promise<'gave-up'>((resolve) => {
    onShutdown = () => {
      graceTimer = setTimeout(() => resolve('gave-up'), graceMs);
    };
    if (signal.aborted) onShutdown();
    else signal.addEventListener('abort', onShutdown, { once: true });
  });

  const handled: Promise<HandlerOutcome> = Promise.resolve()
    .then(() =>
      options.handler(job, {
        reportProgress: (progress) =>
          leaseLost ? Promise.resolve(false) : reportProgress(pool, leased, progress),
        signal: handlerAbort.signal,
      }),
    )
    .then(
      (value): HandlerOutcome => ({ ok: true, value }),
      (error: unknown): HandlerOutcome => ({ ok: false, error }),
    );

  const outcome = await Promise.race([handled, gaveUp]);
  clearInterval(heartbeatTimer);
  clearTimeout(graceTimer);
  if (onShutdown) signal.removeEventListener('abort', onShutdown);

  try {
    if (outcome === 'gave-up') {
      handlerAbort.abort(new Error('worker shutting down'));
      const released = await release(pool, leased);
      logger.warn({ ...log, released }, '停止时判题任务未完成，已归还队列');
    } else if (leaseLost) {
      logger.warn(log, '判题任务租约已失去，结果作废');
    } else if (outcome.ok) {
      const recorded = await recordOutcome(options, job, outcome.value);
      if (recorded === 'lease-lost') logger.warn(log, '判题任务租约已失去，结果作废');
      if (recorded instanceof Error) {
        const requeued = await fail(pool, leased, recorded.message, { retry: true });
        logger.warn({ ...log, err: recorded.message, requeued }, '记录判题结果出错');
      }
    } else {
      const error = outcome.error;
      const message = error instanceof Error ? error.message : String(error);
      const recorded = await fail(pool, leased, message, {
        retry: !(error instanceof PermanentJobError),
      });
      logger.warn({ ...log, err: message, recorded }, '判题任务出错');
    }
  } catch (err) {
    // The lease stays until it expires; the job is then taken again, so nothing is lost.
    logger.error({ ...log, err: (err as Error).message }, '记录判题任务结果失败');
  }
}

/** complete() and the caller's own record of the result, in one transaction. */
async function recordOutcome<Payload>(
  options: WorkerOptions<Payload>,
  job: LeasedJob<Payload>,
  result: JsonValue,
): Promise<'recorded' | 'lease-lost' | Error> {
  const leased = job as LeasedJob;
  const { recordResult } = options;
  if (!recordResult)
    return (await complete(options.pool, leased, result)) ? 'recorded' : 'lease-lost';
  let recordError: Error | undefined;
  try {
    return await withTransaction(options.pool, async (client) => {
      if (!(await complete(client, leased, result))) return 'lease-lost';
      try {
        await recordResult(client, job, result);
      } catch (err) {
        recordError = err instanceof Error ? err : new Error(String(err));
        throw err;
      }
      return 'recorded';
    });
  } catch (err) {
    // Only the caller's record failing is the job's problem; a database error is not.
    if (recordError) return recordError;
    throw err;
  }
}
