/**
 * What a judge job is for the judge service: the answer (member_questions row) to judge, how
 * it is judged, and how its result is written back.
 */
import { judgeLoaded, runOnce } from '../../judge/judge.ts';
import type { RunOnceResult } from '../../judge/judge.ts';
import type { JudgeResult, Verdict } from '../../judge/types.ts';
import type { PoolClient, Queryable } from '../db/pool.ts';
import { PermanentJobError, toJsonParam } from '../judge-queue/index.ts';
import type { JobHandler, JobKind, JsonValue, LeasedJob } from '../judge-queue/index.ts';
import { QuestionDataError, materialiseQuestion } from './materialise.ts';
import { queryPrepared } from '../db/prepared.ts';

/** A job's payload: only the answer's id; everything else is read from the answer row. */
export interface JudgeJobPayload {
  answerId: number;
}

export type AnswerKind = 'submit' | 'review' | 'debug' | 'playground' | 'exam' | 'homework';

/** Graded answers (submit, review, exam, homework) are judged against the question's cases. */
export const isGraded = (kind: AnswerKind): boolean =>
  kind === 'submit' || kind === 'review' || kind === 'exam' || kind === 'homework';

/** Exam answers go first, then practice submissions; runs on custom input are debug. */
export const jobKindOf = (kind: AnswerKind): JobKind =>
  kind === 'exam' ? 'exam' : isGraded(kind) ? 'practice' : 'debug';

/** Limits of a playground run, which has no question to take them from. */
export const PLAYGROUND_LIMITS = { timeLimitMs: 2000, memoryLimitMiB: 256 };

/** The stored result: a graded submission or a single run, told apart by `type`. */
export type StoredResult =
  ({ type: 'judge'; message?: string } & JudgeResult) | ({ type: 'run' } & RunOnceResult);

interface AnswerRow {
  id: number;
  kind: AnswerKind;
  question_id: number | null;
  language: string;
  source: string;
  input: string | null;
  time_limit_ms: number | null;
  memory_limit_mib: number | null;
}

export interface JudgeHandlerOptions {
  db: Queryable;
  /** The worker's judge cache: launcher, PCHs, binaries and materialised questions. */
  cacheDir: string;
}

/**
 * Judges one answer. Errors of the database are thrown (the queue retries the job); errors of
 * the judge or of the question's data become an SE result that is recorded, so a learner sees
 * a verdict instead of a submission that is silently retried and never finishes.
 */
export function createJudgeJobHandler(options: JudgeHandlerOptions): JobHandler<JudgeJobPayload> {
  const { db, cacheDir } = options;
  return async (job, context) => {
    const answerId = Number(job.payload?.answerId);
    if (!Number.isSafeInteger(answerId)) throw new PermanentJobError('判题任务缺少 answerId');
    const { rows } = await queryPrepared<AnswerRow>(
      db,
      `SELECT mq.id, mq.kind, mq.question_id, mq.language, mq.source, mq.input,
              q.time_limit_ms, q.memory_limit_mib
         FROM member_questions mq LEFT JOIN questions q ON q.id = mq.question_id
        WHERE mq.id = $1`,
      [answerId],
    );
    const answer = rows[0];
    if (!answer) throw new PermanentJobError(`作答记录 ${answerId} 不存在`);
    const submission = { language: answer.language, source: answer.source };
    await context.reportProgress({ phase: 'compiling' });

    if (isGraded(answer.kind)) {
      let problem;
      try {
        problem = await materialiseQuestion(db, answer.question_id ?? 0, cacheDir);
      } catch (err) {
        if (err instanceof QuestionDataError) return toJson(systemErrorJudge(err.message));
        throw err;
      }
      try {
        const result = await judgeLoaded(problem, submission, {
          cacheDir,
          onProgress: (p) => {
            if (p.phase === 'running') void context.reportProgress(p).catch(() => false);
          },
        });
        return toJson({ type: 'judge', ...result });
      } catch (err) {
        return toJson(systemErrorJudge(`判题出错：${(err as Error).message}`));
      }
    }

    const limits =
      answer.kind === 'debug' && answer.time_limit_ms && answer.memory_limit_mib
        ? { timeLimitMs: answer.time_limit_ms, memoryLimitMiB: answer.memory_limit_mib }
        : PLAYGROUND_LIMITS;
    await context.reportProgress({ phase: 'running', case: 1, of: 1 });
    try {
      const run = await runOnce(submission, answer.input ?? '', limits, { cacheDir });
      return toJson({ type: 'run', ...run });
    } catch (err) {
      return toJson(systemErrorRun(`运行出错：${(err as Error).message}`));
    }
  };
}

function systemErrorJudge(message: string): StoredResult {
  return {
    type: 'judge',
    verdict: 'SE',
    score: 0,
    maxScore: 100,
    timeMs: 0,
    memoryKiB: 0,
    compileOutput: '',
    cases: [],
    message,
  };
}

function systemErrorRun(message: string): StoredResult {
  return {
    type: 'run',
    verdict: 'SE',
    stdout: '',
    stderr: '',
    stdoutTruncated: false,
    timeMs: 0,
    memoryKiB: 0,
    exitCode: null,
    compileOutput: '',
    message,
  };
}

const toJson = (r: StoredResult): JsonValue => JSON.parse(JSON.stringify(r)) as JsonValue;

/**
 * Writes the verdict into the answer, inside the transaction that completes the job (runWorker's
 * recordResult): the job is done and the answer judged together, or neither.
 */
export async function recordJudgeResult(
  client: PoolClient,
  job: LeasedJob<JudgeJobPayload>,
  result: JsonValue,
): Promise<void> {
  const r = result as unknown as StoredResult;
  const verdict: Verdict = r.verdict;
  const score = r.type === 'judge' ? r.score : null;
  const maxScore = r.type === 'judge' ? r.maxScore : null;
  await queryPrepared(
    client,
    `UPDATE member_questions
        SET status = 'done', verdict = $2, score = $3, max_score = $4, time_ms = $5,
            memory_kib = $6, result = $7::jsonb, judged_at = now()
      WHERE id = $1 AND judge_job_id = $8`,
    [job.payload.answerId, verdict, score, maxScore, r.timeMs, r.memoryKiB, toJsonParam(r), job.id],
  );
}
