/**
 * Back-office reads of courses and chapters (issue 9 item 6), keyed under `staff:` so a staff
 * write marks them stale: the course list by review state, a course's units, the chapters to
 * choose from, a chapter and its questions, and the card rights a unit may name.
 */
import type { CallResult } from '../../contract/call.ts';
import { chapter as chapterApi } from '../../contract/chapter/refs.ts';
import { course as courseApi } from '../../contract/course/refs.ts';
import { membership } from '../../contract/membership/refs.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import type { StaffArea } from './class-staff-queries.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { staffQuery } from './staff-queries.ts';

export type StaffCoursePage = CallResult<(typeof courseApi)['bms.course.queryList']>;
export type StaffCourse = StaffCoursePage['content'][number];
export type StaffUnits = CallResult<(typeof courseApi)['bms.course.queryChapterList']>;
export type StaffChapterPage = CallResult<(typeof chapterApi)['bms.chapter.queryList']>;
export type StaffChapter = CallResult<(typeof chapterApi)['bms.chapter.queryById']>;
export type StaffChapterQuestions = CallResult<
  (typeof chapterApi)['bms.chapter.queryQuestionList']
>;
export type RightPage = CallResult<(typeof membership)['bms.right.queryList']>;

export function staffCourses(
  runtime: Runtime,
  area: StaffArea,
  review: string,
  page: number,
): QueryDef<StaffCoursePage> {
  return staffQuery(runtime, pageKey(`${area}:courses:${review}`, page), () =>
    runtime.transport.call(courseApi[`${area}.course.queryList`], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: review ? { review: review as 'reviewing' } : {},
    }),
  );
}

export function staffUnits(runtime: Runtime, area: StaffArea, id: number): QueryDef<StaffUnits> {
  return staffQuery(runtime, `${area}:courseUnits:${id}`, () =>
    runtime.transport.call(courseApi[`${area}.course.queryChapterList`], { body: { id } }),
  );
}

export function staffChapters(
  runtime: Runtime,
  area: StaffArea,
  keyword: string,
  page: number,
  size = DEFAULT_PAGE_SIZE,
): QueryDef<StaffChapterPage> {
  return staffQuery(runtime, pageKey(`${area}:chapters:${keyword}:${size}`, page), () =>
    runtime.transport.call(chapterApi[`${area}.chapter.queryList`], {
      query: { page, size },
      body: keyword ? { keyword } : {},
    }),
  );
}

export function staffChapterQuestions(
  runtime: Runtime,
  area: StaffArea,
  id: number,
): QueryDef<StaffChapterQuestions> {
  return staffQuery(runtime, `${area}:chapterQuestions:${id}`, () =>
    runtime.transport.call(chapterApi[`${area}.chapter.queryQuestionList`], {
      query: { page: 0, size: 200 },
      body: { id },
    }),
  );
}

/** The published card rights a paid unit may name (platform staff read them; teachers see none). */
export function unitRights(runtime: Runtime, area: StaffArea): QueryDef<RightPage | null> {
  return staffQuery(runtime, `${area}:unitRights`, async () =>
    area === 'bms'
      ? runtime.transport.call(membership['bms.right.queryList'], {
          query: { page: 0, size: 100 },
          body: {},
        })
      : null,
  );
}
