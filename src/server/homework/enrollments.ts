/**
 * Reading homework enrollments (homeworkEnroll) as the learner's progress on the homework, not
 * as orders: who may read which (a learner their own, staff those of classes they manage), the
 * lists, one enrollment, the latest, the statistics and the xlsx list. The definition of the
 * kind (./enrollable.ts) reads through these.
 */
import type { z } from 'zod';
import type {
  HOMEWORK_ENROLL_SORT,
  HomeworkEnrollItem,
  homeworkEnrollFilter,
} from '../../contract/homework/calls.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { HOLDS_PLACE } from '../../machines/lifecycles/enrollment.ts';
import { orderStateName } from '../../machines/lifecycles/orders.ts';
import { learnerRowsIn } from '../access/predicates.ts';
import type { Scope } from '../access/scope.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { shanghai, xlsxAnswer } from '../http/xlsx.ts';
import { EXPORT_LIMIT } from '../orders/reports.ts';
import { managedHomework } from './homeworks.ts';
import { CLOSES_AT } from './order-kind.ts';

/** Enrollments the scope may read: a learner their own; staff those of classes they manage. */
function visibleEnrollments(scope: Scope, sql: SqlParams): string {
  return `o.kind = 'homework' AND o.deleted_at IS NULL AND h.deleted_at IS NULL
    AND ${learnerRowsIn(scope, 'o.member_id', { grade: 'g' }, sql)}`;
}

const COLUMNS = `o.id, he.homework_id, h.title AS homework_title, h.grade_id,
  g.name AS grade_name, o.member_id, m.nickname AS member_name,
  (SELECT u.mobile FROM users u WHERE u.id = m.user_id) AS mobile, o.state,
  coalesce(gm.groups, '{}') AS groups, he.score, he.settled_at, h.start_at, h.due_at,
  h.late_until, h.late_penalty_percent, o.created_at,
  (SELECT coalesce(sum(score), 0) FROM homework_questions hq WHERE hq.homework_id = h.id)::int
    AS max_score,
  (SELECT count(*) FROM homework_questions hq WHERE hq.homework_id = h.id)::int
    AS question_count,
  coalesce(stats.current, 0) AS current_score, coalesce(stats.answered, 0) AS answered_count,
  coalesce(stats.late, 0) AS late_count, stats.last_at AS last_submitted_at,
  CASE WHEN now() < h.start_at THEN 'notStarted' WHEN now() < h.due_at THEN 'open'
       WHEN now() < ${CLOSES_AT} THEN 'late' ELSE 'closed' END AS phase`;
const FROM = `FROM orders o JOIN homework_enrolls he ON he.order_id = o.id
  JOIN homeworks h ON h.id = he.homework_id JOIN grades g ON g.id = h.grade_id
  JOIN members m ON m.id = o.member_id
  LEFT JOIN grade_members gm ON gm.grade_id = h.grade_id AND gm.member_id = o.member_id
  LEFT JOIN LATERAL (
    SELECT sum(s.effective_score) AS current,
           count(*) FILTER (WHERE s.submissions > 0)::int AS answered,
           count(*) FILTER (WHERE s.best_late)::int AS late,
           max(s.latest_at) AS last_at
      FROM homework_answer_scores s WHERE s.order_id = o.id) stats ON true`;

interface EnrollRow {
  id: number;
  homework_id: number;
  homework_title: string;
  grade_id: number;
  grade_name: string;
  member_id: number;
  member_name: string;
  mobile: string | null;
  state: HomeworkEnrollItem['state'];
  groups: string[];
  score: string | null;
  settled_at: Date | null;
  start_at: Date;
  due_at: Date;
  late_until: Date | null;
  late_penalty_percent: number;
  created_at: Date;
  max_score: number;
  question_count: number;
  current_score: string;
  answered_count: number;
  late_count: number;
  last_submitted_at: Date | null;
  phase: HomeworkEnrollItem['phase'];
}

const toItem = (r: EnrollRow): HomeworkEnrollItem => ({
  id: r.id,
  homeworkId: r.homework_id,
  homeworkTitle: r.homework_title,
  gradeId: r.grade_id,
  gradeName: r.grade_name,
  memberId: r.member_id,
  memberName: r.member_name,
  mobile: r.mobile,
  state: r.state,
  groups: r.groups,
  score: r.score === null ? null : Number(r.score),
  currentScore: Number(r.current_score),
  maxScore: r.max_score,
  questionCount: r.question_count,
  answeredCount: r.answered_count,
  lateCount: r.late_count,
  lastSubmittedAt: r.last_submitted_at?.toISOString() ?? null,
  settledAt: r.settled_at?.toISOString() ?? null,
  startAt: r.start_at.toISOString(),
  dueAt: r.due_at.toISOString(),
  lateUntil: r.late_until?.toISOString() ?? null,
  latePenaltyPercent: r.late_penalty_percent,
  phase: r.phase,
  createdAt: r.created_at.toISOString(),
});

export type HomeworkEnrollFilter = z.output<typeof homeworkEnrollFilter>;

function where(
  scope: Scope,
  filter: HomeworkEnrollFilter,
  sql: SqlParams,
  byTeacher = false,
): string {
  const clauses = [visibleEnrollments(scope, sql)];
  if (filter.homeworkId) clauses.push(`he.homework_id = ${sql.add(filter.homeworkId)}`);
  if (filter.gradeId) clauses.push(`h.grade_id = ${sql.add(filter.gradeId)}`);
  if (filter.memberId) clauses.push(`o.member_id = ${sql.add(filter.memberId)}`);
  if (filter.state) clauses.push(`o.state = ${sql.add(filter.state)}`);
  if (filter.keyword) {
    const k = sql.add(filter.keyword);
    clauses.push(`(strpos(m.nickname, ${k}) > 0 OR strpos(m.real_name, ${k}) > 0
      OR strpos(h.title, ${k}) > 0)`);
  }
  if (byTeacher && scope.kind !== 'learner') {
    clauses.push(`h.created_by_member_id = ${sql.add(scope.memberId)}`);
  }
  return clauses.join(' AND ');
}

const sortable: SortColumns<typeof HOMEWORK_ENROLL_SORT> = {
  id: 'o.id',
  score: 'coalesce(he.score, stats.current, 0)',
  lastSubmittedAt: 'stats.last_at',
};

export async function listEnrollments(
  db: Queryable,
  scope: Scope,
  filter: HomeworkEnrollFilter,
  page: PageQuery,
  options: { byTeacher?: boolean; byScore?: boolean } = {},
): Promise<Page<HomeworkEnrollItem>> {
  const sql = new SqlParams();
  const clause = where(scope, filter, sql, options.byTeacher);
  const fallback = options.byScore
    ? 'coalesce(he.score, stats.current, 0) DESC'
    : 'h.due_at DESC, o.id DESC';
  const rows = await pagedRows<EnrollRow>(
    db,
    {
      select: COLUMNS,
      from: `${FROM} WHERE ${clause}`,
      params: sql.values,
      order: orderBy(page, sortable, fallback, 'o.id DESC'),
    },
    page,
  );
  return { ...rows, content: rows.content.map(toItem) };
}

export async function readEnrollment(db: Queryable, scope: Scope, id: number) {
  const sql = new SqlParams();
  const { rows } = await db.query<EnrollRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE ${visibleEnrollments(scope, sql)} AND o.id = ${sql.add(id)}`,
    sql.values,
  );
  if (!rows[0]) throw fail('NOT_FOUND', `作业记录 ${id} 不存在`);
  return toItem(rows[0]);
}

export async function latestEnrollment(db: Queryable, scope: Scope, homeworkId?: number) {
  const page = await listEnrollments(
    db,
    scope,
    homeworkId ? { homeworkId } : {},
    { page: 0, size: 1, sort: undefined },
    {},
  );
  return page.content[0] ?? null;
}

export async function enrollStatistics(db: Queryable, scope: Scope, homeworkId: number) {
  await managedHomework(db, scope, homeworkId);
  const { rows } = await db.query<{ state: string; count: number }>(
    `SELECT o.state, count(*)::int AS count FROM orders o
      WHERE o.kind = 'homework' AND o.item_id = $1 AND o.deleted_at IS NULL
      GROUP BY o.state ORDER BY o.state`,
    [homeworkId],
  );
  const progress = await db.query<{
    started: number;
    completed: number;
    late: number;
    average: string | null;
  }>(
    `SELECT count(*) FILTER (WHERE answered > 0)::int AS started,
            count(*) FILTER (WHERE answered = questions)::int AS completed,
            count(*) FILTER (WHERE late > 0)::int AS late,
            avg(100.0 * coalesce(settled, current) / nullif(max_score, 0)) AS average
       FROM (SELECT he.score AS settled,
                    (SELECT count(*) FROM homework_questions WHERE homework_id = $1) AS questions,
                    (SELECT sum(score) FROM homework_questions WHERE homework_id = $1) AS max_score,
                    count(*) FILTER (WHERE s.submissions > 0) AS answered,
                    count(*) FILTER (WHERE s.best_late) AS late,
                    coalesce(sum(s.effective_score), 0) AS current
               FROM homework_enrolls he JOIN orders o ON o.id = he.order_id
               LEFT JOIN homework_answer_scores s ON s.order_id = he.order_id
              WHERE he.homework_id = $1 AND o.state = ANY($2::text[])
              GROUP BY he.order_id, he.score) t`,
    [homeworkId, HOLDS_PLACE],
  );
  const p = progress.rows[0]!;
  return {
    homeworkId,
    enrolled: rows
      .filter((r) => HOLDS_PLACE.includes(r.state as never))
      .reduce((n, r) => n + r.count, 0),
    started: p.started,
    completed: p.completed,
    late: p.late,
    averagePercent: p.average === null ? null : Math.round(Number(p.average) * 10) / 10,
    byState: rows,
  };
}

export async function mineStatistics(db: Queryable, memberId: number) {
  const { rows } = await db.query<{
    assigned: number;
    open: number;
    completed: number;
    average: string | null;
  }>(
    `SELECT count(*)::int AS assigned,
            count(*) FILTER (WHERE h.settled_at IS NULL AND now() < ${CLOSES_AT})::int AS open,
            count(*) FILTER (WHERE he.settled_at IS NOT NULL)::int AS completed,
            avg(100.0 * he.score / nullif(he.max_score, 0)) AS average
       FROM homework_enrolls he JOIN homeworks h ON h.id = he.homework_id
       JOIN orders o ON o.id = he.order_id
      WHERE he.member_id = $1 AND h.deleted_at IS NULL AND h.state = 'published'
        AND o.state = ANY($2::text[])`,
    [memberId, HOLDS_PLACE],
  );
  const r = rows[0]!;
  return {
    assigned: r.assigned,
    open: r.open,
    completed: r.completed,
    averagePercent: r.average === null ? null : Math.round(Number(r.average) * 10) / 10,
  };
}

export async function exportEnrollments(db: Queryable, scope: Scope, filter: HomeworkEnrollFilter) {
  const sql = new SqlParams();
  const { rows } = await db.query<EnrollRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE ${where(scope, filter, sql)}
      ORDER BY o.id LIMIT ${EXPORT_LIMIT}`,
    sql.values,
  );
  return xlsxAnswer(
    '作业完成情况.xlsx',
    '作业完成情况',
    [
      { header: '作业', width: 24, value: (i: HomeworkEnrollItem) => i.homeworkTitle },
      { header: '学员', value: (i) => i.memberName },
      { header: '手机号', width: 14, value: (i) => i.mobile },
      { header: '分组', value: (i) => i.groups.join('、') },
      { header: '状态', value: (i) => orderStateName({ kind: 'homework', state: i.state }) },
      { header: '已答题数', value: (i) => i.answeredCount },
      { header: '题数', value: (i) => i.questionCount },
      { header: '补交题数', value: (i) => i.lateCount },
      { header: '得分', value: (i) => i.score ?? i.currentScore },
      { header: '满分', value: (i) => i.maxScore },
      {
        header: '最后提交',
        width: 20,
        value: (i) => (i.lastSubmittedAt ? shanghai(new Date(i.lastSubmittedAt)) : ''),
      },
    ],
    rows.map(toItem),
  );
}
