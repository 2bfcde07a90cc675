/**
 * The homework calls of every area (contract/homework/calls.ts) wired to this folder's stores.
 * Scopes come from access/scope.ts: `bms` platform staff, `edms` the organization's staff (a
 * teacher their classes' homework), `oj` the learner.
 */
import { homework as calls } from '../../contract/homework/calls.ts';
import { homeworkLifecycle } from '../../machines/lifecycles/homework.ts';
import { SCOPE_OF_AREA, type Scope } from '../access/scope.ts';
import { membersById } from '../enrollment/candidates.ts';
import { fail } from '../http/app-error.ts';
import { type HandlerContext, type ContextOf } from '../http/handler.ts';
import { idWiring, type IdsTaking } from '../http/wire.ts';
import type { PageQuery } from '../../contract/paging.ts';
import { applyTransition } from '../lifecycle/transition.ts';
import { answerQuestion } from '../member-question/grading.ts';
import { queueAnswer } from '../member-question/queue.ts';
import { toSummary } from '../member-question/answers.ts';
import { detailOf, flowOf } from '../orders/handlers.ts';
import { allOrders, toOrderSimple } from '../orders/rows.ts';
import {
  gradingOverview,
  latestAnswer,
  linkSubmission,
  listAnswers,
  readAnswer,
  saveDraft,
  staffScore,
  voidAnswer,
} from './answers.ts';
import { assignToRoster, homeworkEnrollable } from './enrollable.ts';
import {
  latestEnrollment,
  listEnrollments,
  readEnrollment,
  type HomeworkEnrollFilter,
} from './enrollments.ts';
import {
  createHomework,
  deleteHomework,
  HOMEWORK_ROWS,
  homeworkQuestions,
  listHomework,
  managedHomework,
  readHomework,
  updateHomework,
  updateHomeworkQuestions,
} from './homeworks.ts';
import { settleHomework } from './settle.ts';
import { listSubmissions } from './submissions.ts';

type Ctx = HandlerContext;
type Area = keyof typeof SCOPE_OF_AREA;
const scopeOf = (area: Area, ctx: Ctx) => SCOPE_OF_AREA[area](ctx.requireAuth());
const idOf = (ctx: ContextOf<{ query: { id: number } }>) => ctx.query.id;
const actorOf = (ctx: Ctx) => {
  const auth = ctx.requireAuth();
  return { userId: auth.userId, memberId: auth.memberId };
};

const wire = idWiring(calls);
type IdReason = { body: { id: number; reason?: string } };

// ——— homework ———

/** A lifecycle move; publishing also assigns the homework to its roster. */
const lifecycleWire = (
  ids: IdsTaking<typeof calls, IdReason>[],
  action: 'pass' | 'reject' | 'publish' | 'unpublish',
) =>
  wire(ids, async (a, ctx: ContextOf<IdReason>) => {
    const scope = scopeOf(a, ctx);
    const { id, reason } = ctx.body;
    const current = await managedHomework(ctx.services.pool, scope, id);
    if (action === 'publish' && current.settledAt) throw fail('CONFLICT', '作业已结算');
    await applyTransition(ctx.services.pool, homeworkLifecycle, HOMEWORK_ROWS, {
      id,
      action,
      actor: actorOf(ctx),
      reason,
      requestId: ctx.request.id,
    });
    if (action === 'reject' || action === 'pass') {
      await ctx.services.pool.query('UPDATE homeworks SET review_reason = $2 WHERE id = $1', [
        id,
        action === 'reject' ? (reason ?? null) : null,
      ]);
    }
    if (action === 'publish') await assignToRoster(flowOf(ctx), id);
    return readHomework(ctx.services.pool, scope, id);
  });

const homeworkItemHandlers = [
  ...wire(['bms.homework.create', 'edms.homework.create'], (a, ctx) =>
    createHomework(ctx.services.pool, scopeOf(a, ctx), ctx.body, actorOf(ctx), ctx.request.id),
  ),
  ...wire(['bms.homework.update', 'edms.homework.update'], (a, ctx) =>
    updateHomework(ctx.services.pool, scopeOf(a, ctx), ctx.body, actorOf(ctx), ctx.request.id),
  ),
  ...wire(['bms.homework.delete', 'edms.homework.delete'], async (a, ctx) => {
    const { id } = ctx.body;
    await deleteHomework(ctx.services.pool, scopeOf(a, ctx), id);
    return { id };
  }),
  ...wire(
    ['bms.homework.queryById', 'edms.homework.queryById', 'oj.homework.queryById'],
    (a, ctx) => readHomework(ctx.services.pool, scopeOf(a, ctx), idOf(ctx)),
  ),
  ...wire(
    ['bms.homework.queryList', 'edms.homework.queryList', 'oj.homework.queryList'],
    (a, ctx) => listHomework(ctx.services.pool, scopeOf(a, ctx), ctx.body, ctx.query),
  ),
  ...wire(['bms.homework.querySimpleList', 'edms.homework.querySimpleList'], async (a, ctx) => {
    const page = await listHomework(ctx.services.pool, scopeOf(a, ctx), ctx.body, ctx.query);
    return {
      ...page,
      content: page.content.map(({ id, title, gradeId, state, dueAt }) => ({
        id,
        title,
        gradeId,
        state,
        dueAt,
      })),
    };
  }),
  ...wire(
    [
      'bms.homework.queryQuestionList',
      'edms.homework.queryQuestionList',
      'oj.homework.queryQuestionList',
    ],
    (a, ctx) => homeworkQuestions(ctx.services.pool, scopeOf(a, ctx), ctx.body.homeworkId),
  ),
  ...wire(['bms.homework.updateQuestions', 'edms.homework.updateQuestions'], (a, ctx) => {
    const b = ctx.body;
    return updateHomeworkQuestions(
      ctx.services.pool,
      scopeOf(a, ctx),
      b.id,
      b.questions,
      actorOf(ctx),
      ctx.request.id,
    );
  }),
  ...lifecycleWire(['bms.homework.pass'], 'pass'),
  ...lifecycleWire(['bms.homework.reject'], 'reject'),
  ...lifecycleWire(['bms.homework.publish', 'edms.homework.publish'], 'publish'),
  ...lifecycleWire(['bms.homework.unpublish', 'edms.homework.unpublish'], 'unpublish'),
];

// ——— homeworkEnroll ———

const { kinds } = homeworkEnrollable;
const enrollAnswer = (ctx: Ctx, id: number) => detailOf(ctx.services, allOrders(), kinds, id);

/** A homework report under a scope: the learner's own, or a parent's child's (server/parent/). */
export async function report(ctx: Ctx, scope: Scope, id: number) {
  const enroll = await readEnrollment(ctx.services.pool, scope, id);
  const hw = await readHomework(ctx.services.pool, scope, enroll.homeworkId);
  const questions = await homeworkQuestions(ctx.services.pool, scope, enroll.homeworkId);
  const answers = await listAnswers(
    ctx.services.pool,
    scope,
    { homeworkEnrollId: id },
    { page: 0, size: 100 },
  );
  return {
    enroll,
    homework: hw,
    questions: questions.questions.map((q) => {
      const a = answers.content.find((x) => x.questionId === q.questionId);
      return {
        questionId: q.questionId,
        title: q.title,
        type: q.type,
        maxScore: q.score,
        earned: a ? (a.score ?? a.bestScore) : 0,
        late: a?.bestLate ?? false,
        submissions: a?.submissions ?? 0,
        bestAnswerId: a?.bestAnswerId ?? null,
        latestAnswerId: a?.latestAnswerId ?? null,
        latestVerdict: a?.latestVerdict ?? null,
      };
    }),
  };
}

const enrollList =
  (options: { byTeacher?: boolean; byScore?: boolean } = {}) =>
  (a: Area, ctx: ContextOf<{ body: HomeworkEnrollFilter; query: PageQuery }>) =>
    listEnrollments(ctx.services.pool, scopeOf(a, ctx), ctx.body, ctx.query, options);

const enrollHandlers = [
  ...wire(
    [
      'bms.homeworkEnroll.queryById',
      'edms.homeworkEnroll.queryById',
      'oj.homeworkEnroll.queryById',
    ],
    (a, ctx) => readEnrollment(ctx.services.pool, scopeOf(a, ctx), idOf(ctx)),
  ),
  ...wire(
    [
      'bms.homeworkEnroll.queryEnrolledMemberListByHomework',
      'edms.homeworkEnroll.queryEnrolledMemberListByHomework',
      'bms.homeworkEnroll.queryList',
      'edms.homeworkEnroll.queryList',
      'oj.homeworkEnroll.queryList',
    ],
    enrollList(),
  ),
  ...wire(
    ['bms.homeworkEnroll.queryListByTeacher', 'edms.homeworkEnroll.queryListByTeacher'],
    enrollList({ byTeacher: true }),
  ),
  ...wire(['edms.homeworkEnroll.queryMemberListSortByScore'], enrollList({ byScore: true })),
  ...wire(['bms.homeworkEnroll.querySimpleList'], async (a, ctx) => {
    const page = await listEnrollments(ctx.services.pool, scopeOf(a, ctx), ctx.body, ctx.query);
    return {
      ...page,
      content: await Promise.all(
        page.content.map(async (e) => toOrderSimple(await enrollAnswer(ctx, e.id))),
      ),
    };
  }),
  ...wire(
    [
      'bms.homeworkEnroll.queryLatest',
      'edms.homeworkEnroll.queryLatest',
      'oj.homeworkEnroll.queryLatest',
    ],
    (a, ctx) => latestEnrollment(ctx.services.pool, scopeOf(a, ctx), ctx.query.homeworkId),
  ),
  ...wire(['bms.homeworkEnroll.settle', 'edms.homeworkEnroll.settle'], async (a, ctx) => {
    const scope = scopeOf(a, ctx);
    const { homeworkId } = ctx.body;
    await managedHomework(ctx.services.pool, scope, homeworkId);
    await settleHomework(ctx.services.pool, homeworkId);
    return homeworkEnrollable.statistics(ctx.services.pool, scope, homeworkId);
  }),
  ...wire(['bms.homeworkEnroll.create'], async (a, ctx) => {
    const b = ctx.body;
    const answer = await homeworkEnrollable.batchEnroll(
      flowOf(ctx),
      scopeOf(a, ctx),
      b.homeworkId,
      await membersById(ctx.services.pool, [b.memberId]),
      false,
    );
    const row = answer.rows[0]!;
    if (row.enrollId === null) throw fail('CONFLICT', row.message);
    return enrollAnswer(ctx, row.enrollId);
  }),
  ...wire(['oj.homeworkEnroll.report', 'oj.homeworkEnroll.queryMineEnrollByEnrollId'], (a, ctx) =>
    report(ctx, scopeOf(a, ctx), idOf(ctx)),
  ),
  ...wire(['oj.homeworkEnroll.queryMineLatestEnroll'], async (a, ctx) => {
    const scope = scopeOf(a, ctx);
    const latest = await latestEnrollment(ctx.services.pool, scope, ctx.query.homeworkId);
    return latest ? report(ctx, scope, latest.id) : null;
  }),
];

// ——— homeworkMemberQuestion ———

const answerHandlers = [
  ...wire(
    [
      'bms.homeworkMemberQuestion.queryById',
      'edms.homeworkMemberQuestion.queryById',
      'oj.homeworkMemberQuestion.queryById',
    ],
    (a, ctx) => readAnswer(ctx.services.pool, scopeOf(a, ctx), idOf(ctx)),
  ),
  ...wire(
    [
      'bms.homeworkMemberQuestion.queryList',
      'bms.homeworkMemberQuestion.querySimpleList',
      'edms.homeworkMemberQuestion.queryList',
      'oj.homeworkMemberQuestion.queryList',
      'oj.homeworkMemberQuestion.queryListByTeacher',
    ],
    (a, ctx) => listAnswers(ctx.services.pool, scopeOf(a, ctx), ctx.body, ctx.query),
  ),
  ...wire(
    [
      'bms.homeworkMemberQuestion.queryListByTeacher',
      'edms.homeworkMemberQuestion.queryListByTeacher',
    ],
    (a, ctx) =>
      listAnswers(ctx.services.pool, scopeOf(a, ctx), ctx.body, ctx.query, { byTeacher: true }),
  ),
  ...wire(
    [
      'bms.homeworkMemberQuestion.queryLatestList',
      'edms.homeworkMemberQuestion.queryLatestList',
      'oj.homeworkMemberQuestion.queryLatestList',
    ],
    (a, ctx) =>
      listAnswers(ctx.services.pool, scopeOf(a, ctx), ctx.body, ctx.query, { latestFirst: true }),
  ),
  ...wire(
    [
      'bms.homeworkMemberQuestion.queryListByHomeworkEnroll',
      'edms.homeworkMemberQuestion.queryListByHomeworkEnroll',
      'oj.homeworkMemberQuestion.queryListByHomeworkEnroll',
    ],
    (a, ctx) =>
      listAnswers(
        ctx.services.pool,
        scopeOf(a, ctx),
        { homeworkEnrollId: ctx.body.homeworkEnrollId },
        ctx.query,
      ),
  ),
  ...wire(
    [
      'bms.homeworkMemberQuestion.queryStatisticsGroupByMember',
      'edms.homeworkMemberQuestion.queryStatisticsGroupByMember',
      'oj.homeworkMemberQuestion.queryStatisticsGroupByMember',
    ],
    (a, ctx) => gradingOverview(ctx.services.pool, scopeOf(a, ctx), ctx.body.homeworkId),
  ),
  ...wire(['oj.homeworkMemberQuestion.querySubmissionList'], (a, ctx) =>
    listSubmissions(ctx.services.pool, scopeOf(a, ctx), ctx.body, ctx.query),
  ),
  ...wire(['oj.homeworkMemberQuestion.queryLatest'], (_a, ctx) => {
    const q = ctx.query;
    return latestAnswer(
      ctx.services.pool,
      ctx.requireAuth().memberId,
      q.homeworkEnrollId,
      q.questionId,
    );
  }),
  ...wire(['oj.homeworkMemberQuestion.save'], (_a, ctx) =>
    saveDraft(ctx.services.pool, ctx.requireAuth().memberId, ctx.body),
  ),
  ...wire(['oj.homeworkMemberQuestion.submit'], (_a, ctx) => {
    const auth = ctx.requireAuth();
    const b = ctx.body;
    return answerQuestion(ctx.services, auth, b, 'homework', () =>
      linkSubmission(ctx.services.pool, auth, b.homeworkEnrollId, b.questionId),
    );
  }),
  ...wire(['oj.homeworkMemberQuestion.debug'], async (_a, ctx) => {
    const auth = ctx.requireAuth();
    const b = ctx.body;
    // A run is work on the homework: only while it is open, like a submission.
    await linkSubmission(ctx.services.pool, auth, b.homeworkEnrollId, b.questionId);
    const row = await queueAnswer(ctx.services.pool, ctx.services.quota, auth, {
      kind: 'debug',
      questionId: b.questionId,
      language: b.language,
      source: b.source,
      input: b.input,
    });
    const summary = toSummary(row);
    return { id: summary.id, status: summary.status };
  }),
  ...wire(['bms.homeworkMemberQuestion.create', 'edms.homeworkMemberQuestion.create'], (a, ctx) =>
    staffScore(ctx.services.pool, scopeOf(a, ctx), ctx.body),
  ),
  ...wire(['bms.homeworkMemberQuestion.update', 'edms.homeworkMemberQuestion.update'], (a, ctx) =>
    staffScore(ctx.services.pool, scopeOf(a, ctx), ctx.body),
  ),
  ...wire(
    ['bms.homeworkMemberQuestion.delete', 'edms.homeworkMemberQuestion.delete'],
    async (a, ctx) => {
      const { id } = ctx.body;
      await voidAnswer(ctx.services.pool, scopeOf(a, ctx), id);
      return { id };
    },
  ),
];

export const homeworkHandlers = [...homeworkItemHandlers, ...enrollHandlers, ...answerHandlers];
