/**
 * The class calls of every area (contract/grade/calls.ts) wired to this folder's stores. Scopes
 * come from access/scope.ts; `grade/queryList`, `queryById` and `queryNotesById` of the
 * un-prefixed area are also the public catalogue, read by visitors.
 */
import { actionsOf, resourceCallId } from '../../contract/resource.ts';
import { grade as calls } from '../../contract/grade/calls.ts';
import type { GradeItem } from '../../contract/grade/grades.ts';
import { gradeLifecycle } from '../../machines/lifecycles/grade.ts';
import { SCOPE_OF_AREA } from '../access/scope.ts';
import { fail } from '../http/app-error.ts';
import { type HandlerContext, type ContextOf } from '../http/handler.ts';
import { idWiring } from '../http/wire.ts';
import { lifecycleHandlers } from '../lifecycle/handlers.ts';
import { detailOf } from '../orders/handlers.ts';
import { allOrders } from '../orders/rows.ts';
import { listControls, oneControl, resetControl, setControls } from '../grade-controls/controls.ts';
import { bindTeacher, gradeEnrollable, setGroups } from './enrollable.ts';
import {
  addGradeToMine,
  createGrade,
  deleteGrade,
  GRADE_ROWS,
  gradeStatistics,
  listGrades,
  managedGrade,
  readGrade,
  updateGrade,
} from './grades.ts';
import {
  gradeChapterQuestions,
  managedGradeChapters,
  readGradeChapters,
  setGradeChapters,
  followCourse,
} from './syllabus.ts';
import {
  createSettlement,
  deleteSettlement,
  exportSettlements,
  listSettlements,
  updateSettlement,
} from './settlements.ts';

type Ctx = HandlerContext;
type Area = keyof typeof SCOPE_OF_AREA;
const scopeOf = (area: Area, ctx: Ctx) => SCOPE_OF_AREA[area](ctx.requireAuth());
/** A reader of public calls: the caller's scope, or a visitor. */
const readerOf = (area: Area, ctx: Ctx) => (ctx.auth ? SCOPE_OF_AREA[area](ctx.auth) : null);
const idOf = (ctx: ContextOf<{ query: { id: number } }>) => ctx.query.id;

/** `fn` for each call id, with the area its id starts with. */
const wire = idWiring(calls);

/** The same action in the listed areas: `grade.enroll.` + action under bms, edms, the bare area. */
const inAreas = <const G extends string, const A extends string, const Ar extends Area>(
  group: G,
  action: A,
  areas: readonly Ar[],
) => areas.map((area) => resourceCallId(area, group, action));
const catalogueItem = (g: GradeItem) => ({
  id: g.id,
  name: g.name,
  description: g.description,
  status: g.status,
  isPublic: g.isPublic,
  sort: g.sort,
  appId: g.appId,
  organizationId: g.organizationId,
  organizationName: g.organizationName,
  teacherName: g.teacherName,
  memberCount: g.memberCount,
  priceFen: g.priceFen,
  startTime: g.startTime,
  endTime: g.endTime,
});

// ——— the syllabus ———

const syllabusHandlers = [
  ...wire(['bms.grade.updateChapters', 'edms.grade.updateChapters'], (a, ctx) => {
    const b = ctx.body;
    return b.chapterIds
      ? setGradeChapters(ctx.services.pool, scopeOf(a, ctx), b.id, b.chapterIds)
      : followCourse(ctx.services.pool, scopeOf(a, ctx), b.id, b.courseId ?? null);
  }),
  ...wire(['course.queryChapterListByGrade', 'oj.course.queryChapterListByGrade'], (a, ctx) =>
    readGradeChapters(ctx.services.pool, readerOf(a, ctx), ctx.body.gradeId),
  ),
  ...wire(['bms.course.queryChapterListByGrade', 'edms.course.queryChapterListByGrade'], (a, ctx) =>
    managedGradeChapters(ctx.services.pool, scopeOf(a, ctx), ctx.body.gradeId),
  ),
  ...wire(inAreas('chapter', 'queryQuestionListByGrade', ['app', 'oj', 'bms', 'edms']), (a, ctx) =>
    gradeChapterQuestions(ctx.services, ctx.requireAuth(), scopeOf(a, ctx), ctx.body, ctx.query),
  ),
];

// ——— grade ———

const gradeHandlersOnly = [
  ...wire(['grade.queryList'], async (_a, ctx) => {
    const page = await listGrades(ctx.services.pool, 'catalogue', ctx.body, ctx.query);
    return { ...page, content: page.content.map(catalogueItem) };
  }),
  ...wire(['grade.queryById', 'oj.grade.queryById'], (a, ctx) =>
    readGrade(ctx.services.pool, readerOf(a, ctx), idOf(ctx)),
  ),
  ...wire(
    [
      'grade.queryNotesById',
      'oj.grade.queryNotesById',
      'bms.grade.queryNotesById',
      'edms.grade.queryNotesById',
    ],
    async (a, ctx) => {
      const g = await readGrade(ctx.services.pool, readerOf(a, ctx), idOf(ctx));
      return { id: g.id, name: g.name, notes: g.notes };
    },
  ),
  ...wire(['bms.grade.queryById', 'edms.grade.queryById'], (a, ctx) =>
    managedGrade(ctx.services.pool, scopeOf(a, ctx), idOf(ctx)),
  ),
  ...wire(['bms.grade.queryList', 'edms.grade.queryList', 'oj.grade.queryList'], (a, ctx) =>
    listGrades(ctx.services.pool, scopeOf(a, ctx), ctx.body, ctx.query),
  ),
  ...wire(['bms.grade.querySimpleList', 'edms.grade.querySimpleList'], async (a, ctx) => {
    const page = await listGrades(ctx.services.pool, scopeOf(a, ctx), ctx.body, ctx.query);
    return {
      ...page,
      content: page.content.map(({ id, name, state, status }) => ({ id, name, state, status })),
    };
  }),
  ...wire(['bms.grade.create', 'edms.grade.create', 'grade.create'], (a, ctx) =>
    createGrade(ctx.services.pool, scopeOf(a, ctx), ctx.body, ctx.requireAuth().organizationId),
  ),
  ...wire(['bms.grade.update', 'edms.grade.update', 'grade.update'], (a, ctx) =>
    updateGrade(ctx.services.pool, scopeOf(a, ctx), ctx.body),
  ),
  ...wire(['bms.grade.delete', 'edms.grade.delete', 'grade.delete'], async (a, ctx) => {
    const { id } = ctx.body;
    await deleteGrade(ctx.services.pool, scopeOf(a, ctx), id);
    return { id };
  }),
  ...wire(['edms.grade.addGradeToMine', 'grade.addGradeToMine'], (a, ctx) =>
    addGradeToMine(ctx.services.pool, scopeOf(a, ctx), ctx.body.id),
  ),
  ...wire(
    ['bms.grade.queryStatistics', 'edms.grade.queryStatistics', 'grade.queryStatistics'],
    (a, ctx) => gradeStatistics(ctx.services.pool, scopeOf(a, ctx), idOf(ctx)),
  ),
  ...(['bms', 'edms', 'app'] as const).flatMap((area) => {
    const byAction = actionsOf(calls, area, 'grade');
    return lifecycleHandlers(
      { publish: byAction.publish, unpublish: byAction.unpublish, stop: byAction.stop },
      gradeLifecycle,
      GRADE_ROWS,
      {
        authorize: async ({ services, scope }, id) => {
          await managedGrade(services.pool, scope, id);
        },
        read: ({ services, scope }, id) => readGrade(services.pool, scope, id),
      },
      SCOPE_OF_AREA[area],
    );
  }),
];

// ——— grade/controls ———

/** Controls of a class: staff who manage it; a learner in it (read only). */
async function controlledGrade(ctx: Ctx, area: Area, gradeId: number) {
  const scope = scopeOf(area, ctx);
  if (scope.kind === 'learner') {
    const { rows } = await ctx.services.pool.query(
      'SELECT 1 FROM grade_members WHERE grade_id = $1 AND member_id = $2',
      [gradeId, scope.memberId],
    );
    if (!rows[0]) throw fail('NOT_FOUND', `你不在班级 ${gradeId} 中`);
    return;
  }
  await managedGrade(ctx.services.pool, scope, gradeId);
}

const controlHandlers = [
  ...wire(
    [
      'bms.grade.controls.queryList',
      'bms.grade.controls.querySimpleList',
      'edms.grade.controls.queryList',
      'oj.grade.controls.queryList',
    ],
    async (a, ctx) => {
      const { gradeId } = ctx.body;
      await controlledGrade(ctx, a, gradeId);
      return listControls(ctx.services.pool, gradeId);
    },
  ),
  ...wire(['bms.grade.controls.update', 'edms.grade.controls.update'], async (a, ctx) => {
    const b = ctx.body;
    await controlledGrade(ctx, a, b.gradeId);
    return setControls(ctx.services.pool, b.gradeId, b.controls, ctx.requireAuth().memberId);
  }),
  ...wire(['bms.grade.controls.create'], async (a, ctx) => {
    const b = ctx.body;
    await controlledGrade(ctx, a, b.gradeId);
    await setControls(ctx.services.pool, b.gradeId, [b], ctx.requireAuth().memberId);
    return oneControl(ctx.services.pool, b.gradeId, b.code);
  }),
  ...wire(['bms.grade.controls.delete'], async (a, ctx) => {
    const b = ctx.body;
    await controlledGrade(ctx, a, b.gradeId);
    return resetControl(ctx.services.pool, b.gradeId, b.code);
  }),
  ...wire(['bms.grade.controls.queryById'], async (a, ctx) => {
    const q = ctx.query;
    await controlledGrade(ctx, a, q.gradeId);
    return oneControl(ctx.services.pool, q.gradeId, q.code);
  }),
];

// ——— grade/enroll: the roster's own (the shared calls come from ./enrollable.ts) ———

const STAFF_AREAS = ['bms', 'edms', 'app'] as const;
const enrollAnswer = (ctx: Ctx, id: number) =>
  detailOf(ctx.services, allOrders(), gradeEnrollable.kinds, id);

const enrollHandlers = [
  ...wire(inAreas('grade.enroll', 'setGroups', STAFF_AREAS), (a, ctx) => {
    const b = ctx.body;
    return setGroups(ctx.services.pool, scopeOf(a, ctx), b.ids, b.groups);
  }),
  ...wire(inAreas('grade.enroll', 'bindTeacher', STAFF_AREAS), async (a, ctx) => {
    const b = ctx.body;
    await bindTeacher(ctx.services.pool, scopeOf(a, ctx), b.id, b.teacherMemberId);
    return enrollAnswer(ctx, b.id);
  }),
  ...wire(inAreas('grade.enroll', 'unbindTeacher', STAFF_AREAS), async (a, ctx) => {
    const { id } = ctx.body;
    await bindTeacher(ctx.services.pool, scopeOf(a, ctx), id, null);
    return enrollAnswer(ctx, id);
  }),
];

// ——— member/grade/settlement ———

const settlementHandlers = [
  ...wire(['edms.member.grade.settlement.create', 'member.grade.settlement.create'], (a, ctx) =>
    createSettlement(ctx.services.pool, scopeOf(a, ctx), ctx.body),
  ),
  ...wire(['edms.member.grade.settlement.update', 'member.grade.settlement.update'], (a, ctx) =>
    updateSettlement(ctx.services.pool, scopeOf(a, ctx), ctx.body),
  ),
  ...wire(['edms.member.grade.settlement.delete'], async (a, ctx) => {
    const { id } = ctx.body;
    await deleteSettlement(ctx.services.pool, scopeOf(a, ctx), id);
    return { id };
  }),
  ...wire(
    [
      'edms.member.grade.settlement.queryList',
      'member.grade.settlement.queryList',
      'oj.member.grade.settlement.queryList',
    ],
    (a, ctx) => listSettlements(ctx.services.pool, scopeOf(a, ctx), ctx.body, ctx.query),
  ),
  ...wire(['edms.member.grade.settlement.download'], (a, ctx) =>
    exportSettlements(ctx.services.pool, scopeOf(a, ctx), ctx.body),
  ),
];

export const gradeHandlers = [
  ...gradeHandlersOnly,
  ...syllabusHandlers,
  ...controlHandlers,
  ...enrollHandlers,
  ...settlementHandlers,
];
