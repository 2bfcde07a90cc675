/**
 * Classes (issue 8 item 3; docs/product-rules.md#the-call-catalogue grade, grade/controls, grade/enroll,
 * member/grade/settlement). A class is a resource from the factory with its lifecycle
 * (publish, unpublish, stop); enrollment is an order of kind `grade` on the shared order flow
 * (contract/enrollment/); controls and settlements are written by hand.
 *
 * Who calls what: `bms` platform staff; `edms` an organization's staff — its admin every
 * class, a teacher the classes they teach; the un-prefixed area the same by role, where
 * `grade/queryList`, `queryById` and `queryNotesById` are also the public catalogue (docs/product-rules.md#start-up
 * §5's start-up class list); `oj` the learner's own classes and enrollments.
 *
 * Each sub-resource declares its shapes and calls beside its server file (grades.ts ↔
 * server/grade/grades.ts, syllabus.ts, enroll.ts ↔ enrollable.ts, settlements.ts; controls.ts
 * ↔ server/grade-controls/), with what they share in common.ts; this file only assembles the
 * domain, in the order the refs and docs/api.md list it.
 */
import { controlCalls } from './controls.ts';
import { enrollCalls } from './enroll.ts';
import { gradeCalls } from './grades.ts';
import { settlementCalls } from './settlements.ts';
import { syllabusCalls } from './syllabus.ts';

/** Read from here by server/grade/enrollable.ts. */
export { gradeEnrollFilter, type GradeEnrollItem } from './enroll.ts';

export const grade = {
  ...gradeCalls,
  ...syllabusCalls,
  ...controlCalls,
  ...enrollCalls,
  ...settlementCalls,
};
