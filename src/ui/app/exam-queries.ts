/**
 * Read queries of the exam screens (issue 7), on the runtime's SWR cache. The member's own
 * enrollments, sittings and reports carry the `commerce` tag: an enrollment is an
 * order, so a purchase, a cancellation or a hand-in marks them stale together.
 */
import type { CallResult } from '../../contract/call.ts';
import { exam } from '../../contract/exam/refs.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import { definedQuery as defined, memberKey } from './defined-query.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { commerceTag } from './modules/commerce.ts';

export type ExamPage = CallResult<(typeof exam)['oj.exam.queryList']>;
export type ExamDetail = CallResult<(typeof exam)['exam.queryById']>;
export type ExamNotes = CallResult<(typeof exam)['exam.queryNotesById']>;
export type MineEnrollment = CallResult<(typeof exam)['oj.examEnroll.queryMineLatestEnroll']>;
export type EnrollPage = CallResult<(typeof exam)['oj.examEnroll.queryEnrollList']>;
export type SittingPage = CallResult<(typeof exam)['oj.examPaperEnroll.queryList']>;
export type Report = CallResult<(typeof exam)['oj.examPaperEnroll.report']>;
export type MineStatistics = CallResult<(typeof exam)['oj.examEnroll.queryMineStatistics']>;

const MINE = (runtime: Runtime) => `commerce:${memberKey(runtime)}:exam`;

/** One page of the exams open to the caller (a visitor: the public ones). */
export function examPage(runtime: Runtime, page: number, phase?: string): QueryDef<ExamPage> {
  return defined(runtime, pageKey(`exam:${memberKey(runtime)}:list:${phase ?? ''}`, page), () =>
    runtime.transport.call(exam['exam.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: phase ? { phase: phase as 'running' } : {},
    }),
  );
}

export function examDetail(runtime: Runtime, id: number): QueryDef<ExamDetail> {
  return defined(runtime, `exam:${memberKey(runtime)}:detail:${id}`, () =>
    runtime.transport.call(exam['exam.queryById'], { query: { id } }),
  );
}

export function examNotes(runtime: Runtime, id: number): QueryDef<ExamNotes> {
  return defined(runtime, `exam:notes:${id}`, () =>
    runtime.transport.call(exam['exam.queryNotesById'], { query: { id } }),
  );
}

/** The member's latest enrollment in the exam with their sittings (null: not enrolled). */
export function mineEnrollment(runtime: Runtime, examId: number): QueryDef<MineEnrollment> {
  return defined(
    runtime,
    `${MINE(runtime)}:mine:${examId}`,
    () =>
      runtime.transport.call(exam['oj.examEnroll.queryMineLatestEnroll'], { query: { examId } }),
    [commerceTag],
  );
}

export function myEnrollments(runtime: Runtime, page: number): QueryDef<EnrollPage> {
  return defined(
    runtime,
    pageKey(`${MINE(runtime)}:enrollments`, page),
    () =>
      runtime.transport.call(exam['oj.examEnroll.queryEnrollList'], {
        query: { page, size: DEFAULT_PAGE_SIZE },
        body: {},
      }),
    [commerceTag],
  );
}

export function mySittings(runtime: Runtime, page: number): QueryDef<SittingPage> {
  return defined(
    runtime,
    pageKey(`${MINE(runtime)}:sittings`, page),
    () =>
      runtime.transport.call(exam['oj.examPaperEnroll.queryList'], {
        query: { page, size: DEFAULT_PAGE_SIZE },
        body: {},
      }),
    [commerceTag],
  );
}

export function myExamStatistics(runtime: Runtime): QueryDef<MineStatistics> {
  return defined(
    runtime,
    `${MINE(runtime)}:statistics`,
    () => runtime.transport.call(exam['oj.examEnroll.queryMineStatistics'], {}),
    [commerceTag],
  );
}

export function sittingReport(runtime: Runtime, id: number): QueryDef<Report> {
  return defined(
    runtime,
    `${MINE(runtime)}:report:${id}`,
    () =>
      runtime.transport.call(exam['oj.examPaperEnroll.report'], {
        query: { id },
        skipErrorHandler: true,
      }),
    [commerceTag],
  );
}
