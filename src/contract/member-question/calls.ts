/**
 * Learners' answers and how staff read them (memberQuestion and memberPlayground;
 * server/member-question/).
 *
 * Each sub-resource declares its shapes and calls beside its server file (answers.ts ↔
 * server/member-question/answers.ts, playground.ts, staff-queries.ts, oj-aliases.ts), with what
 * they and other domains' answers share in common.ts; this file only assembles the domain, in
 * the order the refs and docs/api.md list it.
 */
import { answerCalls } from './answers.ts';
import { ojAliasCalls } from './oj-aliases.ts';
import { playgroundCalls } from './playground.ts';
import { staffAnswerCalls, teacherAnswerCalls } from './staff-queries.ts';

/** Used in many places; declared in ./common.ts. */
export type { AnswerDetail, AnswerSummary, StatusEvent } from './common.ts';

export const memberQuestion = {
  ...answerCalls,
  ...playgroundCalls,
  ...teacherAnswerCalls,
  ...ojAliasCalls,
  ...staffAnswerCalls,
};
