/**
 * Homework enrollments (homeworkEnroll) as an enrollable kind (enrollment/enrollable.ts): each
 * assigned learner holds a free order of kind `homework` (so quitting — being excused — goes
 * through the shared lifecycle and the approval queue) and a homework_enrolls row with their
 * settled score. Publishing homework enrolls the class's roster (or the named groups); a
 * learner who joins the class later is enrolled in its homework that is still open; staff can
 * add others in batch. Only staff enroll, and an enrollment reads as the learner's progress on
 * the homework (not as an order: ./enrollments.ts), so its lists, the report and staff's create
 * are the domain's own handlers (./handlers.ts).
 */
import { homework as calls } from '../../contract/homework/calls.ts';
import type { PageQuery } from '../../contract/paging.ts';
import type { Scope } from '../access/scope.ts';
import type { Queryable } from '../db/pool.ts';
import { defineEnrollable } from '../enrollment/enrollable.ts';
import { enrollmentCallsOf } from '../enrollment/handlers.ts';
import { fail } from '../http/app-error.ts';
import type { FlowContext } from '../orders/flow.ts';
import {
  enrollStatistics,
  exportEnrollments,
  listEnrollments,
  mineStatistics,
  readEnrollment,
  type HomeworkEnrollFilter,
} from './enrollments.ts';
import { managedHomework } from './homeworks.ts';
import { homeworkOrderHooks } from './order-kind.ts';

export const homeworkEnrollable = defineEnrollable({
  kind: 'homework',
  itemField: 'homeworkId',
  item: (hw: { id: number; title: string }) => ({ id: hw.id, name: hw.title, priceFen: 0 }),
  staff: {
    async admit(db, scope, homeworkId) {
      const hw = await managedHomework(db, scope, homeworkId);
      if (hw.settledAt) throw fail('CONFLICT', '作业已结算，不能再布置');
      return hw;
    },
  },
  free: true,
  enrollments: {
    /** Staff act on an enrollment of homework they manage. */
    async authorize(db: Queryable, scope: Scope, id: number) {
      const item = await readEnrollment(db, scope, id);
      if (scope.kind === 'learner') throw fail('FORBIDDEN');
      return item;
    },
    list: (db: Queryable, scope: Scope, filter: HomeworkEnrollFilter, page: PageQuery) =>
      listEnrollments(db, scope, filter, page),
    export: exportEnrollments,
  },
  statistics: enrollStatistics,
  mineStatistics,
  calls: enrollmentCallsOf(calls, 'homeworkEnroll'),
  /**
   * Homework's lists, its by-id read, the learner's report and staff's create (a batch of one,
   * answering the row's refusal) are ./handlers.ts's.
   */
  answersOwn: [
    'queryById',
    'queryList',
    'queryListByTeacher',
    'querySimpleList',
    'queryMineEnrollByEnrollId',
    'queryMineLatestEnroll',
    'create',
  ],
  order: homeworkOrderHooks,
});

/** Assigns published homework to the roster it targets (those not yet assigned). */
export async function assignToRoster(flow: FlowContext, homeworkId: number): Promise<number> {
  const { rows } = await flow.services.pool.query<{
    member_id: number;
    organization_id: number;
    title: string;
  }>(
    `SELECT gm.member_id, m.organization_id, h.title
       FROM homeworks h JOIN grade_members gm ON gm.grade_id = h.grade_id
       JOIN members m ON m.id = gm.member_id
      WHERE h.id = $1 AND (cardinality(h.groups) = 0 OR gm.groups && h.groups)
        AND NOT EXISTS (SELECT 1 FROM homework_enrolls he
                         WHERE he.homework_id = h.id AND he.member_id = gm.member_id)
      ORDER BY gm.member_id`,
    [homeworkId],
  );
  let placed = 0;
  for (const r of rows) {
    const id = await homeworkEnrollable.place(
      flow,
      { id: homeworkId, title: r.title },
      { memberId: r.member_id, organizationId: r.organization_id },
      0,
      '发布作业时布置',
    );
    if (id !== null) placed++;
  }
  return placed;
}
