/**
 * Routes of chapters (definitions: ../calls/chapter.ts). No zod here. A chapter is an ordered
 * list of questions with notes; courses (a later issue) will group chapters.
 */
import { refsTo } from '../call.ts';
import type { CallRoute } from '../call.ts';
import type * as defs from '../calls/chapter.ts';
import { crudRoutes, resourceRoute } from '../resource-routes.ts';

const allOps = ['create', 'update', 'delete', 'queryById', 'queryList', 'querySimpleList'] as const;

// The calls beyond CRUD, typed plainly so the definitions can spread them without a cycle.
export const bmsQueryQuestionList: CallRoute = resourceRoute(
  'bms',
  'chapter',
  'queryQuestionList',
  'POST',
);
export const bmsUpdateQuestions: CallRoute = resourceRoute(
  'bms',
  'chapter',
  'updateQuestions',
  'PUT',
);
export const edmsQueryQuestionList: CallRoute = resourceRoute(
  'edms',
  'chapter',
  'queryQuestionList',
  'POST',
);
export const edmsUpdateQuestions: CallRoute = resourceRoute(
  'edms',
  'chapter',
  'updateQuestions',
  'PUT',
);
export const appQueryQuestionList: CallRoute = resourceRoute(
  'app',
  'chapter',
  'queryQuestionList',
  'POST',
);
export const appUpdateQuestions: CallRoute = resourceRoute(
  'app',
  'chapter',
  'updateQuestions',
  'PUT',
);
/** The learner's view of a chapter's questions with their own results (spec 001 §7.6). */
export const ojQueryQuestion: CallRoute = resourceRoute('oj', 'chapter', 'queryQuestion', 'POST');
/** Spec 001 §7.5 places it with the other memberQuestion queries, in the un-prefixed area. */
export const memberQuestionQueryQuestionStatisticsByChapter: CallRoute = {
  id: 'memberQuestion.queryQuestionStatisticsByChapter',
  method: 'POST',
  path: '/memberQuestion/queryQuestionStatisticsByChapter',
};

export const bms = refsTo<typeof defs.bms>()({
  ...crudRoutes('bms', 'chapter', allOps),
  queryQuestionList: bmsQueryQuestionList,
  updateQuestions: bmsUpdateQuestions,
});

export const edms = refsTo<typeof defs.edms>()({
  ...crudRoutes('edms', 'chapter', allOps),
  queryQuestionList: edmsQueryQuestionList,
  updateQuestions: edmsUpdateQuestions,
});

export const app = refsTo<typeof defs.app>()({
  ...crudRoutes('app', 'chapter', ['create', 'update', 'delete', 'queryById', 'queryList']),
  queryQuestionList: appQueryQuestionList,
  updateQuestions: appUpdateQuestions,
});

export const oj = refsTo<typeof defs.oj>()({ queryQuestion: ojQueryQuestion });

export const memberQuestion = refsTo<typeof defs.memberQuestion>()({
  queryQuestionStatisticsByChapter: memberQuestionQueryQuestionStatisticsByChapter,
});
