/**
 * The /oj forms of the learner's answer and playground calls
 * (server/member-question/oj-aliases.ts): the same specs as the un-prefixed calls, and the
 * statistics of the caller themselves.
 */
import { defineCalls } from '../call.ts';
import { answerById, answerList, latestAnswers } from './answers.ts';
import { playgroundLatest, playgroundRun, playgroundSave } from './playground.ts';
import { statisticsGroupByMember } from './staff-queries.ts';

export const ojAliasCalls = defineCalls({
  // Spec 001 §7.6 lists the learner's answer and playground calls under /oj as well: the same
  // calls, answered by the same handlers (src/server/member-question/handlers.ts OJ_ALIASES).
  'oj.memberQuestion.queryById': answerById,
  'oj.memberQuestion.queryLatestList': latestAnswers,
  'oj.memberQuestion.queryList': answerList,
  // In /oj a read is the caller's own (docs/classes.md): the same statistics, of themselves.
  'oj.memberQuestion.queryStatisticsGroupByMember': {
    ...statisticsGroupByMember,
    access: 'member',
    summary:
      '本人的提交统计：提交数、通过数与通过的题目数（与 memberQuestion/queryStatisticsGroupByMember 同形，只含本人；可限定题目）',
  },
  'oj.memberPlayground.saveAsDraft': playgroundSave,
  'oj.memberPlayground.submitAnswer': playgroundRun,
  'oj.memberPlayground.queryLatest': playgroundLatest,
});
