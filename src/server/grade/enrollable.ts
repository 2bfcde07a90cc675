/**
 * Class enrollment (issue 8 item 3, grade/enroll) as an enrollable kind (enrollment/
 * enrollable.ts): an order of kind `grade`; paying puts the learner on the roster (the order
 * hooks of ./order-kind.ts). A learner enrolls in a class open to them whose enrollment is
 * open; staff in a class they manage, not stopped, not over. An enrollment reads with its
 * roster place: its groups (setGroups), the class teacher it is bound to (bindTeacher) and the
 * fees consumed.
 */
import type { z } from 'zod';
import {
  grade as calls,
  type GradeEnrollItem,
  type gradeEnrollFilter,
} from '../../contract/grade/calls.ts';
import { HOLDS_PLACE } from '../../machines/lifecycles/enrollment.ts';
import { learnerScope, type Scope } from '../access/scope.ts';
import type { Pool } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { defineEnrollable } from '../enrollment/enrollable.ts';
import { enrollmentCallsOf } from '../enrollment/handlers.ts';
import { itemEnrollments, orderColumns, type EnrollRow } from '../enrollment/item-enrollments.ts';
import { fail } from '../http/app-error.ts';
import type { HandlerContext } from '../http/handler.ts';
import { validationError } from '../http/validation-error.ts';
import { detailOf } from '../orders/handlers.ts';
import { yuan } from '../orders/reports.ts';
import { ownOrders, toOrderItem } from '../orders/rows.ts';
import { managedGrade, readGrade } from './grades.ts';
import { gradeOrderHooks } from './order-kind.ts';
import { listSettlements } from './settlements.ts';

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

/** The class enrollments the scope may read: own (learner) or in classes the staff manage. */
const enrollments = itemEnrollments({
  kind: 'grade',
  itemField: 'gradeId',
  items: 'grades g',
  runBy: { grade: 'g' },
  // The roster place: groups and the bound teacher; and the fees consumed so far.
  columns: `gm.groups, gm.teacher_member_id, tm.nickname AS teacher_name,
    (SELECT coalesce(sum(s.amount_fen), 0) FROM member_grade_settlements s
      WHERE s.order_id = o.id AND s.deleted_at IS NULL)::int AS settled_fen`,
  joins: `LEFT JOIN grade_members gm ON gm.order_id = o.id
    LEFT JOIN members tm ON tm.id = gm.teacher_member_id`,
  keywordColumns: ['m.real_name'],
  filterClauses(filter: z.output<typeof gradeEnrollFilter>, sql) {
    const clauses: string[] = [];
    if (filter.group) clauses.push(`${sql.add(filter.group)} = ANY(gm.groups)`);
    if (filter.teacherMemberId) {
      clauses.push(`gm.teacher_member_id = ${sql.add(filter.teacherMemberId)}`);
    }
    return clauses;
  },
  toItems: async (_db, _reader, rows: GradeEnrollRow[]) => rows.map(toEnrollItem),
  export: {
    file: '班级报名名单.xlsx',
    sheet: '报名名单',
    columns: orderColumns<GradeEnrollItem>('班级', {
      organization: false,
      afterItem: [
        { header: '分组', value: (i) => i.groups.join('、') },
        { header: '带班教师', value: (i) => i.teacherName },
      ],
      afterPaid: [
        { header: '已退（元）', value: (i) => yuan(i.refundedFen) },
        { header: '已课消（元）', value: (i) => yuan(i.settledFen) },
      ],
    }),
  },
});

export const gradeEnrollable = defineEnrollable({
  kind: 'grade',
  itemField: 'gradeId',
  item: (grade: { id: number; name: string; priceFen: number }) => ({
    id: grade.id,
    name: grade.name,
    priceFen: grade.priceFen,
  }),
  learner: {
    async admit(db, learner, gradeId) {
      const grade = await readGrade(db, learner, gradeId);
      if (!grade.enrollable) {
        const why =
          grade.state !== 'published'
            ? '班级未发布或已停止'
            : grade.capacity !== null && grade.memberCount >= grade.capacity
              ? '班级名额已满'
              : '不在报名时间内或班级已结课';
        throw fail('CONFLICT', `不能报名：${why}`);
      }
      return grade;
    },
    alreadyEnrolled: '已报名该班级，请勿重复报名',
  },
  staff: {
    /** A class staff may enroll learners in: theirs to manage, not stopped, not over. */
    async admit(db, scope, gradeId) {
      const grade = await managedGrade(db, scope, gradeId);
      if (grade.state === 'stopped') throw fail('CONFLICT', '班级已停止，不能报名');
      if (grade.endTime && Date.parse(grade.endTime) <= Date.now()) {
        throw fail('CONFLICT', '班级已结课，不能报名');
      }
      return grade;
    },
    alreadyEnrolled: '该学员已报名这个班级',
  },
  enrollments,
  calls: enrollmentCallsOf(calls, 'grade.enroll'),
  order: gradeOrderHooks,

  async statistics(db, scope, gradeId) {
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
  },

  async mineStatistics(db, memberId) {
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
  },

  /** The learner's enrollment with the class, their roster place and its settlements. */
  async mine(ctx: HandlerContext, id: number) {
    const auth = ctx.requireAuth();
    const order = await detailOf(ctx.services, ownOrders(auth), ['grade'], id);
    const scope = learnerScope(auth);
    const enrollment = await enrollments.read(ctx.services.pool, scope, id);
    const gradeItem = await readGrade(ctx.services.pool, scope, order.itemId ?? 0);
    const settlements = await listSettlements(
      ctx.services.pool,
      scope,
      { gradeId: gradeItem.id },
      { page: 0, size: 100 },
    );
    return {
      order,
      grade: gradeItem,
      groups: enrollment.groups,
      teacherName: enrollment.teacherName,
      settledFen: enrollment.settledFen,
      settlements: settlements.content.filter((s) => s.enrollId === id),
    };
  },
});

// ——— the roster: what only a class has ———

/** Roster rows of enrollments the staff scope manages, all of one class and holding a place. */
async function rosterOf(db: Pool, scope: Scope, ids: number[]) {
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
