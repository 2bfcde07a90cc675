/**
 * The examMemberQuestion calls (answers) of every area (contract/exam/calls.ts) wired to
 * ./answers.ts: a learner's autosave and runs; staff read answers and their statistics and
 * change them, after which the sitting settles again.
 */
import { actionsOf } from '../../contract/resource.ts';
import { platformScope } from '../access/scope.ts';
import { handle } from '../http/handler.ts';
import {
  debugAnswer,
  latestAnswer,
  listAnswers,
  overrideScore,
  readAnswer,
  saveAnswer,
  sittingOfAnswer,
  staffCreateAnswer,
  voidAnswer,
} from './answers.ts';
import { questionStatistics, scoresByMember } from './reports.ts';
import { staffSettle } from './sittings.ts';
import { actor, calls, scopeIn, wire, type Ctx } from './wiring.ts';

const bmsAnswer = actionsOf(calls, 'bms', 'examMemberQuestion');

/** After staff change an answer, the sitting settles again (if it had settled). */
async function resettle(ctx: Ctx, sittingId: number) {
  await staffSettle(ctx.services.pool, sittingId, false, actor(ctx), ctx.request.id);
}

export const answerHandlers = [
  ...wire('examMemberQuestion', 'save', (_a, ctx) =>
    saveAnswer(ctx.services.pool, ctx.requireAuth().memberId, ctx.body, ctx.request.ip),
  ),
  ...wire('examMemberQuestion', 'debug', (_a, ctx) =>
    debugAnswer(ctx.services.pool, ctx.requireAuth().memberId, ctx.body),
  ),
  ...wire('examMemberQuestion', 'queryById', (a, ctx) =>
    readAnswer(ctx.services.pool, scopeIn(a, ctx), ctx.query.id),
  ),
  ...wire('examMemberQuestion', 'queryLatest', (a, ctx) => {
    const q = ctx.query;
    return latestAnswer(ctx.services.pool, scopeIn(a, ctx), q.examPaperEnrollId, q.questionId);
  }),
  ...(
    ['queryList', 'querySimpleList', 'queryListByExamPaperEnroll', 'queryListByTeacher'] as const
  ).flatMap((action) =>
    wire('examMemberQuestion', action, (a, ctx) =>
      listAnswers(ctx.services.pool, scopeIn(a, ctx), ctx.body, ctx.query),
    ),
  ),
  ...wire('examMemberQuestion', 'queryLatestList', (a, ctx) =>
    listAnswers(ctx.services.pool, scopeIn(a, ctx), ctx.body, ctx.query, true),
  ),
  ...wire('examMemberQuestion', 'queryStatisticsGroupByMember', (a, ctx) => {
    const b = ctx.body;
    return scoresByMember(ctx.services.pool, scopeIn(a, ctx), b.examId, b.examPaperId);
  }),
  ...wire('examMemberQuestion', 'queryQuestionStatisticsByExamPaper', (a, ctx) => {
    const b = ctx.body;
    return questionStatistics(ctx.services.pool, scopeIn(a, ctx), b.examPaperId, b.examId);
  }),
  handle(bmsAnswer.create, async (ctx) => {
    const scope = platformScope(ctx.requireAuth());
    const id = await staffCreateAnswer(ctx.services.pool, scope, ctx.body);
    await resettle(ctx, ctx.body.examPaperEnrollId);
    return readAnswer(ctx.services.pool, scope, id);
  }),
  handle(bmsAnswer.update, async (ctx) => {
    const scope = platformScope(ctx.requireAuth());
    const sittingId = await sittingOfAnswer(ctx.services.pool, scope, ctx.body.id);
    await overrideScore(ctx.services.pool, ctx.body.id, ctx.body.overrideScore, ctx.body.reason);
    await resettle(ctx, sittingId);
    return readAnswer(ctx.services.pool, scope, ctx.body.id);
  }),
  handle(bmsAnswer.delete, async (ctx) => {
    const scope = platformScope(ctx.requireAuth());
    const sittingId = await sittingOfAnswer(ctx.services.pool, scope, ctx.body.id);
    await voidAnswer(ctx.services.pool, ctx.body.id, ctx.body.reason);
    await resettle(ctx, sittingId);
    return { id: ctx.body.id };
  }),
];
