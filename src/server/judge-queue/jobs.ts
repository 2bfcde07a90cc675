/** The shapes of the judge queue (table judge_jobs, migration 0003) as the code sees them. */

export const JOB_KINDS = ['exam', 'practice', 'debug'] as const;
/** Taken in this order: exam submissions first, debug runs last (the table derives `priority`). */
export type JobKind = (typeof JOB_KINDS)[number];

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue | undefined };

/** What a judge reports while it works; other JSON objects are stored as they are. */
export type JudgeProgress =
  | { phase: 'compiling' }
  | { phase: 'running'; case: number; of: number }
  | { [key: string]: JsonValue | undefined };

/** Claims a job may have before a lost lease fails it for good (a poison job). */
export const DEFAULT_MAX_ATTEMPTS = 3;

/** NOTIFY channels written by the table's trigger; the payload is the job id. */
export const QUEUED_CHANNEL = 'judge_jobs_queued';
export const UPDATES_CHANNEL = 'judge_job_updates';

export interface JudgeJob<Payload = JsonValue, Result = JsonValue> {
  id: number;
  kind: JobKind;
  payload: Payload;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  leaseOwner: string | null;
  leaseToken: string | null;
  leaseExpiresAt: Date | null;
  progress: JsonValue | null;
  result: Result | null;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/**
 * A job as its claimant holds it: the lease token proves the claim. Every write a worker makes
 * (heartbeat, progress, complete, fail, release) carries it and is refused once another claim
 * has replaced it.
 */
export interface LeasedJob<Payload = JsonValue> extends JudgeJob<Payload, never> {
  status: 'running';
  leaseOwner: string;
  leaseToken: string;
  leaseExpiresAt: Date;
  /** The lease length asked for at claim time; heartbeats extend by the same amount. */
  leaseMs: number;
}

export interface JudgeJobRow {
  id: string;
  kind: JobKind;
  payload: unknown;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  lease_owner: string | null;
  lease_token: string | null;
  lease_expires_at: Date | null;
  progress: JsonValue | null;
  result: unknown;
  error: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export const JOB_COLUMNS = `id, kind, payload, status, attempts, max_attempts, lease_owner,
  lease_token, lease_expires_at, progress, result, error, created_at, started_at, finished_at`;

export function jobFromRow<Payload = JsonValue, Result = JsonValue>(
  row: JudgeJobRow,
): JudgeJob<Payload, Result> {
  return {
    // bigint arrives as text; ids stay far below 2^53.
    id: Number(row.id),
    kind: row.kind,
    payload: row.payload as Payload,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    leaseOwner: row.lease_owner,
    leaseToken: row.lease_token,
    leaseExpiresAt: row.lease_expires_at,
    progress: row.progress,
    result: row.result as Result | null,
    error: row.error,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

/**
 * Parameters bound as text and cast to jsonb in SQL: pg would turn a JS array into a Postgres
 * array literal, not JSON.
 */
export function toJsonParam(value: unknown): string {
  return JSON.stringify(value ?? null);
}

export function isJobKind(value: unknown): value is JobKind {
  return typeof value === 'string' && (JOB_KINDS as readonly string[]).includes(value);
}
