/**
 * What teachers see of their organization's answers (issue 3 item 6; memberQuestion
 * queryListByTeacher, queryStatisticsGroupByMember: docs/product-rules.md#the-call-catalogue) and
 * the question bank's debug call (run a question's reference solution on given input). Only graded
 * answers count: debug and playground runs are a member's scratch work. Reviews (订正, kind review)
 * are listed with the submissions but counted apart in the statistics, so first-attempt figures
 * keep their meaning. Staff read the answers of the learners their scope reads
 * (access/predicates.ts learnerRows: a teacher their students, an organization admin their
 * organization, platform staff all); records a learner cleaned from their own history still count
 * here.
 */
import { memberQuestion as memberQuestionApi } from '../../contract/member-question/calls.ts';
import { question as questionApi } from '../../contract/question/calls.ts';
import { handle, type CallShape } from '../http/handler.ts';
import { validationError } from '../http/validation-error.ts';
import { toSummary } from './answers.ts';
import { queueAnswer } from './queue.ts';
import {
  cleanForMembers,
  memberStatistics,
  staffAnswerById,
  staffAnswerList,
  staffLatestList,
} from './staff-queries.ts';
import type { Auth } from '../http/sessions.ts';
import { SCOPE_OF_AREA } from '../access/scope.ts';
import { organizationScope, platformScope } from '../access/scope.ts';
import { referenceSolutionsOf } from '../question/store.ts';
import type { QuestionScope } from '../question/store.ts';

/**
 * Question debug in an area: the reference solution of a question the caller's scope can see,
 * run on their input as a debug answer of their own (the question's limits, debug priority,
 * followed with memberQuestion queryById).
 */
type DebugCall = CallShape<(typeof questionApi)['question.debug']>;
function debugHandler<Id extends string>(
  call: DebugCall & { readonly id: Id },
  scopeOf: (auth: Auth) => QuestionScope,
) {
  return handle<DebugCall, Id>(call, async ({ body, services, requireAuth }) => {
    const auth = requireAuth();
    const q = await referenceSolutionsOf({ services, scope: scopeOf(auth) }, body.id);
    const source = q.solutions[body.language];
    if (q.type !== 'programming' || !source) {
      const name = body.language === 'cpp' ? 'C++' : 'Python';
      throw validationError([
        {
          field: 'body.language',
          message: q.type === 'programming' ? `该题没有 ${name} 参考解` : '该题不是编程题',
        },
      ]);
    }
    const row = await queueAnswer(services.pool, services.quota, auth, {
      kind: 'debug',
      questionId: body.id,
      language: body.language,
      source,
      input: body.input,
    });
    return { id: row.id, status: toSummary(row).status };
  });
}

/** The reading staff's scope per area (access/scope.ts): bms platform, edms and bare staff. */
const app = (auth: Auth) => SCOPE_OF_AREA.app(auth);
const edms = (auth: Auth) => SCOPE_OF_AREA.edms(auth);
const bms = (auth: Auth) => SCOPE_OF_AREA.bms(auth);

export const teacherQueryHandlers = [
  handle(
    memberQuestionApi['memberQuestion.queryListByTeacher'],
    ({ query, body, services, requireAuth }) =>
      staffAnswerList(services.pool, app(requireAuth()), body, query),
  ),
  handle(
    memberQuestionApi['edms.memberQuestion.queryListByTeacher'],
    ({ query, body, services, requireAuth }) =>
      staffAnswerList(services.pool, edms(requireAuth()), body, query),
  ),
  handle(
    memberQuestionApi['bms.memberQuestion.queryList'],
    ({ query, body, services, requireAuth }) =>
      staffAnswerList(services.pool, bms(requireAuth()), body, query),
  ),

  // The statistics are of one organization: the caller's, or the one platform staff name.
  handle(
    memberQuestionApi['memberQuestion.queryStatisticsGroupByMember'],
    ({ query, body, services, requireAuth }) => {
      const auth = requireAuth();
      return memberStatistics(
        services.pool,
        app(auth),
        auth.organizationId,
        body.questionId,
        query,
      );
    },
  ),
  handle(
    memberQuestionApi['edms.memberQuestion.queryStatisticsGroupByMember'],
    ({ query, body, services, requireAuth }) => {
      const auth = requireAuth();
      return memberStatistics(
        services.pool,
        edms(auth),
        auth.organizationId,
        body.questionId,
        query,
      );
    },
  ),
  handle(
    memberQuestionApi['oj.memberQuestion.queryStatisticsGroupByMember'],
    ({ query, body, services, requireAuth }) => {
      const auth = requireAuth();
      return memberStatistics(
        services.pool,
        SCOPE_OF_AREA.oj(auth),
        auth.organizationId,
        body.questionId,
        query,
      );
    },
  ),
  handle(
    memberQuestionApi['bms.memberQuestion.queryStatisticsGroupByMember'],
    ({ query, body, services, requireAuth }) =>
      memberStatistics(
        services.pool,
        bms(requireAuth()),
        body.organizationId,
        body.questionId,
        query,
      ),
  ),

  handle(memberQuestionApi['edms.memberQuestion.queryById'], ({ query, services, requireAuth }) =>
    staffAnswerById(services.pool, edms(requireAuth()), query.id),
  ),
  handle(memberQuestionApi['bms.memberQuestion.queryById'], ({ query, services, requireAuth }) =>
    staffAnswerById(services.pool, bms(requireAuth()), query.id),
  ),
  handle(
    memberQuestionApi['edms.memberQuestion.queryLatestList'],
    ({ body, services, requireAuth }) =>
      staffLatestList(services.pool, edms(requireAuth()), body.memberId, body.questionIds),
  ),
  handle(
    memberQuestionApi['bms.memberQuestion.queryLatestList'],
    ({ body, services, requireAuth }) =>
      staffLatestList(services.pool, bms(requireAuth()), body.memberId, body.questionIds),
  ),
  handle(memberQuestionApi['edms.memberQuestion.batchClean'], ({ body, services, requireAuth }) =>
    cleanForMembers(services.pool, edms(requireAuth()), body.memberIds, body.questionId),
  ),

  debugHandler(questionApi['bms.question.debug'], platformScope),
  debugHandler(questionApi['edms.question.debug'], organizationScope),
  debugHandler(questionApi['question.debug'], organizationScope),
];
