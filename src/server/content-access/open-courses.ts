/**
 * What a course open to everyone makes readable. An organization's course reaches learners
 * outside the organization once the platform passes it and while its author keeps it published
 * (docs/decisions.md, "Courses and content"); its units and their questions, which belong to
 * the same organization, then open to every learner through it — not through the question
 * bank's own rule, which keeps an organization's rows inside it.
 */

/** The course under alias `c` is open to everyone. */
export const openCourse = (c: string): string =>
  `(${c}.status = 'active' AND ${c}.published AND ${c}.review = 'passed')`;

/** The chapter whose id is `chapterId` (an SQL expression) is a unit of an open course. */
export const unitOfOpenCourse = (chapterId: string): string =>
  `EXISTS (SELECT 1 FROM course_chapters occ JOIN courses oc ON oc.id = occ.course_id
     WHERE occ.chapter_id = ${chapterId} AND ${openCourse('oc')})`;

/** The question whose id is `questionId` is in an active unit of an open course. */
export const questionOfOpenCourse = (questionId: string): string =>
  `EXISTS (SELECT 1 FROM chapter_questions ocq
       JOIN chapters och ON och.id = ocq.chapter_id AND och.status = 'active'
       JOIN course_chapters occ ON occ.chapter_id = ocq.chapter_id
       JOIN courses oc ON oc.id = occ.course_id
     WHERE ocq.question_id = ${questionId} AND ${openCourse('oc')})`;
