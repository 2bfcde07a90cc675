/**
 * Exams (issue 7; docs/product-rules.md#the-call-catalogue exam, examEnroll, examMemberQuestion, examPaper, examPaperEnroll
 * in every area). Papers and exams are resources from the factory with their review and
 * publication lifecycles; enrollments are orders of kind `exam` on the shared order flow;
 * sittings and answers are hand-written flows on the server's clock.
 *
 * Who calls what: `bms` platform staff; `edms` teachers of an organization (their own
 * organization's exams and papers); the un-prefixed area the same staff by role, and learners
 * where a call is a learner's (enroll, start, save); `oj` learners.
 *
 * Each sub-resource declares its shapes and calls beside its server file (papers.ts ↔
 * server/exam/papers.ts, and so on); this file only assembles the domain, in the order the
 * refs and docs/api.md list it.
 */
import { answerCalls } from './answers.ts';
import { examEnrollCalls } from './enroll.ts';
import { examCalls } from './exams.ts';
import { examPaperCalls } from './papers.ts';
import { sittingCalls } from './sittings.ts';

export const exam = {
  ...examPaperCalls,
  ...examCalls,
  ...examEnrollCalls,
  ...sittingCalls,
  ...answerCalls,
};
