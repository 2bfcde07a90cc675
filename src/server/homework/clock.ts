/**
 * The homework clock: settles every published homework that has closed, once its submissions
 * are judged, with no client involved. Like the exam clock it works from rows and the
 * database's clock only, so a restart or a second API process changes nothing.
 */
import type { Pool } from '../db/pool.ts';
import type { Logger } from '../logger.ts';
import { settleHomework, STILL_JUDGING } from './settle.ts';

export async function tickHomeworkClock(pool: Pool, logger: Logger): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `SELECT h.id FROM homeworks h
      WHERE h.deleted_at IS NULL AND h.settled_at IS NULL AND h.state IN ('published', 'unpublished')
        AND coalesce(h.late_until, h.due_at) < now()
        AND NOT EXISTS (SELECT 1 FROM homework_member_questions q
              JOIN member_questions a ON a.homework_member_question_id = q.id
              LEFT JOIN judge_jobs j ON j.id = a.judge_job_id
             WHERE q.homework_id = h.id AND ${STILL_JUDGING})
      ORDER BY h.id LIMIT 20`,
  );
  let settled = 0;
  for (const { id } of rows) {
    try {
      await settleHomework(pool, id);
      settled++;
    } catch (err) {
      // Still judging, or another process settled it: the next tick looks again.
      logger.debug({ err: (err as Error).message, homework: id }, '作业时钟：本轮未结算');
    }
  }
  return settled;
}
