/**
 * Courses (issue 9 item 1; docs/product-rules.md#the-call-catalogue `course`, §4 course: pass, reject):
 * a titled learning path whose units are chapters in order (第N单元, docs/product-rules.md#units). Like chapters
 * a course belongs to the platform or to one organization; an organization's course reaches
 * learners outside it only once platform staff pass it, and only while it is published.
 *
 * Each sub-resource declares its shapes and calls beside its server file (courses.ts ↔
 * server/course/store.ts, course-units.ts ↔ units.ts, purchase.ts), with the areas' notes in
 * common.ts; this file only assembles the domain, in the order the refs and docs/api.md list
 * it.
 */
import { courseUnitCalls } from './course-units.ts';
import { courseCalls, courseReadCalls } from './courses.ts';
import { purchaseCalls } from './purchase.ts';

export const course = {
  ...courseCalls,
  ...courseUnitCalls,
  ...courseReadCalls,
  ...purchaseCalls,
};
