/**
 * The examPaperEnroll calls (sittings) of every area (contract/exam/calls.ts) wired to
 * ./sittings.ts: a learner starts and hands in a paper; staff read, settle, extend and delete
 * sittings; the integrity signals and the report.
 */
import { actionsOf } from '../../contract/resource.ts';
import { isAnswering } from '../../machines/lifecycles/exam-paper-enroll.ts';
import { learnerScope, platformScope } from '../access/scope.ts';
import { fail } from '../http/app-error.ts';
import { handle } from '../http/handler.ts';
import { listSignals, recordSignal } from './answers.ts';
import { readReport } from './reports.ts';
import {
  advanceSitting,
  completeSitting,
  deleteSitting,
  extendDeadline,
  latestSitting,
  listSittings,
  readSitting,
  readSittingRow,
  staffSettle,
  startSitting,
} from './sittings.ts';
import { actor, calls, scopeIn, wire, type Ctx } from './wiring.ts';

const bmsSitting = actionsOf(calls, 'bms', 'examPaperEnroll');

async function startAndRead(
  ctx: Ctx,
  memberId: number,
  input: { examId: number; examPaperId: number },
) {
  const id = await startSitting(
    ctx.services.pool,
    { ...input, memberId },
    actor(ctx),
    ctx.request.id,
    ctx.request.ip,
  );
  return id;
}

export const sittingHandlers = [
  ...wire('examPaperEnroll', 'start', async (_a, ctx) => {
    const auth = ctx.requireAuth();
    const id = await startAndRead(ctx, auth.memberId, ctx.body);
    return readSitting(ctx.services.pool, learnerScope(auth), id);
  }),
  ...wire('examPaperEnroll', 'complete', async (_a, ctx) => {
    const auth = ctx.requireAuth();
    const { id } = ctx.body;
    const scope = learnerScope(auth);
    await readSittingRow(ctx.services.pool, scope, id);
    await completeSitting(ctx.services.pool, id, 'member', actor(ctx), ctx.request.id);
    const answer = await readSitting(ctx.services.pool, scope, id);
    // Judging starts after the answer (a whole class hands in within the same seconds); should
    // it fail, the clock picks the paper up on its next tick.
    void advanceSitting(ctx.services.pool, id, actor(ctx), ctx.request.id).catch((err: Error) =>
      ctx.services.logger.warn(
        { err: err.message, sitting: id },
        '交卷后评测未能开始，由考试时钟接手',
      ),
    );
    return answer;
  }),
  ...wire('examPaperEnroll', 'queryById', (a, ctx) =>
    readSitting(ctx.services.pool, scopeIn(a, ctx), ctx.query.id),
  ),
  ...wire('examPaperEnroll', 'queryLatest', (a, ctx) => {
    const q = ctx.query;
    return latestSitting(ctx.services.pool, scopeIn(a, ctx), q.examId, q.examPaperId);
  }),
  ...(['queryList', 'querySimpleList', 'queryListByTeacher'] as const).flatMap((action) =>
    wire('examPaperEnroll', action, (a, ctx) =>
      listSittings(ctx.services.pool, scopeIn(a, ctx), ctx.body, ctx.query),
    ),
  ),
  ...wire('examPaperEnroll', 'settle', async (a, ctx) => {
    const b = ctx.body;
    const scope = scopeIn(a, ctx);
    if (scope.kind === 'learner') throw fail('FORBIDDEN', '学员不能结算答卷');
    const ids = b.id
      ? [(await readSittingRow(ctx.services.pool, scope, b.id)).id]
      : (
          await listSittings(
            ctx.services.pool,
            scope,
            { examId: b.examId },
            { page: 0, size: 100_000 },
          )
        ).content.map((s) => s.id);
    const outcome = { settled: 0, judging: 0, skipped: 0 };
    for (const id of ids) {
      outcome[await staffSettle(ctx.services.pool, id, b.rejudge, actor(ctx), ctx.request.id)]++;
    }
    return outcome;
  }),
  ...wire('examPaperEnroll', 'signal', (_a, ctx) =>
    recordSignal(ctx.services.pool, ctx.requireAuth().memberId, ctx.body),
  ),
  ...wire('examPaperEnroll', 'querySignals', (a, ctx) =>
    listSignals(ctx.services.pool, scopeIn(a, ctx), ctx.query.id),
  ),
  ...wire('examPaperEnroll', 'report', (a, ctx) =>
    readReport(ctx.services.pool, scopeIn(a, ctx), ctx.query.id),
  ),
  handle(bmsSitting.create, async (ctx) => {
    const id = await startAndRead(ctx, ctx.body.memberId, ctx.body);
    return readSitting(ctx.services.pool, platformScope(ctx.requireAuth()), id);
  }),
  handle(bmsSitting.update, async (ctx) => {
    const scope = platformScope(ctx.requireAuth());
    const row = await readSittingRow(ctx.services.pool, scope, ctx.body.id);
    if (!isAnswering(row.state)) throw fail('CONFLICT', '只能为作答中的答卷补时');
    const deadline = new Date(ctx.body.deadline);
    if (deadline <= row.deadline) {
      throw fail('VALIDATION', '新的截止时间须晚于原截止时间', {
        fields: [{ field: 'body.deadline', message: '新的截止时间须晚于原截止时间' }],
      });
    }
    await extendDeadline(ctx.services.pool, row.id, deadline);
    return readSitting(ctx.services.pool, scope, row.id);
  }),
  handle(bmsSitting.delete, async (ctx) => {
    const scope = platformScope(ctx.requireAuth());
    const row = await readSittingRow(ctx.services.pool, scope, ctx.body.id);
    await deleteSitting(ctx.services.pool, row.id);
    return { id: row.id };
  }),
];
