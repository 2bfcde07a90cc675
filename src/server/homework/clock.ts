/**
 * The homework clock: settles every published homework that has closed, once its submissions
 * are judged, with no client involved. Like the exam clock it works from rows and the
 * database's clock only, so a restart or a second API process changes nothing.
 */
import type { Pool } from '../db/pool.ts';
import type { Logger } from '../logger.ts';
import { HOLDS_PLACE } from '../../machines/lifecycles/enrollment.ts';
import { withTransaction } from '../db/pool.ts';
import { sendMessage } from '../messages/send.ts';
import { settleHomework, STILL_JUDGING } from './settle.ts';

/**
 * Tells each learner of a published homework due within a day that it is due, once (the
 * message's key is the homework): whoever has not yet handed in every question.
 */
export async function remindHomeworkDue(pool: Pool): Promise<number> {
  return withTransaction(pool, async (db) => {
    const { rows } = await db.query<{ member_id: number; homework_id: number; title: string }>(
      `SELECT he.member_id, h.id AS homework_id, h.title
         FROM homeworks h JOIN homework_enrolls he ON he.homework_id = h.id
         JOIN orders o ON o.id = he.order_id
        WHERE h.deleted_at IS NULL AND h.state = 'published' AND h.settled_at IS NULL
          AND h.due_at > now() AND h.due_at <= now() + interval '1 day'
          AND o.state = ANY($1::text[])
          AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.member_id = he.member_id
                            AND m.dedupe_key = 'homeworkDue:' || h.id)
          AND (SELECT count(*) FROM homework_questions hq WHERE hq.homework_id = h.id)
            > (SELECT count(DISTINCT q.id) FROM homework_member_questions q JOIN member_questions a
                   ON a.homework_member_question_id = q.id
                WHERE q.order_id = he.order_id)
        LIMIT 500`,
      [HOLDS_PLACE],
    );
    for (const r of rows) {
      await sendMessage(db, {
        memberId: r.member_id,
        kind: 'homeworkDue',
        title: `作业「${r.title}」明天截止`,
        body: '还有题目没有提交，请在截止前完成',
        link: '/user/homework',
        dedupe: { key: `homeworkDue:${r.homework_id}`, keep: 'once' },
      });
    }
    return rows.length;
  });
}

/** The reminders are looked for once a minute, not at every tick of the clock. */
const REMIND_EVERY_MS = 60_000;
const lastReminded = new WeakMap<Pool, number>();

export async function tickHomeworkClock(pool: Pool, logger: Logger): Promise<number> {
  if (Date.now() - (lastReminded.get(pool) ?? 0) >= REMIND_EVERY_MS) {
    lastReminded.set(pool, Date.now());
    // A reminder that fails must not hold up settling: it is looked for again in a minute.
    await remindHomeworkDue(pool).catch((err: Error) =>
      logger.warn({ err: err.message }, '作业时钟：截止提醒未能发送，稍后重试'),
    );
  }
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
