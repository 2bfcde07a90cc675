/**
 * The examPaper calls of every area (contract/exam/calls.ts) wired to ./papers.ts: staff write
 * and review papers; a learner reads a paper's questions only through their own sitting of it.
 */
import { hasReport, isAnswering } from '../../machines/lifecycles/exam-paper-enroll.ts';
import { examPaperLifecycle } from '../../machines/lifecycles/exam-paper.ts';
import { learnerScope } from '../access/scope.ts';
import { withTransaction } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { transitionRow } from '../lifecycle/transition.ts';
import { readExam } from './exams.ts';
import {
  authorizePaper,
  PAPER_ROWS,
  paperStore,
  readPaper,
  setPaperReviewReason,
  sittingQuestions,
} from './papers.ts';
import { latestSittingState, sittingPaperIds } from './sittings.ts';
import { actor, lifecycleWire, scopeIn, storeCtx, wire, type Ctx } from './wiring.ts';

export const paperHandlers = [
  ...wire('examPaper', 'create', (a, ctx) =>
    paperStore.create(storeCtx(a, ctx), ctx.body, ctx.request.id),
  ),
  ...wire('examPaper', 'update', (a, ctx) =>
    paperStore.update(storeCtx(a, ctx), ctx.body, ctx.request.id),
  ),
  ...wire('examPaper', 'updateQuestions', (a, ctx) =>
    paperStore.updateQuestions(storeCtx(a, ctx), ctx.body, ctx.request.id),
  ),
  ...wire('examPaper', 'delete', async (a, ctx) => {
    const { id } = ctx.body;
    await paperStore.remove(storeCtx(a, ctx), id);
    return { id };
  }),
  ...wire('examPaper', 'queryById', async (a, ctx) => {
    const item = await paperStore.get(storeCtx(a, ctx), ctx.query.id);
    if (a !== 'oj') return item;
    const { questions: _questions, ...summary } = item;
    return summary;
  }),
  ...wire('examPaper', 'queryList', (a, ctx) =>
    paperStore.list(storeCtx(a, ctx), ctx.body, ctx.query),
  ),
  ...wire('examPaper', 'querySimpleList', (a, ctx) =>
    paperStore.simpleList(storeCtx(a, ctx), ctx.body, ctx.query),
  ),
  ...wire(
    'examPaper',
    'queryQuestionList',
    async (a, ctx) => {
      const { examPaperId } = ctx.body;
      return paperStore.questions(storeCtx(a, ctx), examPaperId);
    },
    ['bms', 'edms', 'app'],
  ),
  ...wire(
    'examPaper',
    'queryQuestionListByExam',
    async (a, ctx) => {
      const { examId } = ctx.body;
      const found = await readExam(ctx.services.pool, scopeIn(a, ctx), examId);
      return Promise.all(
        found.papers.map((p) => paperStore.questions(storeCtx(a, ctx), p.examPaperId)),
      );
    },
    ['bms', 'edms', 'app'],
  ),
  // A learner reads a paper's questions only through their own sitting of it.
  ...wire(
    'examPaper',
    'queryQuestionList',
    async (a, ctx) => learnerPaperQuestions(ctx, ctx.body.examPaperId),
    ['oj'],
  ),
  ...wire(
    'examPaper',
    'queryQuestionListByExam',
    async (_a, ctx) => {
      const { examId } = ctx.body;
      const ids = await sittingPaperIds(ctx.services.pool, examId, ctx.requireAuth().memberId);
      return Promise.all(ids.map((id) => learnerPaperQuestions(ctx, id)));
    },
    ['oj'],
  ),
  ...lifecycleWire('examPaper', ['pass', 'reject'], async (a, ctx, action, id, reason) => {
    await authorizePaper(storeCtx(a, ctx), id);
    await withTransaction(ctx.services.pool, async (client) => {
      await transitionRow(client, examPaperLifecycle, PAPER_ROWS, {
        id,
        action,
        actor: actor(ctx),
        reason,
        requestId: ctx.request.id,
      });
      await setPaperReviewReason(client, id, action === 'reject' ? (reason ?? null) : null);
    });
    return paperStore.get(storeCtx(a, ctx), id);
  }),
];

async function learnerPaperQuestions(ctx: Ctx, examPaperId: number) {
  const state = await latestSittingState(
    ctx.services.pool,
    examPaperId,
    ctx.requireAuth().memberId,
  );
  if (!state || !(isAnswering(state) || hasReport(state))) {
    throw fail('NOT_FOUND', `试卷 ${examPaperId} 不存在或不在作答中`);
  }
  const paper = await readPaper(ctx.services.pool, learnerScope(ctx.requireAuth()), examPaperId);
  return {
    examPaperId,
    name: paper.name,
    totalScore: paper.total_score,
    questions: await sittingQuestions(ctx.services.pool, examPaperId),
  };
}
