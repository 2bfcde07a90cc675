/**
 * Exam enrollment (issue 7 item 3) as an enrollable kind (enrollment/enrollable.ts): an order of
 * kind `exam`. A learner enrolls in a published exam open to them while its enrollment window is
 * open; staff enroll learners one by one or in batch, free unless they ask to charge the fee,
 * in a reviewed exam they manage that is not over. An enrollment reads with its sittings. As
 * an order kind the enrollment is the place, so paying grants nothing more and quitting takes
 * nothing back; sittings stay on record after a quit, and one started paper stops a quit.
 */
import { exam as calls } from '../../contract/exam/calls.ts';
import type { ExamEnrollItem } from '../../contract/exam/enroll.ts';
import { HOLDS_PLACE } from '../../machines/lifecycles/enrollment.ts';
import { examLifecycle, EXAM_OPEN } from '../../machines/lifecycles/exam.ts';
import { isFinalState, nextState } from '../../machines/lifecycles/lifecycle.ts';
import { learnerScope, type LearnerScope, type Scope } from '../access/scope.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { defineEnrollable } from '../enrollment/enrollable.ts';
import { enrollmentCallsOf } from '../enrollment/handlers.ts';
import { itemEnrollments, orderColumns, type EnrollRow } from '../enrollment/item-enrollments.ts';
import { fail } from '../http/app-error.ts';
import type { HandlerContext } from '../http/handler.ts';
import { detailOf } from '../orders/handlers.ts';
import { ownOrders, toOrderItem } from '../orders/rows.ts';
import { openExams, readExam, readExamRow, type ExamRow } from './exams.ts';
import { listSittings, visibleSittings } from './sittings.ts';

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

const scoreOf = (i: ExamEnrollItem) =>
  i.sittings.some((s) => s.score !== null)
    ? i.sittings.reduce((sum, s) => sum + (s.score ?? 0), 0)
    : '';

/**
 * The exam enrollments the scope may read (access/predicates.ts learnerRowsIn): a learner their
 * own; in the exams an organization runs, its admin all and its teachers their students'.
 */
const enrollments = itemEnrollments({
  kind: 'exam',
  itemField: 'examId',
  items: 'exams e',
  runBy: { organization: 'e.organization_id' },
  toItems: (db, _reader, rows) => withSittings(db, rows),
  export: {
    file: '考试报名名单.xlsx',
    sheet: '报名名单',
    columns: orderColumns<ExamEnrollItem>('考试', {
      afterPaid: [
        { header: '答卷数', value: (i) => i.sittings.length },
        { header: '总分', value: scoreOf },
      ],
    }),
  },
});

/** Staff enroll in an exam theirs to manage, not over, and reviewed. */
async function admitStaff(db: Queryable, scope: Scope, examId: number): Promise<ExamRow> {
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

/** A learner enrolls in an exam open to them while its window is open. */
async function admitLearner(db: Queryable, learner: LearnerScope, examId: number) {
  const sql = new SqlParams();
  const where = openExams(learner, sql);
  const found = await db.query<{ open: boolean; ended: boolean }>(
    `SELECT now() >= e.enroll_start_at AND now() < e.enroll_end_at AS open, now() >= e.end_at AS ended
       FROM exams e WHERE ${where} AND e.state = '${EXAM_OPEN}' AND e.id = ${sql.add(examId)}`,
    sql.values,
  );
  const window = found.rows[0];
  if (!window) throw fail('NOT_FOUND', `考试 ${examId} 不存在或未开放报名`);
  if (window.ended) throw fail('CONFLICT', '考试已结束，不能报名');
  if (!window.open) throw fail('CONFLICT', '不在报名时间内');
  return readExamRow(db, learner, examId, false);
}

export const examEnrollable = defineEnrollable({
  kind: 'exam',
  itemField: 'examId',
  item: (exam: ExamRow) => ({ id: exam.id, name: exam.name, priceFen: exam.price_fen }),
  learner: { admit: admitLearner, alreadyEnrolled: '已报名该考试，请勿重复报名' },
  staff: { admit: admitStaff, alreadyEnrolled: '该学员已报名这场考试' },
  enrollments,
  calls: enrollmentCallsOf(calls, 'examEnroll'),
  order: {
    refuse: async (client, order, action) => {
      if (action !== 'applyQuit' && action !== 'forceQuit') return;
      const sat = await client.query(
        'SELECT 1 FROM exam_paper_enrolls WHERE order_id = $1 AND deleted_at IS NULL LIMIT 1',
        [order.id],
      );
      if (sat.rows.length > 0) throw fail('CONFLICT', '已开始作答的考试不能退出');
    },
  },

  async statistics(db, scope, examId) {
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
  },

  async mineStatistics(db, memberId) {
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
  },

  /** The learner's enrollment with the exam and their sittings. */
  async mine(ctx: HandlerContext, id: number) {
    const auth = ctx.requireAuth();
    const order = await detailOf(ctx.services, ownOrders(auth), ['exam'], id);
    const scope = learnerScope(auth);
    const examItem = await readExam(ctx.services.pool, scope, order.itemId ?? 0);
    const page = await listSittings(
      ctx.services.pool,
      scope,
      { examId: examItem.id },
      { page: 0, size: 50 },
    );
    return { order, exam: examItem, sittings: page.content.filter((s) => s.enrollId === id) };
  },
});
