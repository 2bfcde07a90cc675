/**
 * The exam calls of every area (contract/exam/calls.ts) wired to ./exams.ts: staff write,
 * review, publish and stop exams and publish their results; everyone reads what is open to them.
 */
import { examLifecycle } from '../../machines/lifecycles/exam.ts';
import { withTransaction } from '../db/pool.ts';
import { transitionRow } from '../lifecycle/transition.ts';
import {
  checkPublishable,
  createExam,
  deleteExam,
  EXAM_ROWS,
  examNotes,
  listExams,
  managedExam,
  readExam,
  setExamReviewReason,
  updateExam,
  updateExamPapers,
  type ExamListView,
} from './exams.ts';
import { examStatistics } from './reports.ts';
import { closeOpenSittings, publishResults } from './sittings.ts';
import { actor, lifecycleWire, readerOf, scopeIn, storeCtx, wire, type Area } from './wiring.ts';

/**
 * A teacher's back-office list (edms) is their organization's exams and, read-only, those open
 * to them; the shared and learner areas list what is open unless `manage` asks otherwise.
 */
const listView = (area: Area, filter: { manage?: boolean }): ExamListView =>
  filter.manage === true ? 'managed' : area === 'edms' ? 'staff' : 'open';

export const examsHandlers = [
  ...wire('exam', 'create', (a, ctx) => createExam(storeCtx(a, ctx), ctx.body, ctx.request.id)),
  ...wire('exam', 'update', (a, ctx) => updateExam(storeCtx(a, ctx), ctx.body, ctx.request.id)),
  ...wire('exam', 'delete', async (a, ctx) => {
    const { id } = ctx.body;
    await deleteExam(storeCtx(a, ctx), id);
    return { id };
  }),
  ...wire('exam', 'queryById', (a, ctx) =>
    readExam(ctx.services.pool, readerOf(a, ctx), ctx.query.id),
  ),
  ...wire('exam', 'queryList', (a, ctx) =>
    listExams(ctx.services.pool, readerOf(a, ctx), ctx.body, ctx.query, listView(a, ctx.body)),
  ),
  ...wire('exam', 'querySimpleList', async (a, ctx) => {
    // A simple item carries no `manageable`: a teacher's picks only what they manage.
    const filter = ctx.body;
    const view = a === 'edms' || filter.manage === true ? 'managed' : 'open';
    const page = await listExams(ctx.services.pool, readerOf(a, ctx), ctx.body, ctx.query, view);
    return {
      ...page,
      content: page.content.map(({ id, name, state, startAt, endAt, priceFen }) => ({
        id,
        name,
        state,
        startAt,
        endAt,
        priceFen,
      })),
    };
  }),
  ...wire('exam', 'queryExamPaperListByExam', async (a, ctx) => {
    const found = await readExam(ctx.services.pool, readerOf(a, ctx), ctx.body.examId);
    return found.papers;
  }),
  ...wire('exam', 'queryNotesById', async (a, ctx) => {
    const id = ctx.query.id;
    await readExam(ctx.services.pool, readerOf(a, ctx), id);
    return examNotes(ctx.services.pool, id);
  }),
  ...wire('exam', 'queryStatistics', (a, ctx) =>
    examStatistics(ctx.services.pool, scopeIn(a, ctx), ctx.query.id),
  ),
  ...wire('exam', 'updateExamPapersByExam', (a, ctx) =>
    updateExamPapers(storeCtx(a, ctx), ctx.body),
  ),
  ...wire('exam', 'publishResults', async (a, ctx) => {
    const { id } = ctx.body;
    await managedExam(storeCtx(a, ctx), id);
    await publishResults(ctx.services.pool, id, actor(ctx), ctx.request.id);
    return readExam(ctx.services.pool, scopeIn(a, ctx), id);
  }),
  ...lifecycleWire(
    'exam',
    ['publish', 'unpublish', 'stop', 'pass', 'reject'],
    async (a, ctx, action, id, reason) => {
      const scoped = storeCtx(a, ctx);
      await managedExam(scoped, id);
      await withTransaction(ctx.services.pool, async (client) => {
        await transitionRow(client, examLifecycle, EXAM_ROWS, {
          id,
          action,
          actor: actor(ctx),
          reason,
          requestId: ctx.request.id,
        });
        // Allowed by the machine; the papers must be ready too (refused: the move is undone).
        if (action === 'publish') await checkPublishable(client, id);
        if (action === 'pass' || action === 'reject') {
          await setExamReviewReason(client, id, action === 'reject' ? (reason ?? null) : null);
        }
        if (action === 'stop') await closeOpenSittings(client, id);
      });
      return readExam(ctx.services.pool, scoped.scope, id);
    },
  ),
];
