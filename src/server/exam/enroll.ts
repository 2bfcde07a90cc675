/**
 * Exam enrollment (issue 7 item 3): an order of kind `exam` on the shared order flow
 * (server/orders/), so paying, cancelling, quitting and refunds, the ledger and the approval
 * queue are the commerce issue's. A learner enrolls in a published exam open to them while its
 * enrollment window is open; staff enroll learners one by one or in batch (by ids, mobiles,
 * tags or classes), free unless they ask to charge the fee.
 */
import type { z } from 'zod';
import type { BatchAnswer } from '../../contract/enrollment/batch.ts';
import type { ExamEnrollItem, examEnrollFilter } from '../../contract/exam/enroll.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { HOLDS_PLACE } from '../../machines/lifecycles/enrollment.ts';
import { examLifecycle, EXAM_OPEN } from '../../machines/lifecycles/exam.ts';
import { isFinalState, nextState } from '../../machines/lifecycles/lifecycle.ts';
import { orderStateName } from '../../machines/lifecycles/orders.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { xlsxAnswer } from '../http/xlsx.ts';
import type { FlowContext } from '../orders/flow.ts';
import {
  batchEnrollIn,
  orderFor,
  placeEnrollment,
  staffEnrollIn,
  type EnrollableItem,
} from '../enrollment/batch.ts';
import type { Candidate } from '../enrollment/candidates.ts';
import { itemEnrollments, type EnrollRow } from '../enrollment/item-enrollments.ts';
import { shanghai, yuan } from '../orders/reports.ts';
import { toOrderItem } from '../orders/rows.ts';
import { openExams, readExamRow, type ExamRow } from './exams.ts';
import { visibleSittings } from './sittings.ts';
import type { Scope } from '../access/scope.ts';

export const EXAM_KINDS = ['exam'] as const;

/** The exam as an item to enroll in. */
const enrollable = (exam: ExamRow): EnrollableItem => ({
  kind: 'exam',
  id: exam.id,
  name: exam.name,
  priceFen: exam.price_fen,
});

/** A learner enrolls themselves: the exam must be open to them and its window open. */
export async function enrollSelf(
  flow: FlowContext,
  member: { memberId: number; organizationId: number },
  examId: number,
): Promise<number> {
  const db = flow.services.pool;
  const sql = new SqlParams();
  const where = openExams(member, sql);
  const found = await db.query<{ open: boolean; ended: boolean }>(
    `SELECT now() >= e.enroll_start_at AND now() < e.enroll_end_at AS open, now() >= e.end_at AS ended
       FROM exams e WHERE ${where} AND e.state = '${EXAM_OPEN}' AND e.id = ${sql.add(examId)}`,
    sql.values,
  );
  const window = found.rows[0];
  if (!window) throw fail('NOT_FOUND', `考试 ${examId} 不存在或未开放报名`);
  if (window.ended) throw fail('CONFLICT', '考试已结束，不能报名');
  if (!window.open) throw fail('CONFLICT', '不在报名时间内');
  const exam = await readExamRow(db, { kind: 'learner', ...member }, examId, false);
  const id = await placeEnrollment(flow, orderFor(enrollable(exam), member, exam.price_fen, ''));
  if (id === null) throw fail('CONFLICT', '已报名该考试，请勿重复报名');
  return id;
}

/** An exam staff may enroll learners in: theirs to manage, not over. */
async function enrollableExam(db: Queryable, scope: Scope, examId: number): Promise<ExamRow> {
  if (scope.kind === 'learner') throw fail('FORBIDDEN', '学员不能为他人报名');
  const exam = await readExamRow(db, scope, examId);
  if (scope.kind === 'organization' && exam.organization_id !== scope.organizationId) {
    throw fail('FORBIDDEN', '只能为本机构的考试报名');
  }
  if (isFinalState(examLifecycle, exam.state) || exam.phase === 'ended') {
    throw fail('CONFLICT', '考试已结束，不能报名');
  }
  // Only a reviewed exam (the states publish or unpublish leave from) takes enrollments: a
  // place would open an exam nobody has reviewed to the learner.
  const reviewed = (['publish', 'unpublish'] as const).some(
    (action) => nextState(examLifecycle, exam.state, action) !== null,
  );
  if (!reviewed) {
    throw fail('CONFLICT', `考试当前为「${examLifecycle.states[exam.state]}」，通过审核后才能报名`);
  }
  return exam;
}

/** Enrolls each candidate, row by row; one row's refusal never stops the others. */
export async function batchEnroll(
  flow: FlowContext,
  scope: Scope,
  examId: number,
  candidates: Candidate[],
  charge: boolean,
): Promise<BatchAnswer> {
  const exam = await enrollableExam(flow.services.pool, scope, examId);
  return batchEnrollIn(flow, scope, enrollable(exam), candidates, charge);
}

/** Staff place one enrollment for a member, optionally paid at the desk. */
export async function staffEnroll(
  flow: FlowContext,
  scope: Scope,
  input: { examId: number; memberId: number; remark: string; paidOffline: boolean },
): Promise<number> {
  const exam = await enrollableExam(flow.services.pool, scope, input.examId);
  return staffEnrollIn(flow, enrollable(exam), input, '该学员已报名这场考试');
}

/**
 * The exam enrollments the scope may read (access/predicates.ts learnerRowsIn): a learner their
 * own; in the exams an organization runs, its admin all and its teachers their students'.
 */
const enrollments = itemEnrollments({
  kind: 'exam',
  items: 'exams e',
  runBy: { organization: 'e.organization_id' },
});

/** Throws NOT_FOUND unless the scope may act on the enrollment. */
export const authorizeEnrollment = enrollments.authorize;

type EnrollFilter = z.output<typeof examEnrollFilter>;

function enrollmentWhere(scope: Scope, filter: EnrollFilter, sql: SqlParams): string[] {
  return enrollments.where(scope, { ...filter, itemId: filter.examId }, sql);
}

async function withSittings(db: Queryable, rows: EnrollRow[]): Promise<ExamEnrollItem[]> {
  const sittings = await db.query<{
    id: number;
    order_id: number;
    exam_paper_id: number;
    state: ExamEnrollItem['sittings'][number]['state'];
    score: number | null;
    max_score: number | null;
  }>(
    `SELECT id, order_id, exam_paper_id, state, score, max_score FROM exam_paper_enrolls
      WHERE order_id = ANY($1::int[]) AND deleted_at IS NULL ORDER BY id`,
    [rows.map((r) => r.id)],
  );
  return rows.map((r) => ({
    ...toOrderItem(r),
    examId: r.item_id ?? 0,
    mobile: r.mobile,
    sittings: sittings.rows
      .filter((s) => s.order_id === r.id)
      .map((s) => ({
        id: s.id,
        examPaperId: s.exam_paper_id,
        state: s.state,
        score: s.score,
        maxScore: s.max_score,
      })),
  }));
}

export async function listEnrollments(
  db: Queryable,
  scope: Scope,
  filter: EnrollFilter,
  page: PageQuery,
): Promise<Page<ExamEnrollItem>> {
  const sql = new SqlParams();
  const rows = await enrollments.page(db, enrollmentWhere(scope, filter, sql), sql, page);
  return { ...rows, content: await withSittings(db, rows.content) };
}

export async function exportEnrollments(db: Queryable, scope: Scope, filter: EnrollFilter) {
  const sql = new SqlParams();
  const rows = await enrollments.rows(db, enrollmentWhere(scope, filter, sql), sql);
  const items = await withSittings(db, rows);
  const scoreOf = (i: ExamEnrollItem) =>
    i.sittings.some((s) => s.score !== null)
      ? i.sittings.reduce((sum, s) => sum + (s.score ?? 0), 0)
      : '';
  return xlsxAnswer(
    '考试报名名单.xlsx',
    '报名名单',
    [
      { header: '报名号', width: 24, value: (i: ExamEnrollItem) => i.orderNo },
      { header: '学员', value: (i) => i.memberName },
      { header: '手机号', width: 14, value: (i) => i.mobile },
      { header: '机构', width: 20, value: (i) => i.organizationName },
      { header: '考试', width: 24, value: (i) => i.itemName },
      { header: '状态', value: (i) => orderStateName(i) },
      { header: '费用（元）', value: (i) => yuan(i.amountFen) },
      { header: '已付（元）', value: (i) => yuan(i.paidFen) },
      { header: '答卷数', value: (i) => i.sittings.length },
      { header: '总分', value: scoreOf },
      { header: '报名时间', width: 20, value: (i) => shanghai(new Date(i.createdAt)) },
    ],
    items,
  );
}

export async function enrollStatistics(db: Queryable, scope: Scope, examId: number) {
  await readExamRow(db, scope, examId);
  const counts = await enrollments.counts(db, scope, examId);
  // The sittings counted are those the scope reads too (a teacher: their students').
  const seen = new SqlParams();
  const sittings = visibleSittings(scope, seen);
  const sat = await db.query<{ started: number; completed: number }>(
    `SELECT count(*)::int AS started,
            count(*) FILTER (WHERE s.state <> 'inProgress')::int AS completed
       FROM exam_paper_enrolls s JOIN exams e ON e.id = s.exam_id
      WHERE ${sittings} AND s.exam_id = ${seen.add(examId)}`,
    seen.values,
  );
  return {
    examId,
    ...counts,
    started: sat.rows[0]!.started,
    completed: sat.rows[0]!.completed,
  };
}

export async function mineStatistics(db: Queryable, memberId: number) {
  const { rows } = await db.query<{
    enrolled: number;
    sat: number;
    reported: number;
    average: string | null;
    best: string | null;
  }>(
    `SELECT (SELECT count(*) FROM orders o WHERE o.kind = 'exam' AND o.member_id = $1
               AND o.deleted_at IS NULL AND o.state = ANY($2::text[]))::int AS enrolled,
            (SELECT count(*) FROM exam_paper_enrolls s WHERE s.member_id = $1
               AND s.deleted_at IS NULL)::int AS sat,
            count(*)::int AS reported,
            avg(100.0 * s.score / nullif(s.max_score, 0)) AS average,
            max(100.0 * s.score / nullif(s.max_score, 0)) AS best
       FROM exam_paper_enrolls s
      WHERE s.member_id = $1 AND s.deleted_at IS NULL AND s.state = 'reported'`,
    [memberId, HOLDS_PLACE],
  );
  const r = rows[0]!;
  const pct = (v: string | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);
  return {
    enrolled: r.enrolled,
    sat: r.sat,
    reported: r.reported,
    averagePercent: pct(r.average),
    bestPercent: pct(r.best),
  };
}

/** The member's latest enrollment in the exam, or null. */
export const latestEnrollmentId = enrollments.latestId;
