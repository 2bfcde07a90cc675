import type { Queryable } from '../db/pool.ts';
import { preparedStatement, queryPrepared } from '../db/prepared.ts';
import { DEFAULT_MAX_ATTEMPTS, JOB_COLUMNS, isJobKind, jobFromRow, toJsonParam } from './jobs.ts';
import type {
  JobKind,
  JsonValue,
  JudgeJob,
  JudgeJobRow,
  JudgeProgress,
  LeasedJob,
} from './jobs.ts';

/**
 * The judge queue's operations on table judge_jobs. Every function takes the pool or a client
 * inside the caller's transaction, so a submission and its job can be written together.
 * All times come from the database clock: workers on other machines need not agree on theirs.
 */

export interface EnqueueInput {
  kind: JobKind;
  payload: JsonValue;
  /** Claims allowed before a job that keeps losing its lease is failed; default 3. */
  maxAttempts?: number;
}

/** Every enqueue runs it: prepared (db/prepared.ts). */
const insertJob = preparedStatement<{ id: string }>(
  'enqueue-judge-job',
  `INSERT INTO judge_jobs (kind, payload, max_attempts) VALUES ($1, $2::jsonb, $3) RETURNING id`,
);

function checkedAttempts(input: { kind: unknown; maxAttempts?: number | undefined }): number {
  if (!isJobKind(input.kind)) throw new Error(`unknown judge job kind: ${String(input.kind)}`);
  const maxAttempts = input.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new Error(`maxAttempts must be a positive integer, got ${maxAttempts}`);
  }
  return maxAttempts;
}

/** Adds a job; workers listening on the queued channel hear of it when the caller commits. */
export async function enqueue(db: Queryable, input: EnqueueInput): Promise<number> {
  const maxAttempts = checkedAttempts(input);
  const { rows } = await insertJob(db, [input.kind, toJsonParam(input.payload), maxAttempts]);
  return Number(rows[0]!.id);
}

/**
 * enqueue() as one part of a caller's own statement, for a caller that writes its row and the
 * job together in one round trip (a data-modifying WITH: member-question/queue.ts). `payload` is
 * an SQL expression over the columns of `source` (the job names the caller's row, whose id the
 * statement draws); `param` adds a value to the caller's statement and returns its placeholder.
 * The part returns the job's id, status, progress and error.
 */
export function enqueuePart(
  input: { kind: JobKind; maxAttempts?: number },
  sql: { source: string; payload: string },
  param: (value: unknown) => string,
): string {
  const maxAttempts = checkedAttempts(input);
  return `INSERT INTO judge_jobs (kind, payload, max_attempts)
    SELECT ${param(input.kind)}::text, ${sql.payload}, ${param(maxAttempts)}::int FROM ${sql.source}
    RETURNING id, status, progress, error`;
}

export interface ClaimOptions {
  workerId: string;
  /** How long the claim holds without a heartbeat. */
  leaseMs: number;
}

export interface ReclaimOutcome {
  /** Jobs put back in the queue for another attempt. */
  requeued: number[];
  /** Jobs that used up their attempts (poison jobs) and are now failed. */
  failed: number[];
}

/**
 * Ends every lease that ran out: the job goes back to the queue, or fails for good when it has
 * been claimed max_attempts times (a job that kills or hangs its worker must not loop forever).
 * Rows another transaction is touching are skipped; their holder is alive and writing.
 */
export async function reclaimExpired(db: Queryable): Promise<ReclaimOutcome> {
  const { rows } = await queryPrepared<{ id: string; status: 'queued' | 'failed' }>(
    db,
    `UPDATE judge_jobs j
        SET status = CASE WHEN j.attempts >= j.max_attempts THEN 'failed' ELSE 'queued' END,
            error = CASE WHEN j.attempts >= j.max_attempts
              THEN format('判题任务已尝试 %s 次，每次都在完成前失去租约（判题进程崩溃或卡死），不再重试', j.attempts)
              ELSE j.error END,
            finished_at = CASE WHEN j.attempts >= j.max_attempts THEN now() ELSE NULL END,
            lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL
       FROM (SELECT id FROM judge_jobs
              WHERE status = 'running' AND lease_expires_at < now()
              FOR UPDATE SKIP LOCKED) expired
      WHERE j.id = expired.id
      RETURNING j.id, j.status`,
  );
  const outcome: ReclaimOutcome = { requeued: [], failed: [] };
  for (const row of rows) {
    (row.status === 'failed' ? outcome.failed : outcome.requeued).push(Number(row.id));
  }
  return outcome;
}

/**
 * Takes the first queued job by priority (exam, practice, debug), then by age, and leases it
 * to `workerId`. Expired leases are reclaimed first, so a dead worker's job is taken again.
 * Concurrent claimants never get the same job: the row lock is taken with SKIP LOCKED, so a
 * second claimant moves on to the next job instead of waiting.
 */
export async function claim(db: Queryable, options: ClaimOptions): Promise<LeasedJob | null> {
  assertLeaseMs(options.leaseMs);
  await reclaimExpired(db);
  // Not prepared: `j.*` would change its result type under a prepared statement when a
  // migration adds a column, failing every claim of a worker started before it.
  const { rows } = await db.query<JudgeJobRow>(
    `UPDATE judge_jobs j
        SET status = 'running', attempts = j.attempts + 1,
            lease_owner = $1, lease_token = gen_random_uuid(),
            lease_expires_at = now() + make_interval(secs => $2::double precision / 1000),
            started_at = now(), progress = NULL
       FROM (SELECT id FROM judge_jobs WHERE status = 'queued'
              ORDER BY priority, id LIMIT 1
              FOR UPDATE SKIP LOCKED) next
      WHERE j.id = next.id
      RETURNING j.*`,
    [options.workerId, options.leaseMs],
  );
  const row = rows[0];
  if (!row) return null;
  return { ...(jobFromRow(row) as LeasedJob), leaseMs: options.leaseMs };
}

/**
 * Milliseconds until the earliest running lease ends (0 if one already has), or null when no
 * job is running: an idle worker sleeps no longer than that before looking for a dead
 * worker's job.
 */
export async function msUntilNextLeaseExpiry(db: Queryable): Promise<number | null> {
  const { rows } = await queryPrepared<{ ms: number | null }>(
    db,
    `SELECT (extract(epoch FROM min(lease_expires_at) - now()) * 1000)::float8 AS ms
       FROM judge_jobs WHERE status = 'running'`,
  );
  const ms = rows[0]?.ms ?? null;
  return ms === null ? null : Math.max(0, ms);
}

/** The lease holder's condition: still running under the same claim. */
const HELD = `id = $1 AND status = 'running' AND lease_token = $2`;

/**
 * Extends the lease by `leaseMs` (the claim's length by default). False when the caller no
 * longer holds the job: it must stop and discard its work.
 */
export async function heartbeat(
  db: Queryable,
  job: LeasedJob,
  leaseMs: number = job.leaseMs,
): Promise<boolean> {
  assertLeaseMs(leaseMs);
  const { rows } = await queryPrepared<{ lease_expires_at: Date }>(
    db,
    `UPDATE judge_jobs
        SET lease_expires_at = now() + make_interval(secs => $3::double precision / 1000)
      WHERE ${HELD}
      RETURNING lease_expires_at`,
    [job.id, job.leaseToken, leaseMs],
  );
  const row = rows[0];
  if (!row) return false;
  job.leaseExpiresAt = row.lease_expires_at;
  return true;
}

/** Records how far the judge got (and notifies subscribers); false when the lease is lost. */
export async function reportProgress(
  db: Queryable,
  job: LeasedJob,
  progress: JudgeProgress,
): Promise<boolean> {
  const { rowCount } = await queryPrepared(
    db,
    `UPDATE judge_jobs SET progress = $3::jsonb WHERE ${HELD}`,
    [job.id, job.leaseToken, toJsonParam(progress)],
  );
  return rowCount === 1;
}

/**
 * Records the result, only if the caller still holds the lease: once another worker has
 * claimed the job, a late result is refused (false) and must be discarded, so a job is never
 * judged twice into the record.
 */
export async function complete(db: Queryable, job: LeasedJob, result: JsonValue): Promise<boolean> {
  const { rowCount } = await queryPrepared(
    db,
    `UPDATE judge_jobs
        SET status = 'done', result = $3::jsonb, error = NULL, finished_at = now(),
            lease_expires_at = NULL
      WHERE ${HELD}`,
    [job.id, job.leaseToken, toJsonParam(result)],
  );
  return rowCount === 1;
}

export interface FailOptions {
  /**
   * Put the job back in the queue when it has attempts left (an error that may not happen
   * again); otherwise, and by default, the job fails for good.
   */
  retry?: boolean;
}

/**
 * Ends the job with an error (or requeues it, see FailOptions); false when the lease is lost.
 * A retry refused for want of attempts says so in the stored error.
 */
export async function fail(
  db: Queryable,
  job: LeasedJob,
  error: string,
  options: FailOptions = {},
): Promise<boolean> {
  const { rowCount } = await queryPrepared(
    db,
    `UPDATE judge_jobs
        SET status = CASE WHEN $4 AND attempts < max_attempts THEN 'queued' ELSE 'failed' END,
            finished_at = CASE WHEN $4 AND attempts < max_attempts THEN NULL ELSE now() END,
            error = CASE WHEN $4 AND attempts >= max_attempts
              THEN format('判题任务已尝试 %s 次仍未成功，最后一次出错：%s', attempts, $3::text)
              ELSE $3 END,
            lease_owner = CASE WHEN $4 AND attempts < max_attempts THEN NULL ELSE lease_owner END,
            lease_token = CASE WHEN $4 AND attempts < max_attempts THEN NULL ELSE lease_token END,
            lease_expires_at = NULL
      WHERE ${HELD}`,
    [job.id, job.leaseToken, error, options.retry === true],
  );
  return rowCount === 1;
}

/**
 * Gives the job back untouched (a worker shutting down before it finished): it is queued
 * again and this claim does not count as an attempt, since the job did nothing wrong.
 */
export async function release(db: Queryable, job: LeasedJob): Promise<boolean> {
  const { rowCount } = await queryPrepared(
    db,
    `UPDATE judge_jobs
        SET status = 'queued', attempts = greatest(attempts - 1, 0), progress = NULL,
            lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL
      WHERE ${HELD}`,
    [job.id, job.leaseToken],
  );
  return rowCount === 1;
}

export async function getJob<Payload = JsonValue, Result = JsonValue>(
  db: Queryable,
  id: number,
): Promise<JudgeJob<Payload, Result> | null> {
  const { rows } = await queryPrepared<JudgeJobRow>(
    db,
    `SELECT ${JOB_COLUMNS} FROM judge_jobs WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  return row ? jobFromRow<Payload, Result>(row) : null;
}

function assertLeaseMs(leaseMs: number): void {
  if (!Number.isFinite(leaseMs) || leaseMs <= 0) {
    throw new Error(`leaseMs must be a positive number of milliseconds, got ${leaseMs}`);
  }
}
