/**
 * Settling homework (homeworkEnroll settle): when it closes — the end of its late window, or
 * its due time — each assigned learner's score is the sum of their best submission per question
 * (late ones with the penalty; a score given by hand instead where staff gave one; a voided
 * answer 0). It waits for submissions still being judged, is idempotent (settling again gives
 * the same scores), and after it no submission is taken. The server's clock settles homework
 * by itself (./clock.ts); staff may settle again after a rejudge.
 */
import { HOLDS_PLACE } from '../../machines/lifecycles/enrollment.ts';
import { withTransaction, type Pool } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';

/** A submission the judge will still finish (a job given up on never will). */
export const STILL_JUDGING = `a.status NOT IN ('done', 'failed') AND coalesce(j.status, 'queued') <> 'failed'`;

/** Submissions of the homework still queued or being judged. */
export async function pendingJudging(pool: Pool, homeworkId: number): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM member_questions a
       JOIN homework_member_questions q ON q.id = a.homework_member_question_id
       LEFT JOIN judge_jobs j ON j.id = a.judge_job_id
      WHERE q.homework_id = $1 AND ${STILL_JUDGING}`,
    [homeworkId],
  );
  return rows[0]!.n;
}

export async function settleHomework(pool: Pool, homeworkId: number): Promise<void> {
  const pending = await pendingJudging(pool, homeworkId);
  if (pending > 0) throw fail('CONFLICT', `还有 ${pending} 份提交在判题中，请稍后再结算`);
  await withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ closed: boolean }>(
      `SELECT now() >= coalesce(late_until, due_at) AS closed FROM homeworks
        WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
      [homeworkId],
    );
    if (!rows[0]) throw fail('NOT_FOUND', `作业 ${homeworkId} 不存在`);
    if (!rows[0].closed) throw fail('CONFLICT', '作业尚未截止，不能结算');
    await client.query(
      `UPDATE homework_member_questions q
          SET score = s.effective_score
         FROM homework_answer_scores s WHERE s.hmq_id = q.id AND q.homework_id = $1`,
      [homeworkId],
    );
    await client.query(
      `UPDATE homework_enrolls he
          SET score = (SELECT coalesce(sum(q.score), 0) FROM homework_member_questions q
                        WHERE q.order_id = he.order_id),
              max_score = (SELECT coalesce(sum(hq.score), 0) FROM homework_questions hq
                            WHERE hq.homework_id = he.homework_id),
              settled_at = coalesce(he.settled_at, now())
         FROM orders o
        WHERE o.id = he.order_id AND he.homework_id = $1 AND o.state = ANY($2::text[])`,
      [homeworkId, HOLDS_PLACE],
    );
    await client.query(
      'UPDATE homeworks SET settled_at = coalesce(settled_at, now()) WHERE id = $1',
      [homeworkId],
    );
  });
}
