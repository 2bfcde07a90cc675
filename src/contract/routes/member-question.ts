/**
 * Routes of the learner's answer calls (definitions with schemas: ../calls/member-question.ts).
 * Spec 001 §7.5 places memberQuestion and memberPlayground in the un-prefixed area; §7.6 adds
 * clean and the wrong-case list under /oj.
 */
import { refsTo, type CallRoute } from '../call.ts';
import type * as defs from '../calls/member-question.ts';

export const memberQuestionSubmitAnswer: CallRoute = {
  id: 'memberQuestion.submitAnswer',
  method: 'POST',
  path: '/memberQuestion/submitAnswer',
};
export const memberQuestionReviewSubmit: CallRoute = {
  id: 'memberQuestion.reviewSubmit',
  method: 'POST',
  path: '/memberQuestion/reviewSubmit',
};
export const memberQuestionQueryQuota: CallRoute = {
  id: 'memberQuestion.queryQuota',
  method: 'GET',
  path: '/memberQuestion/queryQuota',
};
export const memberQuestionSaveAsDraft: CallRoute = {
  id: 'memberQuestion.saveAsDraft',
  method: 'POST',
  path: '/memberQuestion/saveAsDraft',
};
export const memberQuestionQueryDraft: CallRoute = {
  id: 'memberQuestion.queryDraft',
  method: 'GET',
  path: '/memberQuestion/queryDraft',
};
export const memberQuestionDebug: CallRoute = {
  id: 'memberQuestion.debug',
  method: 'POST',
  path: '/memberQuestion/debug',
};
export const memberQuestionQueryById: CallRoute = {
  id: 'memberQuestion.queryById',
  method: 'GET',
  path: '/memberQuestion/queryById',
};
export const memberQuestionStatus: CallRoute = {
  id: 'memberQuestion.status',
  method: 'GET',
  path: '/memberQuestion/status',
  responseKind: 'event-stream',
};
export const memberQuestionQueryLatestList: CallRoute = {
  id: 'memberQuestion.queryLatestList',
  method: 'POST',
  path: '/memberQuestion/queryLatestList',
};
export const memberQuestionQueryList: CallRoute = {
  id: 'memberQuestion.queryList',
  method: 'POST',
  path: '/memberQuestion/queryList',
};
export const memberQuestionClean: CallRoute = {
  id: 'memberQuestion.clean',
  method: 'POST',
  path: '/oj/memberQuestion/clean',
};
export const memberQuestionQueryWrongCaseListById: CallRoute = {
  id: 'memberQuestion.queryWrongCaseListById',
  method: 'GET',
  path: '/oj/memberQuestion/queryWrongCaseListById',
};
export const memberPlaygroundSaveAsDraft: CallRoute = {
  id: 'memberPlayground.saveAsDraft',
  method: 'POST',
  path: '/memberPlayground/saveAsDraft',
};
export const memberPlaygroundSubmitAnswer: CallRoute = {
  id: 'memberPlayground.submitAnswer',
  method: 'POST',
  path: '/memberPlayground/submitAnswer',
};
export const memberPlaygroundQueryLatest: CallRoute = {
  id: 'memberPlayground.queryLatest',
  method: 'GET',
  path: '/memberPlayground/queryLatest',
};

export const memberQuestionQueryListByTeacher: CallRoute = {
  id: 'memberQuestion.queryListByTeacher',
  method: 'POST',
  path: '/memberQuestion/queryListByTeacher',
};
export const memberQuestionQueryStatisticsGroupByMember: CallRoute = {
  id: 'memberQuestion.queryStatisticsGroupByMember',
  method: 'POST',
  path: '/memberQuestion/queryStatisticsGroupByMember',
};

/** The learner's answer calls as the browser makes them. */
export const memberQuestion = refsTo<typeof defs>()({
  memberQuestionSubmitAnswer,
  memberQuestionReviewSubmit,
  memberQuestionQueryQuota,
  memberQuestionSaveAsDraft,
  memberQuestionQueryDraft,
  memberQuestionDebug,
  memberQuestionQueryById,
  memberQuestionStatus,
  memberQuestionQueryLatestList,
  memberQuestionQueryList,
  memberQuestionClean,
  memberQuestionQueryWrongCaseListById,
  memberPlaygroundSaveAsDraft,
  memberPlaygroundSubmitAnswer,
  memberPlaygroundQueryLatest,
  memberQuestionQueryListByTeacher,
  memberQuestionQueryStatisticsGroupByMember,
});
