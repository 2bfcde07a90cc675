/**
 * The platform's writes on answers (bms memberQuestion create, update, delete;
 * docs/decisions/admin-and-identity.md "Answers the platform corrects"): enter a programming submission for a member (补录), judge a
 * practice answer again (重测) after a question's cases or answer were corrected, and take an
 * answer out of the member's own history. Answers are records: none is erased, and who did what
 * is in the system log (the call's ids). Homework and exam answers count towards grades that
 * may already be settled, so they are not judged again here.
 */
import type { Queryable, Pool } from '../db/pool.ts';
import { withTransaction } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { findOwned } from '../http/owned-rows.ts';
import { validationError } from '../http/validation-error.ts';
import { enqueue } from '../judge-queue/index.ts';
import { jobKindOf, type AnswerKind } from '../judge-service/jobs.ts';
import { QUESTIONS } from '../question/store.ts';
import { ANSWER_SELECT, liveStatus, type AnswerRow, type StatusColumns } from './answers.ts';
import type { QuestionRow } from './learner-question.ts';

/** What a queued or graded answer reads back as: its id and live status. */
async function queuedOf(db: Queryable, id: number) {
  const { rows } = await db.query<AnswerRow>(`${ANSWER_SELECT} WHERE mq.id = $1`, [id]);
  return { id, status: liveStatus(rows[0]!) };
}

/** Writes the answer's judge job and points the answer at it (the worker checks the pointer). */
async function queueJudging(db: Queryable, answerId: number, kind: AnswerKind) {
  const jobId = await enqueue(db, { kind: jobKindOf(kind), payload: { answerId } });
  await db.query(`UPDATE member_questions SET judge_job_id = $2 WHERE id = $1`, [answerId, jobId]);
}

/**
 * 补录: a programming submission entered for a member, judged as theirs (no daily quota: the
 * member did not spend it), marked with who entered it. The question must be one the member may
 * see (the bank's one rule), so nothing is entered on a question they could never open.
 */
export async function enterAnswer(
  pool: Pool,
  enteredBy: number,
  body: { memberId: number; questionId: number; language: string; source: string },
) {
  const { rows: members } = await pool.query<{ id: number; organization_id: number }>(
    `SELECT id, organization_id FROM members WHERE id = $1`,
    [body.memberId],
  );
  const member = members[0];
  if (!member) {
    throw validationError([{ field: 'body.memberId', message: `成员 ${body.memberId} 不存在` }]);
  }
  const q = await findOwned<QuestionRow>(
    pool,
    QUESTIONS,
    { kind: 'learner', organizationId: member.organization_id },
    body.questionId,
    'q.id, q.type',
  ).catch(() => {
    throw validationError([
      { field: 'body.questionId', message: `题目 ${body.questionId} 不存在，或该成员看不到它` },
    ]);
  });
  if (q.type !== 'programming') {
    throw validationError([
      { field: 'body.questionId', message: '只能补录编程题的提交；客观题请成员自己作答' },
    ]);
  }
  const id = await withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO member_questions (member_id, question_id, kind, language, source, entered_by)
       VALUES ($1, $2, 'submit', $3, $4, $5) RETURNING id`,
      [member.id, q.id, body.language, body.source, enteredBy],
    );
    await queueJudging(client, rows[0]!.id, 'submit');
    return rows[0]!.id;
  });
  return queuedOf(pool, id);
}

interface RejudgedRow extends StatusColumns {
  id: number;
  kind: AnswerKind;
  source: string;
  type: QuestionRow['type'] | null;
  answer: string | null;
}

/**
 * 重测: a practice submission or correction judged again with what its question holds now.
 * A programming answer goes back to the queue (the earlier job's late result is ignored: the
 * worker writes only for the job the answer points at); an objective one is graded at once
 * against the question's current answer flags.
 */
export async function rejudgeAnswer(pool: Pool, id: number) {
  await withTransaction(pool, async (client) => {
    const { rows } = await client.query<RejudgedRow>(
      `SELECT mq.id, mq.kind, mq.status, mq.verdict, mq.score, mq.max_score, mq.time_ms,
              mq.memory_kib, mq.source, q.type, q.answer,
              j.status AS job_status, j.progress AS job_progress
         FROM member_questions mq LEFT JOIN questions q ON q.id = mq.question_id
         LEFT JOIN judge_jobs j ON j.id = mq.judge_job_id
        WHERE mq.id = $1 FOR UPDATE OF mq`,
      [id],
    );
    const row = rows[0];
    if (!row) throw fail('NOT_FOUND', `作答记录 ${id} 不存在`);
    if (row.kind !== 'submit' && row.kind !== 'review') {
      throw fail(
        'CONFLICT',
        row.kind === 'homework' || row.kind === 'exam'
          ? '作业与考试的作答计入成绩，不能在此重新评测'
          : '自测运行没有评测结果，无需重新评测',
      );
    }
    const status = liveStatus(row);
    if (status !== 'done' && status !== 'failed') {
      throw fail('CONFLICT', '这次提交还在评测中，评测结束后再重测');
    }
    if (row.type !== 'programming') {
      const correct = row.source === row.answer;
      await client.query(
        `UPDATE member_questions
            SET verdict = $2, score = $3, max_score = 100, judged_at = now(),
                result = jsonb_build_object('type', 'objective', 'answer', source)
          WHERE id = $1`,
        [id, correct ? 'AC' : 'WA', correct ? 100 : 0],
      );
      return;
    }
    await client.query(
      `UPDATE member_questions
          SET status = 'queued', verdict = NULL, score = NULL, max_score = NULL, time_ms = NULL,
              memory_kib = NULL, result = NULL, judged_at = NULL
        WHERE id = $1`,
      [id],
    );
    await queueJudging(client, id, row.kind);
  });
  return queuedOf(pool, id);
}

/** Takes a graded answer out of the member's history; a second time says it is already out. */
export async function removeFromHistory(db: Queryable, id: number) {
  const { rows } = await db.query<{ id: number; cleaned_at: Date | null; fresh: boolean }>(
    `WITH target AS (SELECT id, cleaned_at FROM member_questions WHERE id = $1),
          cleaned AS (UPDATE member_questions SET cleaned_at = now()
                       WHERE id = $1 AND cleaned_at IS NULL RETURNING id, cleaned_at)
     SELECT t.id, coalesce(c.cleaned_at, t.cleaned_at) AS cleaned_at, c.id IS NOT NULL AS fresh
       FROM target t LEFT JOIN cleaned c ON c.id = t.id`,
    [id],
  );
  const row = rows[0];
  if (!row) throw fail('NOT_FOUND', `作答记录 ${id} 不存在`);
  if (!row.fresh) throw fail('CONFLICT', '这次作答已不在成员的历史中');
  return { id: row.id, cleanedAt: row.cleaned_at!.toISOString() };
}
