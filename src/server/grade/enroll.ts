/**
 * Class enrollment (issue 8 item 3, grade/enroll): an order of kind `grade` on the shared order
 * flow (server/orders/), so paying, cancelling, quitting, refunds, the ledger and the approval
 * queue are the commerce issue's; paying puts the learner on the roster (./order-kind.ts).
 * On the roster a learner has groups (setGroups) and may be bound to one of the class's
 * teachers (bindTeacher). Staff see the enrollments of the classes they manage; a learner
 * their own.
 */
import type { z } from 'zod';
import type { GradeEnrollItem, gradeEnrollFilter } from '../../contract/grade/calls.ts';
import type { BatchAnswer } from '../../contract/enrollment/batch.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { HOLDS_PLACE } from '../../machines/lifecycles/enrollment.ts';
import { orderStateName } from '../../machines/lifecycles/orders.ts';
import type { Scope } from '../access/scope.ts';
import type { Pool, Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import {
  batchEnrollIn,
  orderFor,
  placeEnrollment,
  staffEnrollIn,
  type EnrollableItem,
} from '../enrollment/batch.ts';
import type { Candidate } from '../enrollment/candidates.ts';
import { itemEnrollments, type EnrollRow } from '../enrollment/item-enrollments.ts';
import { fail } from '../http/app-error.ts';
import { validationError } from '../http/validation-error.ts';
import { xlsxAnswer } from '../http/xlsx.ts';
import type { FlowContext } from '../orders/flow.ts';
import { shanghai, yuan } from '../orders/reports.ts';
import { toOrderItem } from '../orders/rows.ts';
import { managedGrade, readGrade, type GradeReader } from './grades.ts';

export const GRADE_KINDS = ['grade'] as const;

/** The class as an item to enroll in. */
const enrollable = (grade: { id: number; name: string; priceFen: number }): EnrollableItem => ({
  kind: 'grade',
  id: grade.id,
  name: grade.name,
  priceFen: grade.priceFen,
});

/** A learner enrolls themselves in a class open to them whose enrollment is open. */
export async function enrollSelf(
  flow: FlowContext,
  member: { memberId: number; organizationId: number },
  reader: GradeReader,
  gradeId: number,
): Promise<number> {
  const grade = await readGrade(flow.services.pool, reader, gradeId);
  if (!grade.enrollable) {
    const why =
      grade.state !== 'published'
        ? '班级未发布或已停止'
        : grade.capacity !== null && grade.memberCount >= grade.capacity
          ? '班级名额已满'
          : '不在报名时间内或班级已结课';
    throw fail('CONFLICT', `不能报名：${why}`);
  }
  const id = await placeEnrollment(flow, orderFor(enrollable(grade), member, grade.priceFen, ''));
  if (id === null) throw fail('CONFLICT', '已报名该班级，请勿重复报名');
  return id;
}

/** A class staff may enroll learners in: theirs to manage, not stopped, not over. */
async function enrollableByStaff(db: Queryable, scope: Scope, gradeId: number) {
  const grade = await managedGrade(db, scope, gradeId);
  if (grade.state === 'stopped') throw fail('CONFLICT', '班级已停止，不能报名');
  if (grade.endTime && Date.parse(grade.endTime) <= Date.now()) {
    throw fail('CONFLICT', '班级已结课，不能报名');
  }
  return grade;
}

export async function batchEnroll(
  flow: FlowContext,
  scope: Scope,
  gradeId: number,
  candidates: Candidate[],
  charge: boolean,
): Promise<BatchAnswer> {
  const grade = await enrollableByStaff(flow.services.pool, scope, gradeId);
  return batchEnrollIn(flow, scope, enrollable(grade), candidates, charge);
}

export async function staffEnroll(
  flow: FlowContext,
  scope: Scope,
  input: { gradeId: number; memberId: number; remark: string; paidOffline: boolean },
): Promise<number> {
  const grade = await enrollableByStaff(flow.services.pool, scope, input.gradeId);
  return staffEnrollIn(flow, enrollable(grade), input, '该学员已报名这个班级');
}

/** The class enrollments the scope may read: own (learner) or in classes the staff manage. */
const enrollments = itemEnrollments({
  kind: 'grade',
  items: 'grades g',
  runBy: { grade: 'g' },
  // The roster place: groups and the bound teacher; and the fees consumed so far.
  columns: `gm.groups, gm.teacher_member_id, tm.nickname AS teacher_name,
    (SELECT coalesce(sum(s.amount_fen), 0) FROM member_grade_settlements s
      WHERE s.order_id = o.id AND s.deleted_at IS NULL)::int AS settled_fen`,
  joins: `LEFT JOIN grade_members gm ON gm.order_id = o.id
    LEFT JOIN members tm ON tm.id = gm.teacher_member_id`,
  keywordColumns: ['m.real_name'],
});

/** Throws NOT_FOUND unless the scope may act on the enrollment. */
export const authorizeEnrollment = enrollments.authorize;

type EnrollFilter = z.output<typeof gradeEnrollFilter>;

function enrollmentWhere(scope: Scope, filter: EnrollFilter, sql: SqlParams): string[] {
  const clauses = enrollments.where(scope, { ...filter, itemId: filter.gradeId }, sql);
  if (filter.group) clauses.push(`${sql.add(filter.group)} = ANY(gm.groups)`);
  if (filter.teacherMemberId) {
    clauses.push(`gm.teacher_member_id = ${sql.add(filter.teacherMemberId)}`);
  }
  return clauses;
}

interface GradeEnrollRow extends EnrollRow {
  groups: string[] | null;
  teacher_member_id: number | null;
  teacher_name: string | null;
  settled_fen: number;
}

const toEnrollItem = (r: GradeEnrollRow): GradeEnrollItem => ({
  ...toOrderItem(r),
  gradeId: r.item_id ?? 0,
  mobile: r.mobile,
  groups: r.groups ?? [],
  teacherMemberId: r.teacher_member_id,
  teacherName: r.teacher_name,
  settledFen: r.settled_fen,
});

export async function listEnrollments(
  db: Queryable,
  scope: Scope,
  filter: EnrollFilter,
  page: PageQuery,
): Promise<Page<GradeEnrollItem>> {
  const sql = new SqlParams();
  const where = enrollmentWhere(scope, filter, sql);
  const rows = await enrollments.page<GradeEnrollRow>(db, where, sql, page);
  return { ...rows, content: rows.content.map(toEnrollItem) };
}

export async function readEnrollment(db: Queryable, scope: Scope, id: number) {
  const sql = new SqlParams();
  const where = [enrollments.visible(scope, sql), `o.id = ${sql.add(id)}`];
  const rows = await enrollments.rows<GradeEnrollRow>(db, where, sql, 'o.id', 1);
  if (!rows[0]) throw fail('NOT_FOUND', `报名 ${id} 不存在`);
  return toEnrollItem(rows[0]);
}

export async function exportEnrollments(db: Queryable, scope: Scope, filter: EnrollFilter) {
  const sql = new SqlParams();
  const where = enrollmentWhere(scope, filter, sql);
  const rows = await enrollments.rows<GradeEnrollRow>(db, where, sql);
  return xlsxAnswer(
    '班级报名名单.xlsx',
    '报名名单',
    [
      { header: '报名号', width: 24, value: (i: GradeEnrollItem) => i.orderNo },
      { header: '学员', value: (i) => i.memberName },
      { header: '手机号', width: 14, value: (i) => i.mobile },
      { header: '班级', width: 24, value: (i) => i.itemName },
      { header: '分组', value: (i) => i.groups.join('、') },
      { header: '带班教师', value: (i) => i.teacherName },
      { header: '状态', value: (i) => orderStateName(i) },
      { header: '费用（元）', value: (i) => yuan(i.amountFen) },
      { header: '已付（元）', value: (i) => yuan(i.paidFen) },
      { header: '已退（元）', value: (i) => yuan(i.refundedFen) },
      { header: '已课消（元）', value: (i) => yuan(i.settledFen) },
      { header: '报名时间', width: 20, value: (i) => shanghai(new Date(i.createdAt)) },
    ],
    rows.map(toEnrollItem),
  );
}

export async function enrollStatistics(db: Queryable, scope: Scope, gradeId: number) {
  const grade = await managedGrade(db, scope, gradeId);
  const counts = await enrollments.counts(db, scope, gradeId);
  const settled = await db.query<{ fen: number }>(
    `SELECT coalesce(sum(amount_fen), 0)::int AS fen FROM member_grade_settlements
      WHERE grade_id = $1 AND deleted_at IS NULL`,
    [gradeId],
  );
  return {
    gradeId,
    ...counts,
    settledFen: settled.rows[0]!.fen,
    capacity: grade.capacity,
    memberCount: grade.memberCount,
  };
}

/** Roster rows of enrollments the staff scope manages, all of one class and holding a place. */
async function rosterOf(db: Queryable, scope: Scope, ids: number[]) {
  const sql = new SqlParams();
  const where = `${enrollments.visible(scope, sql)} AND o.id = ANY(${sql.add(ids)}::int[])`;
  const { rows } = await db.query<{ id: number; grade_id: number; on_roster: boolean }>(
    `SELECT o.id, o.item_id AS grade_id,
            EXISTS (SELECT 1 FROM grade_members gm WHERE gm.order_id = o.id) AS on_roster
       FROM orders o WHERE ${where}`,
    sql.values,
  );
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length > 0) throw fail('NOT_FOUND', `报名 ${missing.join('、')} 不存在`);
  const off = rows.filter((r) => !r.on_roster).map((r) => r.id);
  if (off.length > 0) {
    throw fail('CONFLICT', `报名 ${off.join('、')} 未生效（未支付或已退出），不在班级名单中`);
  }
  if (new Set(rows.map((r) => r.grade_id)).size > 1) {
    throw validationError([{ field: 'body.ids', message: '一次只能设置同一个班级的学员' }]);
  }
  return rows;
}

export async function setGroups(pool: Pool, scope: Scope, ids: number[], groups: string[]) {
  if (scope.kind === 'learner') throw fail('FORBIDDEN');
  await rosterOf(pool, scope, ids);
  const unique = [...new Set(groups)];
  const result = await pool.query(
    'UPDATE grade_members SET groups = $2 WHERE order_id = ANY($1::int[])',
    [ids, unique],
  );
  return { updated: result.rowCount ?? 0 };
}

export async function bindTeacher(
  pool: Pool,
  scope: Scope,
  id: number,
  teacherMemberId: number | null,
) {
  if (scope.kind === 'learner') throw fail('FORBIDDEN');
  const [row] = await rosterOf(pool, scope, [id]);
  if (teacherMemberId !== null) {
    const { rows } = await pool.query(
      'SELECT 1 FROM grade_teachers WHERE grade_id = $1 AND member_id = $2',
      [row!.grade_id, teacherMemberId],
    );
    if (!rows[0]) {
      throw validationError([{ field: 'body.teacherMemberId', message: '只能绑定本班的教师' }]);
    }
  }
  await pool.query('UPDATE grade_members SET teacher_member_id = $2 WHERE order_id = $1', [
    id,
    teacherMemberId,
  ]);
}

export async function mineStatistics(db: Queryable, memberId: number) {
  const { rows } = await db.query<{
    grades: number;
    paid: number;
    settled: number;
    assigned: number;
    done: number;
  }>(
    `SELECT (SELECT count(*) FROM orders WHERE kind = 'grade' AND member_id = $1
               AND deleted_at IS NULL AND state = ANY($2::text[]))::int AS grades,
            (SELECT coalesce(sum(paid_fen - refunded_fen), 0) FROM orders
              WHERE kind = 'grade' AND member_id = $1 AND deleted_at IS NULL)::int AS paid,
            (SELECT coalesce(sum(amount_fen), 0) FROM member_grade_settlements
              WHERE member_id = $1 AND deleted_at IS NULL)::int AS settled,
            (SELECT count(*) FROM homework_enrolls WHERE member_id = $1)::int AS assigned,
            (SELECT count(*) FROM homework_enrolls he WHERE he.member_id = $1 AND EXISTS (
               SELECT 1 FROM homework_member_questions q JOIN member_questions a
                   ON a.homework_member_question_id = q.id
                WHERE q.order_id = he.order_id))::int AS done`,
    [memberId, HOLDS_PLACE],
  );
  const r = rows[0]!;
  return {
    grades: r.grades,
    paidFen: r.paid,
    settledFen: r.settled,
    homeworkAssigned: r.assigned,
    homeworkDone: r.done,
  };
}

export const latestEnrollmentId = enrollments.latestId;
