/**
 * Reading learners' answers (member_questions) as the contract shows them. The status of an
 * answer still being judged comes from its judge job, which the worker updates as it goes.
 */
import type {
  AnswerDetail,
  AnswerSummary,
  CaseData,
  StatusEvent,
} from '../../contract/member-question/common.ts';
import { currentRights } from '../accounts/rights.ts';
import type { Queryable } from '../db/pool.ts';
import { preparedStatement } from '../db/prepared.ts';
import { controlAllows } from '../grade-controls/controls.ts';
import type { StoredResult } from '../judge-service/jobs.ts';

/**
 * An answer with its question's title and its job's state, as AnswerRow reads it, from `answers` (member_questions' columns) and `jobs`
 * (judge_jobs'): the tables themselves, or the rows a statement has just written (queue.ts).
 */
export const answerSelectFrom = (answers: string, jobs: string) => `
  SELECT mq.id, mq.member_id, mq.question_id, q.title AS question_title, mq.kind, mq.language,
         mq.source, mq.input, mq.status, mq.verdict, mq.score, mq.max_score, mq.time_ms,
         mq.memory_kib, mq.result, mq.created_at, mq.judged_at, mq.judge_job_id, mq.cleaned_at,
         mq.entered_by,
         j.status AS job_status, j.progress AS job_progress, j.error AS job_error
    FROM ${answers} mq
    LEFT JOIN questions q ON q.id = mq.question_id
    LEFT JOIN ${jobs} j ON j.id = mq.judge_job_id`;

export const ANSWER_SELECT = answerSelectFrom('member_questions', 'judge_jobs');

export interface AnswerRow {
  id: number;
  member_id: number;
  question_id: number | null;
  question_title: string | null;
  kind: AnswerSummary['kind'];
  language: string | null;
  source: string;
  input: string | null;
  status: AnswerSummary['status'];
  verdict: AnswerSummary['verdict'];
  score: string | null;
  max_score: string | null;
  time_ms: number | null;
  memory_kib: number | null;
  result: unknown;
  created_at: Date;
  judged_at: Date | null;
  /** bigint, as text. */
  judge_job_id: string | null;
  cleaned_at: Date | null;
  /** The platform staff member who entered it (补录); null for the member's own. */
  entered_by: number | null;
  job_status: 'queued' | 'running' | 'done' | 'failed' | null;
  job_progress: { phase?: string; case?: number; of?: number } | null;
  job_error: string | null;
}

/** The columns an answer's live status is made of (status-hub.ts reads only these). */
export type StatusColumns = Pick<
  AnswerRow,
  | 'id'
  | 'status'
  | 'verdict'
  | 'score'
  | 'max_score'
  | 'time_ms'
  | 'memory_kib'
  | 'job_status'
  | 'job_progress'
>;

/** Where the answer is now: its own final state, else what its job says. */
export function liveStatus(row: StatusColumns): AnswerSummary['status'] {
  if (row.status === 'done' || row.status === 'failed') return row.status;
  switch (row.job_status) {
    case 'failed':
      return 'failed';
    case 'running':
      return row.job_progress?.phase === 'running' ? 'running' : 'compiling';
    case 'queued':
      return 'queued';
    default:
      return row.status;
  }
}

const num = (v: string | null) => (v === null ? null : Number(v));

export function toSummary(row: AnswerRow): AnswerSummary {
  return {
    id: row.id,
    questionId: row.question_id,
    questionTitle: row.question_title,
    kind: row.kind,
    language: row.language,
    status: liveStatus(row),
    verdict: row.verdict,
    score: num(row.score),
    maxScore: num(row.max_score),
    timeMs: row.time_ms,
    memoryKiB: row.memory_kib,
    createdAt: row.created_at.toISOString(),
    judgedAt: row.judged_at?.toISOString() ?? null,
  };
}

/** Everything but the failing case's data, which depends on the reader's rights. */
/** Case k of n while the answer runs; null otherwise. */
function progressOf(row: StatusColumns): AnswerDetail['progress'] {
  return liveStatus(row) === 'running' &&
    row.job_progress?.case !== undefined &&
    row.job_progress.of
    ? { case: row.job_progress.case, of: row.job_progress.of }
    : null;
}

/** What the status stream sends: the answer's live status, without its code or results. */
export function toStatusEvent(row: StatusColumns): StatusEvent {
  return {
    id: row.id,
    status: liveStatus(row),
    progress: progressOf(row),
    verdict: row.verdict,
    score: num(row.score),
    maxScore: num(row.max_score),
    timeMs: row.time_ms,
    memoryKiB: row.memory_kib,
  };
}

/** The live status of the answer a judge job judges: one small row, never its code or results. */
export async function readJobAnswerStatus(
  db: Queryable,
  jobId: number,
): Promise<StatusEvent | null> {
  const { rows } = await db.query<StatusColumns>(
    `SELECT mq.id, mq.status, mq.verdict, mq.score, mq.max_score, mq.time_ms, mq.memory_kib,
            j.status AS job_status, j.progress AS job_progress
       FROM member_questions mq JOIN judge_jobs j ON j.id = mq.judge_job_id
      WHERE mq.judge_job_id = $1`,
    [jobId],
  );
  return rows[0] ? toStatusEvent(rows[0]) : null;
}

export function toDetail(row: AnswerRow): Omit<AnswerDetail, 'failingCase' | 'failingCaseHidden'> {
  const status = liveStatus(row);
  const result = row.status === 'done' ? (row.result as StoredResult | null) : null;
  const progress = progressOf(row);
  return {
    ...toSummary(row),
    source: row.source,
    input: row.input,
    progress,
    compileOutput: result && 'compileOutput' in result ? result.compileOutput : '',
    cases: result?.type === 'judge' ? result.cases : [],
    skippedCases: result?.type === 'judge' ? (result.skippedCases ?? []) : [],
    run:
      result?.type === 'run'
        ? {
            stdout: result.stdout,
            stderr: result.stderr,
            stdoutTruncated: result.stdoutTruncated,
            exitCode: result.exitCode,
            ...(result.message ? { message: result.message } : {}),
          }
        : null,
    error:
      status === 'failed'
        ? row.job_error
        : result?.type === 'judge' && result.message
          ? result.message
          : null,
  };
}

/** Every submission answers with it: prepared (db/prepared.ts). */
const ownAnswer = preparedStatement<AnswerRow>(
  'member-own-answer',
  `${ANSWER_SELECT} WHERE mq.id = $1 AND mq.member_id = $2`,
);

/** One of the member's own answers, or undefined (someone else's answers are not found). */
export async function findOwnAnswer(
  db: Queryable,
  memberId: number,
  id: number,
): Promise<AnswerRow | undefined> {
  const { rows } = await ownAnswer(db, [id, memberId]);
  return rows[0];
}

/** The cases a judged answer did not pass, in order (none while it is being judged). */
export const failingCases = (row: AnswerRow) => {
  const result = row.status === 'done' ? (row.result as StoredResult | null) : null;
  return result?.type === 'judge' ? result.cases.filter((c) => c.verdict !== 'AC') : [];
};

/**
 * Whether a learner may read a case's data — and what their program printed on it, stderr
 * included, since a program can print its input: a card's testCaseView right, or a class of the
 * learner that lets its students see cases. The one rule for every reader (answer detail, wrong
 * cases, the AI assistant).
 */
export async function canViewCases(db: Queryable, memberId: number): Promise<boolean> {
  const { rights } = await currentRights(db, memberId);
  return (
    rights.some((r) => r.code === 'testCaseView') ||
    (await controlAllows(db, memberId, 'viewTestCases'))
  );
}

/** Shown case data is cut to this many bytes per file. */
export const SHOWN_CASE_BYTES = 4096;

/**
 * The data of some cases of an answer's question: input and answer cut to SHOWN_CASE_BYTES, and
 * for the first failing case what the program printed (kept by the judge, already cut to the same
 * size). Results stored before the judge kept output read with output ''.
 */
export async function readCaseData(
  db: Queryable,
  row: AnswerRow,
  indexes: number[],
): Promise<Map<number, CaseData>> {
  if (row.question_id === null) return new Map();
  const { rows } = await db.query<{ idx: number; input: Buffer; answer: Buffer; long: boolean }>(
    `SELECT idx, substring(input FROM 1 FOR $3) AS input, substring(answer FROM 1 FOR $3) AS answer,
            octet_length(input) > $3 OR octet_length(answer) > $3 AS long
       FROM question_cases WHERE question_id = $1 AND idx = ANY($2::int[])`,
    [row.question_id, indexes, SHOWN_CASE_BYTES],
  );
  const result = row.status === 'done' ? (row.result as StoredResult | null) : null;
  const kept = result?.type === 'judge' ? result.failingOutput : undefined;
  return new Map(
    rows.map((r) => {
      const own = kept?.index === r.idx ? kept : undefined;
      return [
        r.idx,
        {
          index: r.idx,
          input: r.input.toString('utf8'),
          answer: r.answer.toString('utf8'),
          output: own?.stdout ?? '',
          stderr: own?.stderr ?? '',
          truncated: r.long || (own?.stdoutTruncated ?? false),
        },
      ];
    }),
  );
}
