/**
 * A learner's work on homework (homeworkMemberQuestion): a draft saved per question, runs on
 * custom input, and submissions — objective answers graded at once, programs judged like
 * practice (not counted against the daily quota). A submission after the due time is marked
 * late and scored with the homework's penalty; none is taken once the homework closes or
 * settles. Best and latest submissions are read through the view homework_answer_scores, so
 * the grading overview is the submissions themselves.
 */
import type { z } from 'zod';
import type {
  HOMEWORK_ANSWER_SORT,
  HomeworkAnswerItem,
  homeworkAnswerFilter,
} from '../../contract/homework/answers.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { HOLDS_PLACE } from '../../machines/lifecycles/enrollment.ts';
import { HOMEWORK_OPEN } from '../../machines/lifecycles/homework.ts';
import { learnerRowsIn } from '../access/predicates.ts';
import type { Scope } from '../access/scope.ts';
import type { Auth } from '../http/sessions.ts';
import { withTransaction, type Pool, type Queryable } from '../db/pool.ts';
import { sendMessage } from '../messages/send.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { validationError } from '../http/validation-error.ts';
import type { HomeworkLink } from '../member-question/queue.ts';
import { managedHomework, readHomework } from './homeworks.ts';

/** Where a learner's enrollment stands for work: open, late, or closed (and why). */
interface WorkWindow {
  orderId: number;
  homeworkId: number;
  late: boolean;
}

/**
 * The learner's own enrollment, open for work on `questionId`: published, started, not closed
 * or settled, holding a place, and the question in it.
 */
export async function openForWork(
  db: Queryable,
  memberId: number,
  enrollId: number,
  questionId: number,
): Promise<WorkWindow> {
  const { rows } = await db.query<{
    homework_id: number;
    state: string;
    order_state: string;
    started: boolean;
    late: boolean;
    closed: boolean;
    settled: boolean;
    has_question: boolean;
  }>(
    `SELECT h.id AS homework_id, h.state, o.state AS order_state, now() >= h.start_at AS started,
            now() >= h.due_at AS late, now() >= coalesce(h.late_until, h.due_at) AS closed,
            h.settled_at IS NOT NULL AS settled,
            EXISTS (SELECT 1 FROM homework_questions hq WHERE hq.homework_id = h.id
                      AND hq.question_id = $3) AS has_question
       FROM orders o JOIN homework_enrolls he ON he.order_id = o.id
       JOIN homeworks h ON h.id = he.homework_id
      WHERE o.id = $1 AND o.member_id = $2 AND o.deleted_at IS NULL AND h.deleted_at IS NULL`,
    [enrollId, memberId, questionId],
  );
  const r = rows[0];
  if (!r || r.state !== HOMEWORK_OPEN) throw fail('NOT_FOUND', `作业记录 ${enrollId} 不存在`);
  if (!HOLDS_PLACE.includes(r.order_state as never)) {
    throw fail('CONFLICT', '你已退出这份作业');
  }
  if (!r.has_question) {
    throw validationError([{ field: 'body.questionId', message: '这道题不在作业中' }]);
  }
  if (r.settled) throw fail('CONFLICT', '作业已结算，不能再提交');
  if (!r.started) throw fail('CONFLICT', '作业尚未开始');
  if (r.closed) throw fail('CONFLICT', '作业已截止，不能再提交');
  return { orderId: enrollId, homeworkId: r.homework_id, late: r.late };
}

/** The learner's answer row of a question (created on first save or submission). */
async function answerRowId(db: Queryable, w: WorkWindow, memberId: number, questionId: number) {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO homework_member_questions (order_id, homework_id, member_id, question_id)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (order_id, question_id) DO UPDATE SET order_id = EXCLUDED.order_id
     RETURNING id`,
    [w.orderId, w.homeworkId, memberId, questionId],
  );
  return rows[0]!.id;
}

export async function saveDraft(
  pool: Pool,
  memberId: number,
  input: { homeworkEnrollId: number; questionId: number; language?: string; draft: string },
) {
  const w = await openForWork(pool, memberId, input.homeworkEnrollId, input.questionId);
  const id = await answerRowId(pool, w, memberId, input.questionId);
  await pool.query(
    `UPDATE homework_member_questions SET draft = $2, language = coalesce($3, language),
            saved_at = now() WHERE id = $1`,
    [id, input.draft, input.language ?? null],
  );
  return readAnswer(pool, { kind: 'learner', memberId, organizationId: 0 }, id);
}

/** What a submission is tied to: its answer row and whether it is late. */
export async function linkSubmission(
  pool: Pool,
  auth: Auth,
  enrollId: number,
  questionId: number,
): Promise<HomeworkLink> {
  const w = await openForWork(pool, auth.memberId, enrollId, questionId);
  return {
    homeworkMemberQuestionId: await answerRowId(pool, w, auth.memberId, questionId),
    late: w.late,
  };
}

const COLUMNS = `q.id, q.homework_id, q.order_id, q.member_id, m.nickname AS member_name,
  q.question_id, qs.title AS question_title, qs.type AS question_type, s.max_score, q.language,
  q.draft, q.saved_at, s.submissions, s.effective_score, s.best_late, q.score,
  s.best_answer_id, s.latest_answer_id, s.latest_status, s.latest_verdict`;
const FROM = `FROM homework_member_questions q
  JOIN homework_answer_scores s ON s.hmq_id = q.id
  JOIN homeworks h ON h.id = q.homework_id JOIN grades g ON g.id = h.grade_id
  JOIN members m ON m.id = q.member_id JOIN questions qs ON qs.id = q.question_id`;

interface AnswerRow {
  id: number;
  homework_id: number;
  order_id: number;
  member_id: number;
  member_name: string;
  question_id: number;
  question_title: string;
  question_type: HomeworkAnswerItem['questionType'];
  max_score: number;
  language: HomeworkAnswerItem['language'];
  draft: string;
  saved_at: Date | null;
  submissions: number;
  /** homework_answer_scores.effective_score: voided 0, a hand score, else the best. */
  effective_score: string;
  best_late: boolean;
  score: string | null;
  best_answer_id: number | null;
  latest_answer_id: number | null;
  latest_status: HomeworkAnswerItem['latestStatus'];
  latest_verdict: HomeworkAnswerItem['latestVerdict'];
}

const toItem = (r: AnswerRow): HomeworkAnswerItem => ({
  id: r.id,
  homeworkId: r.homework_id,
  enrollId: r.order_id,
  memberId: r.member_id,
  memberName: r.member_name,
  questionId: r.question_id,
  questionTitle: r.question_title,
  questionType: r.question_type,
  maxScore: r.max_score,
  language: r.language,
  draft: r.draft,
  savedAt: r.saved_at?.toISOString() ?? null,
  submissions: r.submissions,
  bestScore: Number(r.effective_score),
  bestLate: r.best_late,
  score: r.score === null ? null : Number(r.score),
  bestAnswerId: r.best_answer_id,
  latestAnswerId: r.latest_answer_id,
  latestStatus: r.latest_status,
  latestVerdict: r.latest_verdict,
});

/** Answers the scope may read: a learner their own; staff those of classes they manage. */
function visibleAnswers(scope: Scope, sql: SqlParams): string {
  const rows = learnerRowsIn(scope, 'q.member_id', { grade: 'g' }, sql);
  return scope.kind === 'learner' ? rows : `h.deleted_at IS NULL AND ${rows}`;
}

export async function readAnswer(db: Queryable, scope: Scope, id: number) {
  const sql = new SqlParams();
  const { rows } = await db.query<AnswerRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE ${visibleAnswers(scope, sql)} AND q.id = ${sql.add(id)}`,
    sql.values,
  );
  if (!rows[0]) throw fail('NOT_FOUND', `作答 ${id} 不存在`);
  return toItem(rows[0]);
}

export async function latestAnswer(
  db: Queryable,
  memberId: number,
  enrollId: number,
  questionId: number,
) {
  const sql = new SqlParams();
  const { rows } = await db.query<AnswerRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE q.member_id = ${sql.add(memberId)}
        AND q.order_id = ${sql.add(enrollId)} AND q.question_id = ${sql.add(questionId)}`,
    sql.values,
  );
  return rows[0] ? toItem(rows[0]) : null;
}

type Filter = z.output<typeof homeworkAnswerFilter>;
const sortable: SortColumns<typeof HOMEWORK_ANSWER_SORT> = { id: 'q.id', savedAt: 'q.saved_at' };

export async function listAnswers(
  db: Queryable,
  scope: Scope,
  filter: Filter,
  page: PageQuery,
  options: { byTeacher?: boolean; latestFirst?: boolean } = {},
): Promise<Page<HomeworkAnswerItem>> {
  const sql = new SqlParams();
  const clauses = [visibleAnswers(scope, sql)];
  if (filter.homeworkId) clauses.push(`q.homework_id = ${sql.add(filter.homeworkId)}`);
  if (filter.homeworkEnrollId) clauses.push(`q.order_id = ${sql.add(filter.homeworkEnrollId)}`);
  if (filter.memberId) clauses.push(`q.member_id = ${sql.add(filter.memberId)}`);
  if (filter.questionId) clauses.push(`q.question_id = ${sql.add(filter.questionId)}`);
  if (options.byTeacher && scope.kind !== 'learner') {
    clauses.push(`h.created_by_member_id = ${sql.add(scope.memberId)}`);
  }
  const fallback = options.latestFirst
    ? 'greatest(q.saved_at, s.latest_at) DESC NULLS LAST'
    : 'q.order_id, (SELECT hq.sort FROM homework_questions hq WHERE hq.homework_id = q.homework_id AND hq.question_id = q.question_id)';
  const rows = await pagedRows<AnswerRow>(
    db,
    {
      select: COLUMNS,
      from: `${FROM} WHERE ${clauses.join(' AND ')}`,
      params: sql.values,
      order: orderBy(page, sortable, fallback, 'q.id'),
    },
    page,
  );
  return { ...rows, content: rows.content.map(toItem) };
}

/**
 * The grading overview (queryStatisticsGroupByMember): every assigned learner × every
 * question, each cell the best so far — for staff the whole class, for a learner their row.
 */
export async function gradingOverview(db: Queryable, scope: Scope, homeworkId: number) {
  const hw = await readHomework(db, scope, homeworkId);
  const questions = await db.query<{ question_id: number; title: string; score: number }>(
    `SELECT hq.question_id, q.title, hq.score FROM homework_questions hq
       JOIN questions q ON q.id = hq.question_id WHERE hq.homework_id = $1 ORDER BY hq.sort`,
    [homeworkId],
  );
  const sql = new SqlParams();
  const who = scope.kind === 'learner' ? `AND o.member_id = ${sql.add(scope.memberId)}` : '';
  const hwParam = sql.add(homeworkId);
  const members = await db.query<{
    member_id: number;
    member_name: string;
    enroll_id: number;
    groups: string[];
    cells: {
      question_id: number;
      score: string;
      verdict: string | null;
      status: string | null;
      late: boolean;
      submissions: number;
      manual: boolean;
    }[];
  }>(
    `SELECT o.member_id, m.nickname AS member_name, o.id AS enroll_id,
            coalesce(gm.groups, '{}') AS groups,
            coalesce((SELECT json_agg(json_build_object('question_id', s.question_id,
                        'score', s.effective_score, 'verdict', s.latest_verdict,
                        'status', s.latest_status, 'late', s.best_late,
                        'submissions', s.submissions, 'manual', s.manual_score IS NOT NULL))
               FROM homework_answer_scores s WHERE s.order_id = o.id), '[]'::json) AS cells
       FROM homework_enrolls he JOIN orders o ON o.id = he.order_id
       JOIN members m ON m.id = o.member_id
       JOIN homeworks h ON h.id = he.homework_id
       LEFT JOIN grade_members gm ON gm.grade_id = h.grade_id AND gm.member_id = o.member_id
      WHERE he.homework_id = ${hwParam} AND o.deleted_at IS NULL
        AND o.state = ANY(${sql.add(HOLDS_PLACE)}::text[]) ${who}
      ORDER BY m.nickname, o.id`,
    sql.values,
  );
  const maxScore = questions.rows.reduce((n, q) => n + q.score, 0);
  return {
    homeworkId,
    questions: questions.rows.map((q) => ({
      questionId: q.question_id,
      title: q.title,
      score: q.score,
    })),
    members: members.rows.map((r) => {
      const cells = questions.rows.map((q) => {
        const c = r.cells.find((x) => x.question_id === q.question_id);
        // A cell nobody answered (no submission, no hand score) is empty, not 0.
        return {
          questionId: q.question_id,
          bestScore: c && (c.submissions > 0 || c.manual) ? Number(c.score) : null,
          verdict: (c?.verdict ?? null) as never,
          status: (c?.status ?? null) as never,
          late: c?.late ?? false,
          submissions: c?.submissions ?? 0,
          manual: c?.manual ?? false,
        };
      });
      return {
        memberId: r.member_id,
        memberName: r.member_name,
        enrollId: r.enroll_id,
        groups: r.groups,
        total: Math.round(cells.reduce((n, c) => n + (c.bestScore ?? 0), 0) * 100) / 100,
        maxScore,
        lateCount: cells.filter((c) => c.late).length,
        cells,
      };
    }),
    serverNow: hw.serverNow,
  };
}

/** Staff give a question's points by hand (a paper answer …), within its score. */
export async function staffScore(
  pool: Pool,
  scope: Scope,
  input: {
    homeworkEnrollId?: number;
    questionId?: number;
    id?: number;
    score: number;
    remark: string;
  },
) {
  if (scope.kind === 'learner') throw fail('FORBIDDEN');
  let id = input.id;
  if (id === undefined) {
    const { rows } = await pool.query<{ homework_id: number; member_id: number }>(
      `SELECT he.homework_id, he.member_id FROM homework_enrolls he WHERE he.order_id = $1`,
      [input.homeworkEnrollId],
    );
    const he = rows[0];
    if (!he) throw fail('NOT_FOUND', `作业记录 ${input.homeworkEnrollId} 不存在`);
    await managedHomework(pool, scope, he.homework_id);
    const inserted = await pool.query<{ id: number }>(
      `INSERT INTO homework_member_questions (order_id, homework_id, member_id, question_id)
       SELECT $1, $2, $3, hq.question_id FROM homework_questions hq
        WHERE hq.homework_id = $2 AND hq.question_id = $4
       ON CONFLICT (order_id, question_id) DO UPDATE SET order_id = EXCLUDED.order_id
       RETURNING id`,
      [input.homeworkEnrollId, he.homework_id, he.member_id, input.questionId],
    );
    if (!inserted.rows[0]) {
      throw validationError([{ field: 'body.questionId', message: '这道题不在作业中' }]);
    }
    id = inserted.rows[0].id;
  }
  const current = await readAnswer(pool, scope, id);
  if (input.score > current.maxScore) {
    throw validationError([
      { field: 'body.score', message: `不能超过本题分值 ${current.maxScore}` },
    ]);
  }
  const answerId = id;
  await withTransaction(pool, async (db) => {
    // After settlement the hand score is the settled score too, also for a question never opened.
    await db.query(
      `UPDATE homework_member_questions q SET manual_score = $2::numeric, remark = $3,
              voided_at = NULL,
              score = CASE WHEN h.settled_at IS NULL THEN NULL ELSE $2::numeric END
         FROM homeworks h WHERE h.id = q.homework_id AND q.id = $1`,
      [answerId, input.score, input.remark],
    );
    await resumEnrollment(db, current.enrollId);
    await tellGraded(db, answerId, input.score);
  });
  return readAnswer(pool, scope, id);
}

/**
 * The learner hears that a teacher graded their homework: one message per homework, made
 * unread again by each later score, naming the question and the score it got.
 */
async function tellGraded(db: Queryable, answerId: number, score: number) {
  const { rows } = await db.query<{
    member_id: number;
    homework_id: number;
    title: string;
    position: number;
    max_score: number;
  }>(
    `SELECT q.member_id, q.homework_id, h.title, hq.score AS max_score,
            (SELECT count(*)::int + 1 FROM homework_questions x
              WHERE x.homework_id = q.homework_id AND x.sort < hq.sort) AS position
       FROM homework_member_questions q JOIN homeworks h ON h.id = q.homework_id
       JOIN homework_questions hq ON hq.homework_id = q.homework_id
                                 AND hq.question_id = q.question_id
      WHERE q.id = $1`,
    [answerId],
  );
  const graded = rows[0];
  if (!graded) return;
  await sendMessage(db, {
    memberId: graded.member_id,
    kind: 'homeworkGraded',
    title: `作业「${graded.title}」已批改`,
    body: `第 ${graded.position} 题得分 ${score}（满分 ${graded.max_score}）`,
    link: '/user/homework',
    dedupe: { key: `homeworkGraded:${graded.homework_id}`, keep: 'latest' },
  });
}

/** Voids an answer: it counts 0 points; its submissions stay on record. */
export async function voidAnswer(pool: Pool, scope: Scope, id: number) {
  if (scope.kind === 'learner') throw fail('FORBIDDEN');
  const current = await readAnswer(pool, scope, id);
  await pool.query(
    `UPDATE homework_member_questions q SET voided_at = now(),
            score = CASE WHEN h.settled_at IS NULL THEN NULL ELSE 0 END
       FROM homeworks h WHERE h.id = q.homework_id AND q.id = $1`,
    [id],
  );
  await resumEnrollment(pool, current.enrollId);
}

/** After a manual change to a settled answer, the enrollment's settled total follows. */
async function resumEnrollment(db: Queryable, orderId: number) {
  await db.query(
    `UPDATE homework_enrolls he SET score = (SELECT coalesce(sum(score), 0)
        FROM homework_member_questions WHERE order_id = he.order_id)
      WHERE he.order_id = $1 AND he.settled_at IS NOT NULL`,
    [orderId],
  );
}
