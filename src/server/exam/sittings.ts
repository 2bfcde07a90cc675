/**
 * A learner's sitting of an exam paper on the server's clock (issue 7 item 4;
 * lifecycles/exam-paper-enroll.ts): start fixes the deadline; a save is taken until the deadline
 * and its grace; the learner, staff or the clock (./clock.ts) completes the paper; programming
 * answers go to the judge at exam priority; settlement scores, and rank is read from the scores.
 * Every step is one transaction under the sitting's row lock, and every step the clock takes
 * again after a crash finds the row where the last commit left it.
 */
import type { SittingItem } from '../../contract/exam/sittings.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import type { SITTING_SORT, sittingFilter } from '../../contract/exam/sittings.ts';
import type { z } from 'zod';
import { HOLDS_PLACE } from '../../machines/lifecycles/enrollment.ts';
import { EXAM_OPEN } from '../../machines/lifecycles/exam.ts';
import {
  hasReport,
  sittingLifecycle,
  type SittingState,
} from '../../machines/lifecycles/exam-paper-enroll.ts';
import { nextState } from '../../machines/lifecycles/lifecycle.ts';
import { withTransaction, type Pool, type PoolClient, type Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { containsPattern, orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { validationError } from '../http/validation-error.ts';
import { enqueue } from '../judge-queue/index.ts';
import { jobKindOf } from '../judge-service/jobs.ts';
import { recordTransition, transitionRow, type LifecycleRows } from '../lifecycle/transition.ts';
import { userOf } from './papers.ts';
import { learnerRowsIn } from '../access/predicates.ts';
import type { Scope } from '../access/scope.ts';
import { questionScore, type ScoredType } from './scoring.ts';

/**
 * How late a save may arrive and still count: the network's latency, not extra time. The room
 * flushes its last answers at time-up; they reach the server within this.
 */
export const SAVE_GRACE_MS = 5000;

export const SITTING_ROWS: LifecycleRows = {
  entity: 'examPaperEnroll',
  table: 'exam_paper_enrolls',
  column: 'state',
  where: 'deleted_at IS NULL',
};

const sortable: SortColumns<typeof SITTING_SORT> = {
  id: 's.id',
  startedAt: 's.started_at',
  score: 's.score',
};

/** Rank among the paper's settled sittings of the exam: higher score, then less time. */
const RANKED = `(SELECT id, rank() OVER w AS rank, count(*) OVER (PARTITION BY exam_id, exam_paper_id) AS rank_of
    FROM exam_paper_enrolls
   WHERE deleted_at IS NULL AND score IS NOT NULL AND state IN ('settled', 'reported')
  WINDOW w AS (PARTITION BY exam_id, exam_paper_id
               ORDER BY score DESC, completed_at - started_at ASC))`;

const SITTING_COLUMNS = `s.id, s.exam_id, e.name AS exam_name, s.exam_paper_id, p.name AS paper_name,
  s.order_id, s.member_id, m.nickname AS member_name, s.state, s.started_at, s.deadline,
  s.completed_at, s.completed_by, s.score, s.max_score, s.settled_at,
  (SELECT coalesce(sum(pq.score), 0) FROM exam_paper_questions pq
    WHERE pq.exam_paper_id = s.exam_paper_id)::int AS paper_total,
  (SELECT count(*) FROM exam_paper_questions pq WHERE pq.exam_paper_id = s.exam_paper_id)::int
    AS question_count,
  (SELECT count(*) FROM exam_member_questions a WHERE a.exam_paper_enroll_id = s.id
    AND (a.answer ~ '1' OR a.source <> ''))::int AS answered_count,
  (SELECT count(*) FROM exam_integrity_events ie WHERE ie.exam_paper_enroll_id = s.id)::int
    AS signal_count,
  (SELECT r.rank FROM ${RANKED} r WHERE r.id = s.id)::int AS rank,
  (SELECT r.rank_of FROM ${RANKED} r WHERE r.id = s.id)::int AS rank_of,
  now() AS server_now`;
const SITTING_FROM = `FROM exam_paper_enrolls s
  JOIN exams e ON e.id = s.exam_id
  JOIN exam_papers p ON p.id = s.exam_paper_id
  JOIN members m ON m.id = s.member_id`;

export interface SittingRow {
  id: number;
  exam_id: number;
  exam_name: string;
  exam_paper_id: number;
  paper_name: string;
  order_id: number;
  member_id: number;
  member_name: string;
  state: SittingState;
  started_at: Date;
  deadline: Date;
  completed_at: Date | null;
  completed_by: SittingItem['completedBy'];
  score: number | null;
  max_score: number | null;
  settled_at: Date | null;
  paper_total: number;
  question_count: number;
  answered_count: number;
  signal_count: number;
  rank: number | null;
  rank_of: number | null;
  server_now: Date;
}

/** A sitting as the wire shows it; a learner sees the score only once results are out. */
export function toSittingItem(r: SittingRow, learner: boolean): SittingItem {
  const shown = !learner || hasReport(r.state);
  return {
    id: r.id,
    examId: r.exam_id,
    examName: r.exam_name,
    examPaperId: r.exam_paper_id,
    examPaperName: r.paper_name,
    enrollId: r.order_id,
    memberId: r.member_id,
    memberName: r.member_name,
    state: r.state,
    startedAt: r.started_at.toISOString(),
    deadline: r.deadline.toISOString(),
    completedAt: r.completed_at?.toISOString() ?? null,
    completedBy: r.completed_by,
    score: shown ? r.score : null,
    maxScore: r.max_score ?? r.paper_total,
    rank: shown ? r.rank : null,
    rankOf: shown ? r.rank_of : null,
    usedSeconds: r.completed_at
      ? Math.max(0, Math.round((r.completed_at.getTime() - r.started_at.getTime()) / 1000))
      : null,
    questionCount: r.question_count,
    answeredCount: r.answered_count,
    signalCount: r.signal_count,
    serverNow: r.server_now.toISOString(),
  };
}

/**
 * Sittings the scope may read (access/predicates.ts learnerRowsIn): a learner their own; in the
 * exams an organization runs, its admin all and its teachers their students'.
 */
export function visibleSittings(scope: Scope, sql: SqlParams): string {
  const rows = learnerRowsIn(scope, 's.member_id', { organization: 'e.organization_id' }, sql);
  return `s.deleted_at IS NULL AND ${rows}`;
}

export async function readSittingRow(db: Queryable, scope: Scope, id: number): Promise<SittingRow> {
  const sql = new SqlParams();
  const where = visibleSittings(scope, sql);
  const { rows } = await db.query<SittingRow>(
    `SELECT ${SITTING_COLUMNS} ${SITTING_FROM} WHERE ${where} AND s.id = ${sql.add(id)}`,
    sql.values,
  );
  const row = rows[0];
  if (!row) throw fail('NOT_FOUND', `答卷 ${id} 不存在`);
  return row;
}

export async function readSitting(db: Queryable, scope: Scope, id: number) {
  return toSittingItem(await readSittingRow(db, scope, id), scope.kind === 'learner');
}

export async function latestSitting(
  db: Queryable,
  scope: Scope,
  examId: number,
  examPaperId?: number,
): Promise<SittingItem | null> {
  const sql = new SqlParams();
  const clauses = [visibleSittings(scope, sql), `s.exam_id = ${sql.add(examId)}`];
  if (examPaperId) clauses.push(`s.exam_paper_id = ${sql.add(examPaperId)}`);
  const { rows } = await db.query<SittingRow>(
    `SELECT ${SITTING_COLUMNS} ${SITTING_FROM} WHERE ${clauses.join(' AND ')}
      ORDER BY s.id DESC LIMIT 1`,
    sql.values,
  );
  return rows[0] ? toSittingItem(rows[0], scope.kind === 'learner') : null;
}

export async function listSittings(
  db: Queryable,
  scope: Scope,
  filter: z.output<typeof sittingFilter>,
  page: PageQuery,
): Promise<Page<SittingItem>> {
  const sql = new SqlParams();
  const clauses = [visibleSittings(scope, sql)];
  if (filter.examId) clauses.push(`s.exam_id = ${sql.add(filter.examId)}`);
  if (filter.examPaperId) clauses.push(`s.exam_paper_id = ${sql.add(filter.examPaperId)}`);
  if (filter.state) clauses.push(`s.state = ${sql.add(filter.state)}`);
  if (filter.memberId) clauses.push(`s.member_id = ${sql.add(filter.memberId)}`);
  if (filter.keyword) {
    const k = sql.add(containsPattern(filter.keyword));
    clauses.push(`(m.nickname ILIKE ${k} OR e.name ILIKE ${k})`);
  }
  const rows = await pagedRows<SittingRow>(
    db,
    {
      select: SITTING_COLUMNS,
      from: `${SITTING_FROM} WHERE ${clauses.join(' AND ')}`,
      params: sql.values,
      order: orderBy(page, sortable, 's.id DESC', 's.id DESC'),
    },
    page,
  );
  return {
    ...rows,
    content: rows.content.map((r) => toSittingItem(r, scope.kind === 'learner')),
  };
}

interface Actor {
  userId: number;
  memberId: number;
}

interface ExamClock {
  state: string;
  start_at: Date;
  end_at: Date;
  schedule: 'fixed' | 'flexible';
  duration_minutes: number | null;
  paper_minutes: number | null;
  now: Date;
}

/**
 * Starts the member's sitting of one paper, or answers the one they started (another tab, a
 * reload). The deadline: a fixed exam ends for everyone at its end; a flexible one gives each
 * learner the exam's (or the paper's) minutes from their start, never past the exam's end.
 */
export async function startSitting(
  pool: Pool,
  input: { examId: number; examPaperId: number; memberId: number },
  actor: Actor,
  requestId: string,
  ip: string,
): Promise<number> {
  return withTransaction(pool, async (client) => {
    const order = await client.query<{ id: number; state: string }>(
      `SELECT id, state FROM orders WHERE kind = 'exam' AND item_id = $1 AND member_id = $2
          AND deleted_at IS NULL ORDER BY (state = ANY($3::text[])) DESC, id DESC LIMIT 1 FOR UPDATE`,
      [input.examId, input.memberId, HOLDS_PLACE],
    );
    const enrollment = order.rows[0];
    if (!enrollment || !HOLDS_PLACE.includes(enrollment.state as never)) {
      throw fail(
        'CONFLICT',
        enrollment?.state === 'awaitingPayment' ? '请先完成报名支付再开考' : '尚未报名该考试',
      );
    }
    const existing = await client.query<{ id: number }>(
      `SELECT id FROM exam_paper_enrolls WHERE order_id = $1 AND exam_paper_id = $2
          AND deleted_at IS NULL`,
      [enrollment.id, input.examPaperId],
    );
    if (existing.rows[0]) return existing.rows[0].id;
    // Pairs with the paper lock in updateQuestions: questions never change under a start.
    await client.query('SELECT 1 FROM exam_papers WHERE id = $1 FOR SHARE', [input.examPaperId]);
    const clock = await client.query<ExamClock>(
      `SELECT e.state, e.start_at, e.end_at, e.schedule, e.duration_minutes,
              p.duration_minutes AS paper_minutes, now() AS now
         FROM exams e LEFT JOIN exam_exam_papers ep ON ep.exam_id = e.id AND ep.exam_paper_id = $2
         LEFT JOIN exam_papers p ON p.id = ep.exam_paper_id
        WHERE e.id = $1 FOR SHARE OF e`,
      [input.examId, input.examPaperId],
    );
    const exam = clock.rows[0];
    if (!exam) throw fail('NOT_FOUND', `考试 ${input.examId} 不存在`);
    if (exam.paper_minutes === null) {
      throw validationError([{ field: 'body.examPaperId', message: '试卷不属于这场考试' }]);
    }
    if (exam.state !== EXAM_OPEN) throw fail('CONFLICT', '考试未发布或已结束，不能开考');
    if (exam.now < exam.start_at) {
      throw fail('CONFLICT', `考试尚未开始（开始时间 ${exam.start_at.toISOString()}）`);
    }
    if (exam.now >= exam.end_at) throw fail('CONFLICT', '考试已结束，不能开考');
    const minutes = exam.duration_minutes ?? exam.paper_minutes;
    const deadline =
      exam.schedule === 'fixed'
        ? exam.end_at
        : new Date(Math.min(exam.end_at.getTime(), exam.now.getTime() + minutes * 60_000));
    const state = nextState(sittingLifecycle, 'none', 'start')!;
    const inserted = await client.query<{ id: number }>(
      `INSERT INTO exam_paper_enrolls (exam_id, exam_paper_id, order_id, member_id, state,
                                       started_at, deadline, start_ip)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        input.examId,
        input.examPaperId,
        enrollment.id,
        input.memberId,
        state,
        exam.now,
        deadline,
        ip,
      ],
    );
    const id = inserted.rows[0]!.id;
    await recordTransition(
      client,
      SITTING_ROWS.entity,
      { id, action: 'start', actor, requestId },
      'none',
      state,
    );
    return id;
  });
}

export type CompletedBy = 'member' | 'deadline' | 'staff';

/** Hands the paper in; answers saved before this commit are the ones scored. */
export async function completeSitting(
  pool: Pool,
  id: number,
  by: CompletedBy,
  actor: Actor,
  requestId: string,
): Promise<void> {
  await withTransaction(pool, async (client) => {
    await transitionRow(client, sittingLifecycle, SITTING_ROWS, {
      id,
      action: 'complete',
      actor,
      requestId,
      reason: by === 'deadline' ? '时间到，系统自动交卷' : undefined,
    });
    await client.query(
      `UPDATE exam_paper_enrolls SET completed_at = least(now(), deadline), completed_by = $2
        WHERE id = $1`,
      [id, by],
    );
  });
}

interface AnswerToJudge {
  id: number;
  question_id: number;
  language: string;
  source: string;
}

/**
 * Sends the sitting's programming answers to the judge at exam priority, each as a judged
 * answer (member_questions, kind 'exam') with its job, in the commit that moves the sitting to
 * judging; nothing to judge settles it at once. `action` is judge (after completion) or rejudge.
 */
export async function judgeSitting(
  pool: Pool,
  id: number,
  action: 'judge' | 'rejudge',
  actor: Actor,
  requestId: string,
): Promise<void> {
  await withTransaction(pool, async (client) => {
    await transitionRow(client, sittingLifecycle, SITTING_ROWS, { id, action, actor, requestId });
    const answers = await client.query<AnswerToJudge>(
      `SELECT a.id, a.question_id, a.language, a.source
         FROM exam_member_questions a JOIN questions q ON q.id = a.question_id
        WHERE a.exam_paper_enroll_id = $1 AND q.type = 'programming' AND a.voided_at IS NULL
          AND a.language IS NOT NULL AND a.source <> ''`,
      [id],
    );
    for (const a of answers.rows) {
      const judged = await client.query<{ id: number }>(
        `INSERT INTO member_questions (member_id, question_id, kind, language, source, status)
         SELECT member_id, $2, 'exam', $3, $4, 'queued' FROM exam_paper_enrolls WHERE id = $1
         RETURNING id`,
        [id, a.question_id, a.language, a.source],
      );
      const answerId = judged.rows[0]!.id;
      const jobId = await enqueue(client, { kind: jobKindOf('exam'), payload: { answerId } });
      await client.query('UPDATE member_questions SET judge_job_id = $2 WHERE id = $1', [
        answerId,
        jobId,
      ]);
      await client.query('UPDATE exam_member_questions SET judge_answer_id = $2 WHERE id = $1', [
        a.id,
        answerId,
      ]);
    }
  });
}

/** Programming answers of the sitting still with the judge. */
async function pendingJudging(db: Queryable, id: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM exam_member_questions a
       JOIN member_questions mq ON mq.id = a.judge_answer_id
       LEFT JOIN judge_jobs j ON j.id = mq.judge_job_id
      WHERE a.exam_paper_enroll_id = $1 AND a.voided_at IS NULL
        AND mq.status NOT IN ('done', 'failed') AND coalesce(j.status, 'queued') <> 'failed'`,
    [id],
  );
  return rows[0]!.n;
}

interface ScoreRow {
  answer_id: number | null;
  question_id: number;
  type: ScoredType;
  score: number;
  correct: string;
  answer: string | null;
  judged_score: string | null;
  judged_max: string | null;
  judged_verdict: string | null;
  override_score: number | null;
  voided: boolean;
}

/**
 * Scores every question of the sitting from its answers and the judge's results, writes the
 * scores and the total, and moves the sitting to settled (or straight to reported when the
 * exam's results are out). The same answers always give the same scores: settling again
 * changes nothing but the count. Refused while programming answers are with the judge.
 */
export async function settleSitting(
  pool: Pool,
  id: number,
  actor: Actor,
  requestId: string,
): Promise<'settled' | 'judging'> {
  return withTransaction(pool, async (client) => {
    const locked = await client.query<{ state: SittingState; released: boolean }>(
      `SELECT s.state, (e.results = 'auto' OR e.results_published_at IS NOT NULL) AS released
         FROM exam_paper_enrolls s JOIN exams e ON e.id = s.exam_id
        WHERE s.id = $1 AND s.deleted_at IS NULL FOR UPDATE OF s`,
      [id],
    );
    const sitting = locked.rows[0];
    if (!sitting) throw fail('NOT_FOUND', `答卷 ${id} 不存在`);
    if (sitting.state === 'judging' && (await pendingJudging(client, id)) > 0) return 'judging';
    const { rows } = await client.query<ScoreRow>(
      `SELECT a.id AS answer_id, pq.question_id, q.type, pq.score, q.answer AS correct, a.answer,
              mq.score AS judged_score, mq.max_score AS judged_max, mq.verdict AS judged_verdict,
              a.override_score, a.voided_at IS NOT NULL AS voided
         FROM exam_paper_enrolls s
         JOIN exam_paper_questions pq ON pq.exam_paper_id = s.exam_paper_id
         JOIN questions q ON q.id = pq.question_id
         LEFT JOIN exam_member_questions a ON a.exam_paper_enroll_id = s.id AND a.question_id = pq.question_id
         LEFT JOIN member_questions mq ON mq.id = a.judge_answer_id
        WHERE s.id = $1`,
      [id],
    );
    let total = 0;
    let max = 0;
    for (const r of rows) {
      const got = questionScore({
        type: r.type,
        score: r.score,
        correct: r.correct,
        answer: r.answer ?? '',
        judged:
          r.judged_verdict === null
            ? null
            : {
                score: Number(r.judged_score ?? 0),
                maxScore: Number(r.judged_max ?? 0),
                verdict: r.judged_verdict,
              },
        overrideScore: r.override_score,
        voided: r.voided,
      });
      total += got;
      max += r.score;
      if (r.answer_id !== null) {
        await client.query('UPDATE exam_member_questions SET score = $2 WHERE id = $1', [
          r.answer_id,
          got,
        ]);
      }
    }
    await transitionRow(client, sittingLifecycle, SITTING_ROWS, {
      id,
      action: 'settle',
      actor,
      requestId,
      details: { released: sitting.released },
    });
    await client.query(
      `UPDATE exam_paper_enrolls SET score = $2, max_score = $3, settled_at = now(),
              settle_count = settle_count + 1 WHERE id = $1`,
      [id, total, max],
    );
    return 'settled';
  });
}

/** The member a sitting belongs to, as the actor of what the clock does for them. */
export async function memberActor(db: Queryable, sittingId: number): Promise<Actor> {
  const { rows } = await db.query<{ member_id: number }>(
    'SELECT member_id FROM exam_paper_enrolls WHERE id = $1',
    [sittingId],
  );
  const memberId = rows[0]!.member_id;
  return { userId: await userOf(db, memberId), memberId };
}

/** Moves whatever the sitting's state allows next, until it waits for the judge or is done. */
export async function advanceSitting(
  pool: Pool,
  id: number,
  actor: Actor,
  requestId: string,
): Promise<void> {
  const { rows } = await pool.query<{ state: SittingState }>(
    'SELECT state FROM exam_paper_enrolls WHERE id = $1 AND deleted_at IS NULL',
    [id],
  );
  const state = rows[0]?.state;
  if (state === undefined) return;
  if (nextState(sittingLifecycle, state, 'judge') !== null) {
    await judgeSitting(pool, id, 'judge', actor, requestId);
  }
  const after = await pool.query<{ state: SittingState }>(
    'SELECT state FROM exam_paper_enrolls WHERE id = $1',
    [id],
  );
  if (after.rows[0]?.state === 'judging') await settleSitting(pool, id, actor, requestId);
}

/** Staff's settle of one sitting: judge, settle again, or rejudge first; what became of it. */
export async function staffSettle(
  pool: Pool,
  id: number,
  rejudge: boolean,
  actor: Actor,
  requestId: string,
): Promise<'settled' | 'judging' | 'skipped'> {
  const { rows } = await pool.query<{ state: SittingState }>(
    'SELECT state FROM exam_paper_enrolls WHERE id = $1 AND deleted_at IS NULL',
    [id],
  );
  const state = rows[0]!.state;
  if (nextState(sittingLifecycle, state, 'judge') !== null) {
    await judgeSitting(pool, id, 'judge', actor, requestId);
  } else if (rejudge && nextState(sittingLifecycle, state, 'rejudge') !== null) {
    await judgeSitting(pool, id, 'rejudge', actor, requestId);
  } else if (nextState(sittingLifecycle, state, 'settle') === null) {
    return 'skipped';
  }
  return settleSitting(pool, id, actor, requestId);
}

/** The papers the member has sat (or is sitting) in the exam, in paper order. */
export async function sittingPaperIds(
  db: Queryable,
  examId: number,
  memberId: number,
): Promise<number[]> {
  const { rows } = await db.query<{ exam_paper_id: number }>(
    `SELECT DISTINCT exam_paper_id FROM exam_paper_enrolls
      WHERE exam_id = $1 AND member_id = $2 AND deleted_at IS NULL ORDER BY exam_paper_id`,
    [examId, memberId],
  );
  return rows.map((r) => r.exam_paper_id);
}

/** The state of the member's latest sitting of the paper, or null. */
export async function latestSittingState(
  db: Queryable,
  examPaperId: number,
  memberId: number,
): Promise<SittingState | null> {
  const { rows } = await db.query<{ state: SittingState }>(
    `SELECT state FROM exam_paper_enrolls WHERE exam_paper_id = $1 AND member_id = $2
        AND deleted_at IS NULL ORDER BY id DESC LIMIT 1`,
    [examPaperId, memberId],
  );
  return rows[0]?.state ?? null;
}

/** Publishes the exam's results: each settled sitting moves to reported, in one commit. */
export async function publishResults(
  pool: Pool,
  examId: number,
  actor: Actor,
  requestId: string,
): Promise<void> {
  await withTransaction(pool, async (client) => {
    await client.query(
      'UPDATE exams SET results_published_at = coalesce(results_published_at, now()) WHERE id = $1',
      [examId],
    );
    const settled = await client.query<{ id: number }>(
      `SELECT id FROM exam_paper_enrolls WHERE exam_id = $1 AND state = 'settled'
          AND deleted_at IS NULL FOR UPDATE`,
      [examId],
    );
    for (const s of settled.rows) {
      await transitionRow(client, sittingLifecycle, SITTING_ROWS, {
        id: s.id,
        action: 'publishResults',
        actor,
        requestId,
      });
    }
  });
}

/** Stopping ends the exam now: its open papers are handed in by the clock at once. */
export async function closeOpenSittings(client: PoolClient, examId: number): Promise<void> {
  await client.query(
    `UPDATE exam_paper_enrolls
        SET deadline = least(deadline, now() - interval '${SAVE_GRACE_MS} milliseconds')
      WHERE exam_id = $1 AND state = 'inProgress' AND deleted_at IS NULL`,
    [examId],
  );
}

/** Gives an open sitting a later deadline (staff's extra time). */
export async function extendDeadline(db: Queryable, id: number, deadline: Date): Promise<void> {
  await db.query(
    `UPDATE exam_paper_enrolls SET deadline = $2, updated_at = now()
      WHERE id = $1 AND state = 'inProgress'`,
    [id, deadline],
  );
}

export async function deleteSitting(db: Queryable, id: number): Promise<void> {
  await db.query(
    'UPDATE exam_paper_enrolls SET deleted_at = now(), updated_at = now() WHERE id = $1',
    [id],
  );
}
