/**
 * A programming answer and its judge job, written in one transaction (docs/architecture.md
 * "judge-queue"): the one way a run, a submission, a correction or a homework answer reaches the
 * judge, used by the practice calls and by homework alike; a worker judges it and records the
 * verdict (judge-service/jobs.ts). Practice answers take their daily quota (./quota.ts) in the
 * same transaction; assigned work never does.
 */
import { withTransaction, type Pool } from '../db/pool.ts';
import type { Auth } from '../http/sessions.ts';
import { enqueue } from '../judge-queue/index.ts';
import { isGraded, jobKindOf, type AnswerKind } from '../judge-service/jobs.ts';
import { findOwnAnswer, type AnswerRow } from './answers.ts';
import { consumeQuota, type QuotaCounter, type QuotaPolicy } from './quota.ts';

/** Graded answers use the submission quota; runs on custom input the run quota. */
const quotaCounterOf = (kind: AnswerKind): QuotaCounter =>
  isGraded(kind) ? 'submissions' : 'runs';

/** A homework answer's submission: the answer it belongs to, and whether it came late. */
export interface HomeworkLink {
  homeworkMemberQuestionId: number;
  late: boolean;
}

/**
 * Writes a programming answer and its judge job in one transaction, after taking one unit of
 * the daily quota its kind uses (QUOTA_USED_UP: nothing is written); returns the answer.
 */
export async function queueAnswer(
  pool: Pool,
  quota: QuotaPolicy,
  auth: Auth,
  answer: {
    kind: AnswerKind;
    questionId: number | null;
    language: string;
    source: string;
    input: string | null;
    link?: HomeworkLink | undefined;
  },
): Promise<AnswerRow> {
  const id = await withTransaction(pool, async (client) => {
    // Assigned work never runs into the practice quota.
    if (!answer.link) await consumeQuota(client, quota, auth.memberId, quotaCounterOf(answer.kind));
    const inserted = await client.query<{ id: number }>(
      `INSERT INTO member_questions (member_id, question_id, kind, language, source, input,
                                     homework_member_question_id, late)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        auth.memberId,
        answer.questionId,
        answer.kind,
        answer.language,
        answer.source,
        answer.input,
        answer.link?.homeworkMemberQuestionId ?? null,
        answer.link?.late ?? false,
      ],
    );
    const answerId = inserted.rows[0]!.id;
    const jobId = await enqueue(client, { kind: jobKindOf(answer.kind), payload: { answerId } });
    await client.query(`UPDATE member_questions SET judge_job_id = $2 WHERE id = $1`, [
      answerId,
      jobId,
    ]);
    return answerId;
  });
  return (await findOwnAnswer(pool, auth.memberId, id))!;
}
