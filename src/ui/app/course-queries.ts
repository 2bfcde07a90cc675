/**
 * Read queries of the learners' course screens (issue 9 item 2): the catalogue, one course with
 * its units, a unit (chapter) with its questions. What carries the member's progress or what
 * they may open carries the `memberAnswers` tag (keyed with the member's id), so answering a
 * question or buying a unit (a `purchase` change) makes it stale.
 */
import type { CallBody, CallResult } from '../../contract/call.ts';
import { chapter as chapterApi } from '../../contract/chapter/refs.ts';
import { course as courseApi } from '../../contract/course/refs.ts';
import { memberDocument as documentApi } from '../../contract/member-document/refs.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import { definedQuery as defined, memberKey } from './defined-query.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { memberAnswersTag } from './modules/practice.ts';

export type CoursePage = CallResult<(typeof courseApi)['course.queryList']>;
export type CourseItem = CallResult<(typeof courseApi)['course.queryById']>;
export type CourseUnits = CallResult<(typeof courseApi)['course.queryChapterList']>;
export type CourseFilter = CallBody<(typeof courseApi)['course.queryList']>;
export type ChapterDetail = CallResult<(typeof chapterApi)['chapter.queryById']>;
export type ChapterQuestionPage = CallResult<(typeof chapterApi)['oj.chapter.queryQuestion']>;

const mine = (runtime: Runtime) => `memberAnswers:${memberKey(runtime)}:course`;

/** One page of the courses the caller may see, with their progress in each. */
export function coursePage(
  runtime: Runtime,
  filter: CourseFilter,
  page: number,
  size = DEFAULT_PAGE_SIZE,
): QueryDef<CoursePage> {
  return defined(
    runtime,
    pageKey(`${mine(runtime)}:list:${JSON.stringify(filter)}:${size}`, page),
    () =>
      runtime.transport.call(courseApi['course.queryList'], {
        query: { page, size },
        body: filter,
      }),
    [memberAnswersTag],
  );
}

export function courseDetail(runtime: Runtime, id: number): QueryDef<CourseItem> {
  return defined(
    runtime,
    `${mine(runtime)}:detail:${id}`,
    () =>
      runtime.transport.call(courseApi['course.queryById'], {
        query: { id },
        skipErrorHandler: true,
      }),
    [memberAnswersTag],
  );
}

export function courseUnits(runtime: Runtime, id: number): QueryDef<CourseUnits> {
  return defined(
    runtime,
    `${mine(runtime)}:units:${id}`,
    () => runtime.transport.call(courseApi['course.queryChapterList'], { body: { id } }),
    [memberAnswersTag],
  );
}

/** A unit as the member reads it: notes, and its material when they may open it. */
export function chapterDetail(runtime: Runtime, id: number): QueryDef<ChapterDetail> {
  return defined(
    runtime,
    `${mine(runtime)}:chapter:${id}`,
    () =>
      runtime.transport.call(chapterApi['chapter.queryById'], {
        query: { id },
        skipErrorHandler: true,
      }),
    [memberAnswersTag],
  );
}

/** A unit's questions with the member's status on each (every question: a unit holds ≤ 200). */
export function chapterQuestions(runtime: Runtime, id: number): QueryDef<ChapterQuestionPage> {
  return defined(
    runtime,
    `${mine(runtime)}:chapterQuestions:${id}`,
    () =>
      runtime.transport.call(chapterApi['oj.chapter.queryQuestion'], {
        query: { page: 0, size: 200 },
        body: { id },
        skipErrorHandler: true,
      }),
    [memberAnswersTag],
  );
}

export type DocumentPage = CallResult<(typeof documentApi)['memberDocument.queryList']>;
export type DocumentListItem = DocumentPage['content'][number];
type DocumentFilter = CallBody<(typeof documentApi)['memberDocument.queryList']>;

/** Published documents (content-centre articles, solution write-ups) the caller may read. */
export function publishedDocuments(
  runtime: Runtime,
  filter: DocumentFilter,
  size: number,
): QueryDef<DocumentPage> {
  return defined(
    runtime,
    `${mine(runtime)}:documents:${JSON.stringify(filter)}:${size}`,
    () =>
      runtime.transport.call(documentApi['memberDocument.queryList'], {
        query: { page: 0, size },
        body: filter,
      }),
    [memberAnswersTag],
  );
}

/** The items of a dictionary (course tags and levels), through the runtime's dictionary cache. */
export function dictItems(runtime: Runtime, code: string) {
  return defined(runtime, `dict:${code}`, () => runtime.dict.get(code));
}
