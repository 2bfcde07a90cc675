/**
 * Read queries of the learners' class screens (issue 8 item 5) and of a teacher's view of one
 * student (/chapter/student), on the runtime's SWR cache. A class's detail and the member's own
 * enrollments carry the `commerce` tag: an enrollment is an order, so enrolling,
 * paying, cancelling or quitting marks them stale together (the seats left change with them).
 * The student view is a staff read (the `staff` tag).
 */
import type { CallResult } from '../../contract/call.ts';
import { chapter as chapterApi } from '../../contract/chapter/refs.ts';
import { course as courseApi } from '../../contract/course/refs.ts';
import { grade as gradeApi } from '../../contract/grade/refs.ts';
import { memberQuestion as answersApi } from '../../contract/member-question/refs.ts';
import { organization as organizationApi } from '../../contract/organization/refs.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import { definedQuery as defined, memberKey } from './defined-query.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { staffQuery } from './staff-queries.ts';
import { commerceTag } from './modules/commerce.ts';
import { memberAnswersTag } from './modules/practice.ts';

export type GradeDetail = CallResult<(typeof gradeApi)['grade.queryById']>;
export type GradeNotes = CallResult<(typeof gradeApi)['grade.queryNotesById']>;
export type GradeCourse = CallResult<(typeof courseApi)['course.queryByGrade']>;
export type GradeChapters = CallResult<(typeof gradeApi)['course.queryChapterListByGrade']>;
export type GradeChapterQuestions = CallResult<
  (typeof gradeApi)['oj.chapter.queryQuestionListByGrade']
>;
export type MineGradeEnrollment = CallResult<
  (typeof gradeApi)['oj.grade.enroll.queryMineLatestEnroll']
>;
export type GradeEnrollPage = CallResult<(typeof gradeApi)['oj.grade.enroll.queryEnrollList']>;
export type MineGradeStatistics = CallResult<
  (typeof gradeApi)['oj.grade.enroll.queryMineStatistics']
>;
export type StudentProfile = CallResult<(typeof organizationApi)['member.queryById']>;
export type StudentChapterPage = CallResult<
  (typeof chapterApi)['memberQuestion.queryChapterProgressByMember']
>;
export type StudentAnswerPage = CallResult<
  (typeof answersApi)['memberQuestion.queryListByTeacher']
>;
export type StudentWrongPage = CallResult<
  (typeof answersApi)['memberQuestion.queryWrongListByMember']
>;

const MINE = (runtime: Runtime) => `commerce:${memberKey(runtime)}:grade`;

/** A class as the caller may read it (a visitor: the public catalogue's), with its seats left. */
export function gradeDetail(runtime: Runtime, id: number): QueryDef<GradeDetail> {
  return defined(
    runtime,
    `${MINE(runtime)}:detail:${id}`,
    () =>
      runtime.transport.call(gradeApi['grade.queryById'], {
        query: { id },
        skipErrorHandler: true,
      }),
    [commerceTag],
  );
}

export function gradeNotes(runtime: Runtime, id: number): QueryDef<GradeNotes> {
  return defined(runtime, `grade:${memberKey(runtime)}:notes:${id}`, () =>
    runtime.transport.call(gradeApi['grade.queryNotesById'], { query: { id } }),
  );
}

/** The chapters the class follows, with the member's solved counts (stale when they answer). */
export function gradeChapters(runtime: Runtime, gradeId: number): QueryDef<GradeChapters> {
  return defined(
    runtime,
    `memberAnswers:${memberKey(runtime)}:gradeChapters:${gradeId}`,
    () => runtime.transport.call(gradeApi['course.queryChapterListByGrade'], { body: { gradeId } }),
    [memberAnswersTag],
  );
}

/** The course the class follows, or null (whoever may read the class reads it). */
export function gradeCourse(runtime: Runtime, gradeId: number): QueryDef<GradeCourse> {
  return defined(runtime, `grade:${memberKey(runtime)}:course:${gradeId}`, () =>
    runtime.transport.call(courseApi['course.queryByGrade'], { query: { gradeId } }),
  );
}

/** One chapter's questions as the class's learner reads them, with their own progress. */
export function gradeChapterQuestions(
  runtime: Runtime,
  gradeId: number,
  chapterId: number,
): QueryDef<GradeChapterQuestions> {
  return defined(
    runtime,
    `memberAnswers:${memberKey(runtime)}:gradeChapterQuestions:${gradeId}:${chapterId}`,
    () =>
      runtime.transport.call(gradeApi['oj.chapter.queryQuestionListByGrade'], {
        query: { page: 0, size: 100 },
        body: { gradeId, chapterId },
      }),
    [memberAnswersTag],
  );
}

/** The member's latest enrollment in the class (null: never enrolled). */
export function mineGradeEnrollment(
  runtime: Runtime,
  gradeId: number,
): QueryDef<MineGradeEnrollment> {
  return defined(
    runtime,
    `${MINE(runtime)}:mine:${gradeId}`,
    () =>
      runtime.transport.call(gradeApi['oj.grade.enroll.queryMineLatestEnroll'], {
        query: { gradeId },
      }),
    [commerceTag],
  );
}

/** One page of the member's class enrollments, newest first. */
export function myGradeEnrollments(runtime: Runtime, page: number): QueryDef<GradeEnrollPage> {
  return defined(
    runtime,
    pageKey(`${MINE(runtime)}:enrollments`, page),
    () =>
      runtime.transport.call(gradeApi['oj.grade.enroll.queryEnrollList'], {
        query: { page, size: DEFAULT_PAGE_SIZE },
        body: {},
      }),
    [commerceTag],
  );
}

export function myGradeStatistics(runtime: Runtime): QueryDef<MineGradeStatistics> {
  return defined(
    runtime,
    `${MINE(runtime)}:statistics`,
    () => runtime.transport.call(gradeApi['oj.grade.enroll.queryMineStatistics'], {}),
    [commerceTag],
  );
}

// ——— a teacher's view of one student ———

/** Refusals (not the student's teacher: 404) show on the screen, not as a red toast. */
export function studentProfile(runtime: Runtime, memberId: number): QueryDef<StudentProfile> {
  return staffQuery(runtime, `student:${memberId}:profile`, () =>
    runtime.transport.call(organizationApi['member.queryById'], {
      query: { id: memberId },
      skipErrorHandler: true,
    }),
  );
}

export function studentChapters(
  runtime: Runtime,
  memberId: number,
  page: number,
): QueryDef<StudentChapterPage> {
  return staffQuery(runtime, pageKey(`student:${memberId}:chapters`, page), () =>
    runtime.transport.call(chapterApi['memberQuestion.queryChapterProgressByMember'], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: { memberId },
      skipErrorHandler: true,
    }),
  );
}

export function studentSubmissions(
  runtime: Runtime,
  memberId: number,
  page: number,
): QueryDef<StudentAnswerPage> {
  return staffQuery(runtime, pageKey(`student:${memberId}:submissions`, page), () =>
    runtime.transport.call(answersApi['memberQuestion.queryListByTeacher'], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: { memberId },
      skipErrorHandler: true,
    }),
  );
}

export function studentWrongList(
  runtime: Runtime,
  memberId: number,
  page: number,
): QueryDef<StudentWrongPage> {
  return staffQuery(runtime, pageKey(`student:${memberId}:wrong`, page), () =>
    runtime.transport.call(answersApi['memberQuestion.queryWrongListByMember'], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: { memberId },
      skipErrorHandler: true,
    }),
  );
}
