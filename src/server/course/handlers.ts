/**
 * Course calls in every area (contract/course/calls.ts). The area decides the reader
 * (access/scope.ts SCOPE_OF_AREA; a visitor on the public reads), the store the rest.
 */
import { course as courseApi } from '../../contract/course/calls.ts';
import { actionsOf } from '../../contract/resource.ts';
import { courseLifecycle } from '../../machines/lifecycles/course.ts';
import { SCOPE_OF_AREA } from '../access/scope.ts';
import { readGrade, managedGrade } from '../grade/grades.ts';
import { fail } from '../http/app-error.ts';
import { handle, type HandlerContext, type HandlerEntry } from '../http/handler.ts';
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

const areaCalls = (area: Exclude<Area, 'oj'>) => actionsOf(courseApi, area, 'course');

function crud(area: Exclude<Area, 'oj'>): HandlerEntry[] {
  const calls = areaCalls(area) as Partial<
    Record<string, (typeof courseApi)[keyof typeof courseApi]>
  >;
  const entries: HandlerEntry[] = [];
  const on = (action: string, fn: (c: CourseCtx, ctx: HandlerContext) => Promise<unknown>) => {
    const call = calls[action];
    if (call)
      entries.push(handle(call, async (ctx) => fn(ctxOf(area, ctx), ctx as never) as never));
  };
  const body = <T>(ctx: HandlerContext) => ctx.body as T;
  const query = <T>(ctx: HandlerContext) => ctx.query as T;
  on('create', (c, ctx) => courseStore.create(c, body(ctx)));
  on('update', (c, ctx) => courseStore.update(c, body(ctx)));
  on('delete', async (c, ctx) => {
    const { id } = body<{ id: number }>(ctx);
    await courseStore.remove(c, id);
    return { id };
  });
  on('queryById', (c, ctx) => courseStore.get(c, query<{ id: number }>(ctx).id));
  on('queryList', (c, ctx) => courseStore.list(c, body(ctx), query(ctx)));
  on('querySimpleList', (c, ctx) => courseStore.simpleList(c, body(ctx), query(ctx)));
  on('queryChapterList', (c, ctx) => readUnits(c, body<{ id: number }>(ctx).id));
  on('updateChapters', (c, ctx) => {
    const b = body<{ id: number; chapterIds: number[] }>(ctx);
    return replaceUnits(c, b.id, b.chapterIds);
  });
  return entries;
}

/**
 * The course a class follows: whoever may read the class (a learner, a visitor of a public class)
 * or manage it (staff) reads it, even when the course is not open to everyone.
 */
async function courseOfGrade(area: Area, ctx: HandlerContext) {
  const c = ctxOf(area, ctx);
  const { gradeId } = ctx.query as { gradeId: number };
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
async function review(ctx: HandlerContext, action: 'pass' | 'reject') {
  const c = ctxOf('bms', ctx);
  const { id, reason } = ctx.body as { id: number; reason?: string };
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

const notes = (area: Area) => (ctx: HandlerContext) =>
  courseStore.notes(ctxOf(area, ctx), (ctx.query as { id: number }).id);

export const courseHandlers: HandlerEntry[] = [
  ...crud('app'),
  ...crud('bms'),
  ...crud('edms'),
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
