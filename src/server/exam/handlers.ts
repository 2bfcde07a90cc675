/**
 * The exam calls of every area (contract/exam/calls.ts) wired to this folder's stores and
 * flows. Each area's scope is access/scope.ts SCOPE_OF_AREA's: `bms` platform staff, `edms` the
 * teacher's organization, `oj` the learner, and the un-prefixed area by the caller's role.
 */
import { exam as calls } from "../../contract/exam/calls.ts";
import { actionsOf, type ResourceArea } from "../../contract/resource.ts";
import { examLifecycle } from "../../machines/lifecycles/exam.ts";
import { examPaperLifecycle } from "../../machines/lifecycles/exam-paper.ts";
import {
  hasReport,
  isAnswering,
  sittingLifecycle,
} from "../../machines/lifecycles/exam-paper-enroll.ts";
import { withTransaction } from "../db/pool.ts";
import { fail } from "../http/app-error.ts";
import {
  handle,
  type ContextOf,
  type HandlerContext,
  type HandlerEntry,
  type ResultOf,
} from "../http/handler.ts";
import { actionWiring, type ActionIds } from "../http/wire.ts";
import { transitionRow } from "../lifecycle/transition.ts";
import {
  debugAnswer,
  latestAnswer,
  listAnswers,
  listSignals,
  overrideScore,
  readAnswer,
  recordSignal,
  saveAnswer,
  sittingOfAnswer,
  staffCreateAnswer,
  voidAnswer,
} from "./answers.ts";
import { examEnrollHandlers } from "./enrollable.ts";
import {
  checkPublishable,
  createExam,
  deleteExam,
  EXAM_ROWS,
  listExams,
  type ExamListView,
  managedExam,
  readExam,
  updateExam,
  updateExamPapers,
  type ExamReader,
} from "./exams.ts";
import {
  authorizePaper,
  PAPER_ROWS,
  paperStore,
  readPaper,
  sittingQuestions,
} from "./papers.ts";
import {
  examStatistics,
  questionStatistics,
  readReport,
  scoresByMember,
} from "./reports.ts";
import { learnerScope, platformScope, SCOPE_OF_AREA } from "../access/scope.ts";
import {
  advanceSitting,
  completeSitting,
  latestSitting,
  listSittings,
  readSitting,
  readSittingRow,
  SAVE_GRACE_MS,
  SITTING_ROWS,
  staffSettle,
  startSitting,
} from "./sittings.ts";

type Area = ResourceArea;

type Ctx = HandlerContext;
const scopeIn = (area: Area, ctx: Ctx) =>
  SCOPE_OF_AREA[area](ctx.requireAuth());
const storeCtx = (area: Area, ctx: Ctx) => ({
  services: ctx.services,
  scope: scopeIn(area, ctx),
});
/** Who reads an exam on a public call: the caller's scope, or a visitor. */
const readerOf = (area: Area, ctx: Ctx): ExamReader =>
  ctx.auth ? SCOPE_OF_AREA[area](ctx.auth) : null;
const actor = (ctx: Ctx) => {
  const auth = ctx.requireAuth();
  return { userId: auth.userId, memberId: auth.memberId };
};

/** Registers `fn` for the area's action of a group when the contract has that call. */
const wire = actionWiring(calls);

// ——— examPaper ———

const paperHandlers: HandlerEntry[] = [
  ...wire("examPaper", "create", (a, ctx) =>
    paperStore.create(storeCtx(a, ctx), ctx.body, ctx.request.id),
  ),
  ...wire("examPaper", "update", (a, ctx) =>
    paperStore.update(storeCtx(a, ctx), ctx.body, ctx.request.id),
  ),
  ...wire("examPaper", "updateQuestions", (a, ctx) =>
    paperStore.updateQuestions(storeCtx(a, ctx), ctx.body, ctx.request.id),
  ),
  ...wire("examPaper", "delete", async (a, ctx) => {
    const { id } = ctx.body;
    await paperStore.remove(storeCtx(a, ctx), id);
    return { id };
  }),
  ...wire("examPaper", "queryById", async (a, ctx) => {
    const item = await paperStore.get(storeCtx(a, ctx), ctx.query.id);
    if (a !== "oj") return item;
    const { questions: _questions, ...summary } = item;
    return summary;
  }),
  ...wire("examPaper", "queryList", (a, ctx) =>
    paperStore.list(storeCtx(a, ctx), ctx.body, ctx.query),
  ),
  ...wire("examPaper", "querySimpleList", (a, ctx) =>
    paperStore.simpleList(storeCtx(a, ctx), ctx.body, ctx.query),
  ),
  ...wire(
    "examPaper",
    "queryQuestionList",
    async (a, ctx) => {
      const { examPaperId } = ctx.body;
      return paperStore.questions(storeCtx(a, ctx), examPaperId);
    },
    ["bms", "edms", "app"],
  ),
  ...wire(
    "examPaper",
    "queryQuestionListByExam",
    async (a, ctx) => {
      const { examId } = ctx.body;
      const found = await readExam(ctx.services.pool, scopeIn(a, ctx), examId);
      return Promise.all(
        found.papers.map((p) =>
          paperStore.questions(storeCtx(a, ctx), p.examPaperId),
        ),
      );
    },
    ["bms", "edms", "app"],
  ),
  // A learner reads a paper's questions only through their own sitting of it.
  ...wire(
    "examPaper",
    "queryQuestionList",
    async (a, ctx) => learnerPaperQuestions(ctx, ctx.body.examPaperId),
    ["oj"],
  ),
  ...wire(
    "examPaper",
    "queryQuestionListByExam",
    async (_a, ctx) => {
      const { examId } = ctx.body;
      const { rows } = await ctx.services.pool.query<{ exam_paper_id: number }>(
        `SELECT DISTINCT exam_paper_id FROM exam_paper_enrolls
          WHERE exam_id = $1 AND member_id = $2 AND deleted_at IS NULL ORDER BY exam_paper_id`,
        [examId, ctx.requireAuth().memberId],
      );
      return Promise.all(
        rows.map((r) => learnerPaperQuestions(ctx, r.exam_paper_id)),
      );
    },
    ["oj"],
  ),
  ...lifecycleWire(
    "examPaper",
    ["pass", "reject"],
    async (a, ctx, action, id, reason) => {
      await authorizePaper(storeCtx(a, ctx), id);
      await withTransaction(ctx.services.pool, async (client) => {
        await transitionRow(client, examPaperLifecycle, PAPER_ROWS, {
          id,
          action,
          actor: actor(ctx),
          reason,
          requestId: ctx.request.id,
        });
        await client.query(
          "UPDATE exam_papers SET review_reason = $2 WHERE id = $1",
          [id, action === "reject" ? reason : null],
        );
      });
      return paperStore.get(storeCtx(a, ctx), id);
    },
  ),
];

async function learnerPaperQuestions(ctx: Ctx, examPaperId: number) {
  const { rows } = await ctx.services.pool.query<{
    state: Parameters<typeof isAnswering>[0];
  }>(
    `SELECT state FROM exam_paper_enrolls WHERE exam_paper_id = $1 AND member_id = $2
        AND deleted_at IS NULL ORDER BY id DESC LIMIT 1`,
    [examPaperId, ctx.requireAuth().memberId],
  );
  const state = rows[0]?.state;
  if (!state || !(isAnswering(state) || hasReport(state))) {
    throw fail("NOT_FOUND", `试卷 ${examPaperId} 不存在或不在作答中`);
  }
  const paper = await readPaper(
    ctx.services.pool,
    learnerScope(ctx.requireAuth()),
    examPaperId,
  );
  return {
    examPaperId,
    name: paper.name,
    totalScore: paper.total_score,
    questions: await sittingQuestions(ctx.services.pool, examPaperId),
  };
}

/** Lifecycle calls `{id, reason?}` of a group, by action. */
type LifecycleVerb = "publish" | "unpublish" | "stop" | "pass" | "reject";
type LifecycleAnswer = ResultOf<
  (typeof calls)[ActionIds<
    typeof calls,
    "examPaper" | "exam",
    LifecycleVerb,
    Area
  >]
>;
function lifecycleWire<A extends LifecycleVerb>(
  group: "examPaper" | "exam",
  actions: readonly A[],
  fn: (
    area: Area,
    ctx: Ctx,
    action: A,
    id: number,
    reason?: string,
  ) => Promise<LifecycleAnswer>,
): HandlerEntry[] {
  return actions.flatMap((action) => {
    const verb: LifecycleVerb = action;
    return wire(
      group,
      verb,
      (area, ctx: ContextOf<{ body: { id: number; reason?: string } }>) => {
        const { id, reason } = ctx.body;
        return fn(area, ctx, action, id, reason);
      },
    );
  });
}

// ——— exam ———

/**
 * A teacher's back-office list (edms) is their organization's exams and, read-only, those open
 * to them; the shared and learner areas list what is open unless `manage` asks otherwise.
 */
const listView = (area: Area, filter: { manage?: boolean }): ExamListView =>
  filter.manage === true ? "managed" : area === "edms" ? "staff" : "open";

const examHandlers: HandlerEntry[] = [
  ...wire("exam", "create", (a, ctx) =>
    createExam(storeCtx(a, ctx), ctx.body, ctx.request.id),
  ),
  ...wire("exam", "update", (a, ctx) =>
    updateExam(storeCtx(a, ctx), ctx.body, ctx.request.id),
  ),
  ...wire("exam", "delete", async (a, ctx) => {
    const { id } = ctx.body;
    await deleteExam(storeCtx(a, ctx), id);
    return { id };
  }),
  ...wire("exam", "queryById", (a, ctx) =>
    readExam(ctx.services.pool, readerOf(a, ctx), ctx.query.id),
  ),
  ...wire("exam", "queryList", (a, ctx) =>
    listExams(
      ctx.services.pool,
      readerOf(a, ctx),
      ctx.body,
      ctx.query,
      listView(a, ctx.body),
    ),
  ),
  ...wire("exam", "querySimpleList", async (a, ctx) => {
    // A simple item carries no `manageable`: a teacher's picks only what they manage.
    const filter = ctx.body;
    const view = a === "edms" || filter.manage === true ? "managed" : "open";
    const page = await listExams(
      ctx.services.pool,
      readerOf(a, ctx),
      ctx.body,
      ctx.query,
      view,
    );
    return {
      ...page,
      content: page.content.map(
        ({ id, name, state, startAt, endAt, priceFen }) => ({
          id,
          name,
          state,
          startAt,
          endAt,
          priceFen,
        }),
      ),
    };
  }),
  ...wire("exam", "queryExamPaperListByExam", async (a, ctx) => {
    const found = await readExam(
      ctx.services.pool,
      readerOf(a, ctx),
      ctx.body.examId,
    );
    return found.papers;
  }),
  ...wire("exam", "queryNotesById", async (a, ctx) => {
    const id = ctx.query.id;
    await readExam(ctx.services.pool, readerOf(a, ctx), id);
    const { rows } = await ctx.services.pool.query<{
      name: string;
      notes: string;
    }>("SELECT name, notes FROM exams WHERE id = $1", [id]);
    return { id, name: rows[0]!.name, notes: rows[0]!.notes };
  }),
  ...wire("exam", "queryStatistics", (a, ctx) =>
    examStatistics(ctx.services.pool, scopeIn(a, ctx), ctx.query.id),
  ),
  ...wire("exam", "updateExamPapersByExam", (a, ctx) =>
    updateExamPapers(storeCtx(a, ctx), ctx.body),
  ),
  ...wire("exam", "publishResults", async (a, ctx) => {
    const { id } = ctx.body;
    await managedExam(storeCtx(a, ctx), id);
    const who = actor(ctx);
    await withTransaction(ctx.services.pool, async (client) => {
      await client.query(
        "UPDATE exams SET results_published_at = coalesce(results_published_at, now()) WHERE id = $1",
        [id],
      );
      const settled = await client.query<{ id: number }>(
        `SELECT id FROM exam_paper_enrolls WHERE exam_id = $1 AND state = 'settled'
            AND deleted_at IS NULL FOR UPDATE`,
        [id],
      );
      for (const s of settled.rows) {
        await transitionRow(client, sittingLifecycle, SITTING_ROWS, {
          id: s.id,
          action: "publishResults",
          actor: who,
          requestId: ctx.request.id,
        });
      }
    });
    return readExam(ctx.services.pool, scopeIn(a, ctx), id);
  }),
  ...lifecycleWire(
    "exam",
    ["publish", "unpublish", "stop", "pass", "reject"],
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
        if (action === "publish") await checkPublishable(client, id);
        if (action === "pass" || action === "reject") {
          await client.query(
            "UPDATE exams SET review_reason = $2 WHERE id = $1",
            [id, action === "reject" ? reason : null],
          );
        }
        // Stopping ends the exam now: open papers are handed in by the clock at once.
        if (action === "stop") {
          await client.query(
            `UPDATE exam_paper_enrolls
                SET deadline = least(deadline, now() - interval '${SAVE_GRACE_MS} milliseconds')
              WHERE exam_id = $1 AND state = 'inProgress' AND deleted_at IS NULL`,
            [id],
          );
        }
      });
      return readExam(ctx.services.pool, scoped.scope, id);
    },
  ),
];

// ——— examPaperEnroll (sittings) ———

const bmsSitting = actionsOf(calls, "bms", "examPaperEnroll");

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

const sittingHandlers: HandlerEntry[] = [
  ...wire("examPaperEnroll", "start", async (_a, ctx) => {
    const auth = ctx.requireAuth();
    const id = await startAndRead(ctx, auth.memberId, ctx.body);
    return readSitting(ctx.services.pool, learnerScope(auth), id);
  }),
  ...wire("examPaperEnroll", "complete", async (_a, ctx) => {
    const auth = ctx.requireAuth();
    const { id } = ctx.body;
    const scope = learnerScope(auth);
    await readSittingRow(ctx.services.pool, scope, id);
    await completeSitting(
      ctx.services.pool,
      id,
      "member",
      actor(ctx),
      ctx.request.id,
    );
    const answer = await readSitting(ctx.services.pool, scope, id);
    // Judging starts after the answer (a whole class hands in within the same seconds); should
    // it fail, the clock picks the paper up on its next tick.
    void advanceSitting(
      ctx.services.pool,
      id,
      actor(ctx),
      ctx.request.id,
    ).catch((err: Error) =>
      ctx.services.logger.warn(
        { err: err.message, sitting: id },
        "交卷后评测未能开始，由考试时钟接手",
      ),
    );
    return answer;
  }),
  ...wire("examPaperEnroll", "queryById", (a, ctx) =>
    readSitting(ctx.services.pool, scopeIn(a, ctx), ctx.query.id),
  ),
  ...wire("examPaperEnroll", "queryLatest", (a, ctx) => {
    const q = ctx.query;
    return latestSitting(
      ctx.services.pool,
      scopeIn(a, ctx),
      q.examId,
      q.examPaperId,
    );
  }),
  ...(["queryList", "querySimpleList", "queryListByTeacher"] as const).flatMap(
    (action) =>
      wire("examPaperEnroll", action, (a, ctx) =>
        listSittings(ctx.services.pool, scopeIn(a, ctx), ctx.body, ctx.query),
      ),
  ),
  ...wire("examPaperEnroll", "settle", async (a, ctx) => {
    const b = ctx.body;
    const scope = scopeIn(a, ctx);
    if (scope.kind === "learner") throw fail("FORBIDDEN", "学员不能结算答卷");
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
      outcome[
        await staffSettle(
          ctx.services.pool,
          id,
          b.rejudge,
          actor(ctx),
          ctx.request.id,
        )
      ]++;
    }
    return outcome;
  }),
  ...wire("examPaperEnroll", "signal", (_a, ctx) =>
    recordSignal(ctx.services.pool, ctx.requireAuth().memberId, ctx.body),
  ),
  ...wire("examPaperEnroll", "querySignals", (a, ctx) =>
    listSignals(ctx.services.pool, scopeIn(a, ctx), ctx.query.id),
  ),
  ...wire("examPaperEnroll", "report", (a, ctx) =>
    readReport(ctx.services.pool, scopeIn(a, ctx), ctx.query.id),
  ),
  handle(bmsSitting.create, async (ctx) => {
    const id = await startAndRead(ctx, ctx.body.memberId, ctx.body);
    return readSitting(ctx.services.pool, platformScope(ctx.requireAuth()), id);
  }),
  handle(bmsSitting.update, async (ctx) => {
    const scope = platformScope(ctx.requireAuth());
    const row = await readSittingRow(ctx.services.pool, scope, ctx.body.id);
    if (!isAnswering(row.state))
      throw fail("CONFLICT", "只能为作答中的答卷补时");
    const deadline = new Date(ctx.body.deadline);
    if (deadline <= row.deadline) {
      throw fail("VALIDATION", "新的截止时间须晚于原截止时间", {
        fields: [
          { field: "body.deadline", message: "新的截止时间须晚于原截止时间" },
        ],
      });
    }
    await ctx.services.pool.query(
      `UPDATE exam_paper_enrolls SET deadline = $2, updated_at = now()
        WHERE id = $1 AND state = 'inProgress'`,
      [row.id, deadline],
    );
    return readSitting(ctx.services.pool, scope, row.id);
  }),
  handle(bmsSitting.delete, async (ctx) => {
    const scope = platformScope(ctx.requireAuth());
    const row = await readSittingRow(ctx.services.pool, scope, ctx.body.id);
    await ctx.services.pool.query(
      "UPDATE exam_paper_enrolls SET deleted_at = now(), updated_at = now() WHERE id = $1",
      [row.id],
    );
    return { id: row.id };
  }),
];

// ——— examMemberQuestion (answers) ———

const bmsAnswer = actionsOf(calls, "bms", "examMemberQuestion");

/** After staff change an answer, the sitting settles again (if it had settled). */
async function resettle(ctx: Ctx, sittingId: number) {
  await staffSettle(
    ctx.services.pool,
    sittingId,
    false,
    actor(ctx),
    ctx.request.id,
  );
}

const answerHandlers: HandlerEntry[] = [
  ...wire("examMemberQuestion", "save", (_a, ctx) =>
    saveAnswer(
      ctx.services.pool,
      ctx.requireAuth().memberId,
      ctx.body,
      ctx.request.ip,
    ),
  ),
  ...wire("examMemberQuestion", "debug", (_a, ctx) =>
    debugAnswer(ctx.services.pool, ctx.requireAuth().memberId, ctx.body),
  ),
  ...wire("examMemberQuestion", "queryById", (a, ctx) =>
    readAnswer(ctx.services.pool, scopeIn(a, ctx), ctx.query.id),
  ),
  ...wire("examMemberQuestion", "queryLatest", (a, ctx) => {
    const q = ctx.query;
    return latestAnswer(
      ctx.services.pool,
      scopeIn(a, ctx),
      q.examPaperEnrollId,
      q.questionId,
    );
  }),
  ...(
    [
      "queryList",
      "querySimpleList",
      "queryListByExamPaperEnroll",
      "queryListByTeacher",
    ] as const
  ).flatMap((action) =>
    wire("examMemberQuestion", action, (a, ctx) =>
      listAnswers(ctx.services.pool, scopeIn(a, ctx), ctx.body, ctx.query),
    ),
  ),
  ...wire("examMemberQuestion", "queryLatestList", (a, ctx) =>
    listAnswers(ctx.services.pool, scopeIn(a, ctx), ctx.body, ctx.query, true),
  ),
  ...wire("examMemberQuestion", "queryStatisticsGroupByMember", (a, ctx) => {
    const b = ctx.body;
    return scoresByMember(
      ctx.services.pool,
      scopeIn(a, ctx),
      b.examId,
      b.examPaperId,
    );
  }),
  ...wire(
    "examMemberQuestion",
    "queryQuestionStatisticsByExamPaper",
    (a, ctx) => {
      const b = ctx.body;
      return questionStatistics(
        ctx.services.pool,
        scopeIn(a, ctx),
        b.examPaperId,
        b.examId,
      );
    },
  ),
  handle(bmsAnswer.create, async (ctx) => {
    const scope = platformScope(ctx.requireAuth());
    const id = await staffCreateAnswer(ctx.services.pool, scope, ctx.body);
    await resettle(ctx, ctx.body.examPaperEnrollId);
    return readAnswer(ctx.services.pool, scope, id);
  }),
  handle(bmsAnswer.update, async (ctx) => {
    const scope = platformScope(ctx.requireAuth());
    const sittingId = await sittingOfAnswer(
      ctx.services.pool,
      scope,
      ctx.body.id,
    );
    await overrideScore(
      ctx.services.pool,
      ctx.body.id,
      ctx.body.overrideScore,
      ctx.body.reason,
    );
    await resettle(ctx, sittingId);
    return readAnswer(ctx.services.pool, scope, ctx.body.id);
  }),
  handle(bmsAnswer.delete, async (ctx) => {
    const scope = platformScope(ctx.requireAuth());
    const sittingId = await sittingOfAnswer(
      ctx.services.pool,
      scope,
      ctx.body.id,
    );
    await voidAnswer(ctx.services.pool, ctx.body.id, ctx.body.reason);
    await resettle(ctx, sittingId);
    return { id: ctx.body.id };
  }),
];

export const examHandlersAll: readonly HandlerEntry[] = [
  ...paperHandlers,
  ...examHandlers,
  ...examEnrollHandlers,
  ...sittingHandlers,
  ...answerHandlers,
];
