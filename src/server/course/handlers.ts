/**
 * Course calls in every area (contract/course/calls.ts). The area decides the reader
 * (access/scope.ts SCOPE_OF_AREA; a visitor on the public reads), the store the rest.
 */
import { course as courseApi } from '../../contract/course/calls.ts';
import { courseLifecycle } from '../../machines/lifecycles/course.ts';
import { SCOPE_OF_AREA } from '../access/scope.ts';
import { readGrade, managedGrade } from '../grade/grades.ts';
import { fail } from '../http/app-error.ts';
import { handle, type ContextOf, type HandlerContext } from '../http/handler.ts';
import { actionWiring } from '../http/wire.ts';
import { withTransaction } from '../db/pool.ts';
import { transitionRow } from '../lifecycle/transition.ts';
import { flowOf } from '../orders/handlers.ts';
import { buy } from './purchase.ts';
import { COURSE_ROWS, courseStore, findCourse, readCourse, type CourseCtx } from './store.ts';
import { readUnits, replaceUnits } from './units.ts';

type Area = 'app' | 'bms' | 'edms' | 'oj';

const ctxOf = (area: Area, ctx: HandlerContext): CourseCtx => ({
  services: ctx.services,
  reader: ctx.auth ? SCOPE_OF_AREA[area](ctx.auth) : null,
  requestId: ctx.request.id,
});

const wire = actionWiring(courseApi, ['app', 'bms', 'edms']);

const crudHandlers = [
  ...wire('course', 'create', (a, ctx) => courseStore.create(ctxOf(a, ctx), ctx.body)),
  ...wire('course', 'update', (a, ctx) => courseStore.update(ctxOf(a, ctx), ctx.body)),
  ...wire('course', 'delete', async (a, ctx) => {
    const { id } = ctx.body;
    await courseStore.remove(ctxOf(a, ctx), id);
    return { id };
  }),
  ...wire('course', 'queryById', (a, ctx) => courseStore.get(ctxOf(a, ctx), ctx.query.id)),
  ...wire('course', 'queryList', (a, ctx) => courseStore.list(ctxOf(a, ctx), ctx.body, ctx.query)),
  ...wire('course', 'querySimpleList', (a, ctx) =>
    courseStore.simpleList(ctxOf(a, ctx), ctx.body, ctx.query),
  ),
  ...wire('course', 'queryChapterList', (a, ctx) => readUnits(ctxOf(a, ctx), ctx.body.id)),
  ...wire('course', 'updateChapters', (a, ctx) =>
    replaceUnits(ctxOf(a, ctx), ctx.body.id, ctx.body.chapterIds),
  ),
];

/**
 * The course a class follows: whoever may read the class (a learner, a visitor of a public class)
 * or manage it (staff) reads it, even when the course is not open to everyone.
 */
async function courseOfGrade(area: Area, ctx: ContextOf<{ query: { gradeId: number } }>) {
  const c = ctxOf(area, ctx);
  const { gradeId } = ctx.query;
  const db = c.services.pool;
  const grade =
    c.reader === null || c.reader.kind === 'learner'
      ? await readGrade(db, c.reader, gradeId)
      : await managedGrade(db, c.reader, gradeId);
  const { rows } = await db.query<{ course_id: number | null }>(
    `SELECT g.course_id FROM grades g JOIN courses c ON c.id = g.course_id
      WHERE g.id = $1 AND c.status = 'active'`,
    [grade.id],
  );
  const courseId = rows[0]?.course_id ?? null;
  return courseId === null ? null : readCourse(c, courseId, { followedByClass: true });
}

/** Platform staff pass or reject an organization's course; a rejection keeps its reason. */
async function review(
  ctx: ContextOf<{ body: { id: number; reason?: string } }>,
  action: 'pass' | 'reject',
) {
  const c = ctxOf('bms', ctx);
  const { id, reason } = ctx.body;
  const row = await findCourse(c.services.pool, c.reader, id);
  if (row.organization_id === null) throw fail('CONFLICT', '平台课程无需审核');
  const auth = ctx.requireAuth();
  await withTransaction(c.services.pool, async (client) => {
    await transitionRow(client, courseLifecycle, COURSE_ROWS, {
      id,
      action,
      actor: { userId: auth.userId, memberId: auth.memberId },
      reason,
      requestId: ctx.request.id,
    });
    await client.query('UPDATE courses SET review_reason = $2 WHERE id = $1', [
      id,
      action === 'reject' ? (reason ?? null) : null,
    ]);
  });
  return readCourse(c, id);
}

const notes = (area: Area) => (ctx: ContextOf<{ query: { id: number } }>) =>
  courseStore.notes(ctxOf(area, ctx), ctx.query.id);

export const courseHandlers = [
  ...crudHandlers,
  ...(['pass', 'reject'] as const).map((action) =>
    handle(courseApi[`bms.course.${action}`], (ctx) => review(ctx, action)),
  ),
  handle(courseApi['course.queryNotesById'], notes('app')),
  handle(courseApi['oj.course.queryNotesById'], notes('oj')),
  handle(courseApi['bms.course.queryNotesById'], notes('bms')),
  handle(courseApi['edms.course.queryNotesById'], notes('edms')),
  handle(courseApi['course.queryByGrade'], (ctx) => courseOfGrade('app', ctx)),
  handle(courseApi['oj.course.queryByGrade'], (ctx) => courseOfGrade('oj', ctx)),
  handle(courseApi['bms.course.queryByGrade'], (ctx) => courseOfGrade('bms', ctx)),
  handle(courseApi['edms.course.queryByGrade'], (ctx) => courseOfGrade('edms', ctx)),
  handle(courseApi['oj.chapter.buy'], (ctx) =>
    buy(ctx.services, flowOf(ctx), ctx.requireAuth(), 'chapter', ctx.query.id),
  ),
  handle(courseApi['oj.question.buy'], (ctx) =>
    buy(ctx.services, flowOf(ctx), ctx.requireAuth(), 'question', ctx.query.id),
  ),
];
