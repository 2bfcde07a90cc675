/**
 * Read queries of the back office's classes, homework and people (issue 8 item 6), keyed under
 * `staff:` like the rest of the back office so any staff write marks them stale.
 */
import type { CallBody, CallResult } from '../../contract/call.ts';
import { course as courseApi } from '../../contract/course/refs.ts';
import { chapter as chapterApi } from '../../contract/chapter/refs.ts';
import { grade as gradeApi } from '../../contract/grade/refs.ts';
import { homework as homeworkApi } from '../../contract/homework/refs.ts';
import { organization as orgApi } from '../../contract/organization/refs.ts';
import { MAX_PAGE_SIZE } from '../../contract/page-size.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { staffQuery, type ExamArea } from './staff-queries.ts';

/** Platform staff (bms) or an organization's teachers and admins (edms). */
export type StaffArea = ExamArea;

export type StaffGradePage = CallResult<(typeof gradeApi)['bms.grade.queryList']>;
export type StaffGrade = CallResult<(typeof gradeApi)['bms.grade.queryById']>;
export type StaffGradeSimple = CallResult<(typeof gradeApi)['bms.grade.querySimpleList']>;
export type GradeStatistics = CallResult<(typeof gradeApi)['bms.grade.queryStatistics']>;
export type StaffGradeChapters = CallResult<
  (typeof gradeApi)['bms.course.queryChapterListByGrade']
>;
export type GradeCourse = CallResult<(typeof courseApi)['bms.course.queryByGrade']>;
export type CourseChoices = CallResult<(typeof courseApi)['bms.course.querySimpleList']>;
export type ChapterChoices = CallResult<(typeof chapterApi)['bms.chapter.querySimpleList']>;
export type GradeControls = CallResult<(typeof gradeApi)['bms.grade.controls.queryList']>;
export type RosterFilter = CallBody<(typeof gradeApi)['bms.grade.enroll.queryEnrollList']>;
export type RosterPage = CallResult<(typeof gradeApi)['bms.grade.enroll.queryEnrollList']>;
export type SettlementPage = CallResult<
  (typeof gradeApi)['edms.member.grade.settlement.queryList']
>;
export type HomeworkFilter = CallBody<(typeof homeworkApi)['bms.homework.queryList']>;
export type StaffHomeworkPage = CallResult<(typeof homeworkApi)['bms.homework.queryList']>;
export type StaffHomework = CallResult<(typeof homeworkApi)['bms.homework.queryById']>;
export type HomeworkQuestions = CallResult<(typeof homeworkApi)['bms.homework.queryQuestionList']>;
export type GradingOverview = CallResult<
  (typeof homeworkApi)['bms.homeworkMemberQuestion.queryStatisticsGroupByMember']
>;
export type MemberFilter = CallBody<(typeof orgApi)['member.queryList']>;
export type MemberPage = CallResult<(typeof orgApi)['member.queryList']>;
export type TeacherPage = CallResult<(typeof orgApi)['edms.teacherMember.queryList']>;
export type TeacherGroupPage = CallResult<(typeof orgApi)['edms.teacherGroup.queryList']>;
export type OrganizationPage = CallResult<(typeof orgApi)['bms.organization.queryList']>;
export type OrganizationRights = CallResult<
  (typeof orgApi)['edms.organization.queryCurrentRights']
>;

export function staffGrades(
  runtime: Runtime,
  area: StaffArea,
  state: string,
  page: number,
): QueryDef<StaffGradePage> {
  return staffQuery(runtime, pageKey(`${area}:grades:${state}`, page), () =>
    runtime.transport.call(gradeApi[`${area}.grade.queryList`], {
      query: { page, size: DEFAULT_PAGE_SIZE, sort: 'id,desc' },
      body: state ? { state: state as 'published' } : {},
    }),
  );
}

/** Every class the area manages, for pickers (a homework's class, batch by classes). */
export function staffGradeChoices(runtime: Runtime, area: StaffArea): QueryDef<StaffGradeSimple> {
  return staffQuery(runtime, `${area}:gradeChoices`, () =>
    runtime.transport.call(gradeApi[`${area}.grade.querySimpleList`], {
      query: { page: 0, size: 100 },
      body: {},
    }),
  );
}

export function staffGrade(runtime: Runtime, area: StaffArea, id: number): QueryDef<StaffGrade> {
  return staffQuery(runtime, `${area}:grade:${id}`, () =>
    runtime.transport.call(gradeApi[`${area}.grade.queryById`], { query: { id } }),
  );
}

export function gradeStatistics(
  runtime: Runtime,
  area: StaffArea,
  id: number,
): QueryDef<GradeStatistics> {
  return staffQuery(runtime, `${area}:gradeStatistics:${id}`, () =>
    runtime.transport.call(gradeApi[`${area}.grade.queryStatistics`], { query: { id } }),
  );
}

export function gradeControls(
  runtime: Runtime,
  area: StaffArea,
  gradeId: number,
): QueryDef<GradeControls> {
  return staffQuery(runtime, `${area}:gradeControls:${gradeId}`, () =>
    runtime.transport.call(gradeApi[`${area}.grade.controls.queryList`], { body: { gradeId } }),
  );
}

/** The chapters a class follows, in order. */
export function staffGradeChapters(
  runtime: Runtime,
  area: StaffArea,
  gradeId: number,
): QueryDef<StaffGradeChapters> {
  return staffQuery(runtime, `${area}:gradeChapters:${gradeId}`, () =>
    runtime.transport.call(gradeApi[`${area}.course.queryChapterListByGrade`], {
      body: { gradeId },
    }),
  );
}

/** The chapters the area may put in a class's syllabus (the platform's and its own). */
export function chapterChoices(runtime: Runtime, area: StaffArea): QueryDef<ChapterChoices> {
  return staffQuery(runtime, `${area}:chapterChoices`, () =>
    runtime.transport.call(chapterApi[`${area}.chapter.querySimpleList`], {
      query: { page: 0, size: 100, sort: 'sort,asc' },
      body: {},
    }),
  );
}

/** The course a class follows, or null. */
export function gradeCourse(
  runtime: Runtime,
  area: StaffArea,
  gradeId: number,
): QueryDef<GradeCourse> {
  return staffQuery(runtime, `${area}:gradeCourse:${gradeId}`, () =>
    runtime.transport.call(courseApi[`${area}.course.queryByGrade`], { query: { gradeId } }),
  );
}

/** The courses a class may follow, for the picker. */
export function courseChoices(runtime: Runtime, area: StaffArea): QueryDef<CourseChoices> {
  return staffQuery(runtime, `${area}:courseChoices`, () =>
    runtime.transport.call(courseApi[`${area}.course.querySimpleList`], {
      query: { page: 0, size: 100 },
      body: {},
    }),
  );
}

/** A class's roster (its enrollments), filtered; also the quit applications of the queue. */
export function roster(
  runtime: Runtime,
  area: StaffArea,
  filter: RosterFilter,
  page: number,
  size = DEFAULT_PAGE_SIZE,
): QueryDef<RosterPage> {
  return staffQuery(
    runtime,
    pageKey(`${area}:roster:${size}:${JSON.stringify(filter)}`, page),
    () =>
      runtime.transport.call(gradeApi[`${area}.grade.enroll.queryEnrollList`], {
        query: { page, size },
        body: filter,
      }),
  );
}

export function settlements(
  runtime: Runtime,
  gradeId: number,
  page: number,
): QueryDef<SettlementPage> {
  return staffQuery(runtime, pageKey(`settlements:${gradeId}`, page), () =>
    runtime.transport.call(gradeApi['edms.member.grade.settlement.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE, sort: 'id,desc' },
      body: { gradeId },
    }),
  );
}

export function staffHomeworks(
  runtime: Runtime,
  area: StaffArea,
  filter: HomeworkFilter,
  page: number,
): QueryDef<StaffHomeworkPage> {
  return staffQuery(runtime, pageKey(`${area}:homeworks:${JSON.stringify(filter)}`, page), () =>
    runtime.transport.call(homeworkApi[`${area}.homework.queryList`], {
      query: { page, size: DEFAULT_PAGE_SIZE, sort: 'id,desc' },
      body: filter,
    }),
  );
}

export function staffHomework(
  runtime: Runtime,
  area: StaffArea,
  id: number,
): QueryDef<StaffHomework> {
  return staffQuery(runtime, `${area}:homework:${id}`, () =>
    runtime.transport.call(homeworkApi[`${area}.homework.queryById`], { query: { id } }),
  );
}

export function homeworkQuestions(
  runtime: Runtime,
  area: StaffArea,
  homeworkId: number,
): QueryDef<HomeworkQuestions> {
  return staffQuery(runtime, `${area}:homeworkQuestions:${homeworkId}`, () =>
    runtime.transport.call(homeworkApi[`${area}.homework.queryQuestionList`], {
      body: { homeworkId },
    }),
  );
}

/** Learners × questions of one homework; the grading screen reloads it while open. */
export function gradingOverview(
  runtime: Runtime,
  area: StaffArea,
  homeworkId: number,
): QueryDef<GradingOverview> {
  return staffQuery(runtime, `${area}:grading:${homeworkId}`, () =>
    runtime.transport.call(
      homeworkApi[`${area}.homeworkMemberQuestion.queryStatisticsGroupByMember`],
      { body: { homeworkId } },
    ),
  );
}

/** The organization's people (learners, parents, staff), filtered. */
export function members(
  runtime: Runtime,
  filter: MemberFilter,
  page: number,
): QueryDef<MemberPage> {
  return staffQuery(runtime, pageKey(`members:${JSON.stringify(filter)}`, page), () =>
    runtime.transport.call(orgApi['member.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE, sort: 'id,desc' },
      body: filter,
    }),
  );
}

export function teachers(
  runtime: Runtime,
  page: number,
  size = DEFAULT_PAGE_SIZE,
): QueryDef<TeacherPage> {
  return staffQuery(runtime, pageKey(`teachers:${size}`, page), () =>
    runtime.transport.call(orgApi['edms.teacherMember.queryList'], {
      query: { page, size },
      body: {},
    }),
  );
}

export function teacherGroups(runtime: Runtime): QueryDef<TeacherGroupPage> {
  return staffQuery(runtime, 'teacherGroups', () =>
    runtime.transport.call(orgApi['edms.teacherGroup.queryList'], {
      query: { page: 0, size: 100 },
      body: {},
    }),
  );
}

export function organizations(
  runtime: Runtime,
  state: string,
  page: number,
): QueryDef<OrganizationPage> {
  return staffQuery(runtime, pageKey(`organizations:${state}`, page), () =>
    runtime.transport.call(orgApi['bms.organization.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE, sort: 'id,desc' },
      body: state ? { state: state as 'reviewing' } : {},
    }),
  );
}

/** Every passed organization (at most 500), for the platform's pickers. */
export function organizationChoices(runtime: Runtime): QueryDef<OrganizationPage> {
  return staffQuery(runtime, 'organizationChoices', () =>
    runtime.transport.call(orgApi['bms.organization.queryList'], {
      query: { page: 0, size: MAX_PAGE_SIZE, sort: 'id,asc' },
      body: { state: 'passed' },
    }),
  );
}

/** One organization's teachers, as platform staff read them. */
export function organizationTeachers(
  runtime: Runtime,
  organizationId: number,
  page: number,
): QueryDef<TeacherPage> {
  return staffQuery(runtime, pageKey(`organizationTeachers:${organizationId}`, page), () =>
    runtime.transport.call(orgApi['bms.teacherMember.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE, sort: 'id,asc' },
      body: { organizationId },
    }),
  );
}

/** The caller's organization: its name, its counts and its staff's rights. */
export function organizationRights(runtime: Runtime): QueryDef<OrganizationRights> {
  return staffQuery(runtime, 'organizationRights', () =>
    runtime.transport.call(orgApi['edms.organization.queryCurrentRights'], {}),
  );
}
