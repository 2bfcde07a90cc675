/**
 * The exam clock (issue 7 item 4): the server completes every paper whose deadline (and save
 * grace) has passed, with no client involved, sends completed papers to the judge, and settles
 * those the judge has finished. It works from the database's rows and clock only, so a
 * restarted server picks up exactly where the last commit left off, and several API processes
 * can run it at once: a row another process is moving is skipped, and a move already made is
 * refused by the sitting's machine.
 */
import type { Pool } from '../db/pool.ts';
import type { Logger } from '../logger.ts';
import {
  advanceSitting,
  completeSitting,
  memberActor,
  SAVE_GRACE_MS,
  settleSitting,
} from './sittings.ts';

/** The clock's default tick: a paper is handed in at most this long after its grace ends. */
export const EXAM_CLOCK_MS = 1000;

/** How many rows one tick takes of each kind; the next tick takes the rest. */
const BATCH = 50;

async function takeIds(pool: Pool, where: string): Promise<number[]> {
  const { rows } = await pool.query<{ id: number }>(
    `SELECT id FROM exam_paper_enrolls WHERE deleted_at IS NULL AND ${where}
      ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
  );
  return rows.map((r) => r.id);
}

/** One pass of the clock; answers how many sittings it moved. */
export async function tickExamClock(pool: Pool, logger: Logger): Promise<number> {
  let moved = 0;
  const requestId = `clock:${Date.now()}`;
  const each = async (ids: number[], step: (id: number) => Promise<void>) => {
    for (const id of ids) {
      try {
        await step(id);
        moved++;
      } catch (err) {
        // Another process moved it first, or the judge is still busy: the next tick looks again.
        logger.debug({ err: (err as Error).message, sitting: id }, '考试时钟：本轮未处理');
      }
    }
  };
  const expired = await takeIds(
    pool,
    `state = 'inProgress' AND deadline + interval '${SAVE_GRACE_MS} milliseconds' < now()`,
  );
  await each(expired, async (id) => {
    const actor = await memberActor(pool, id);
    await completeSitting(pool, id, 'deadline', actor, requestId);
    await advanceSitting(pool, id, actor, requestId);
  });
  await each(await takeIds(pool, `state = 'completed'`), async (id) =>
    advanceSitting(pool, id, await memberActor(pool, id), requestId),
  );
  const judging = await pool.query<{ id: number }>(
    `SELECT s.id FROM exam_paper_enrolls s
      WHERE s.deleted_at IS NULL AND s.state = 'judging'
        AND NOT EXISTS (SELECT 1 FROM exam_member_questions a
              JOIN member_questions mq ON mq.id = a.judge_answer_id
              LEFT JOIN judge_jobs j ON j.id = mq.judge_job_id
             WHERE a.exam_paper_enroll_id = s.id AND a.voided_at IS NULL
               AND mq.status NOT IN ('done', 'failed') AND coalesce(j.status, 'queued') <> 'failed')
      ORDER BY s.id LIMIT ${BATCH}`,
  );
  await each(
    judging.rows.map((r) => r.id),
    async (id) => {
      await settleSitting(pool, id, await memberActor(pool, id), requestId);
    },
  );
  return moved;
}
