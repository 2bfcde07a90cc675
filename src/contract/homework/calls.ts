/**
 * Homework (issue 8 item 4; docs/product-rules.md#the-call-catalogue homework, homeworkEnroll, homeworkMemberQuestion).
 * Homework is a resource from the factory with its reviewed-publication lifecycle; each
 * assigned learner holds an enrollment (an order of kind `homework`, free, on the shared order
 * flow); their answers are saved, run and submitted per question and settled when the
 * homework closes, on the server's clock.
 *
 * Who calls what: `bms` platform staff; `edms` an organization's staff — its admin all the
 * organization's homework, a teacher the homework of the classes they teach; `oj` the learner,
 * their own homework and answers.
 *
 * Each sub-resource declares its shapes and calls beside its server file (homeworks.ts ↔
 * server/homework/homeworks.ts, enroll.ts ↔ enrollable.ts and settle.ts, answers.ts ↔
 * answers.ts and submissions.ts), with what they share in common.ts; this file only assembles
 * the domain, in the order the refs and docs/api.md list it.
 */
import { answerCalls } from './answers.ts';
import { enrollCalls } from './enroll.ts';
import { homeworkCalls } from './homeworks.ts';

/** Read from here by server/homework/enrollable.ts. */
export { HOMEWORK_ENROLL_SORT, homeworkEnrollFilter, type HomeworkEnrollItem } from './enroll.ts';

export const homework = {
  ...homeworkCalls,
  ...enrollCalls,
  ...answerCalls,
};
