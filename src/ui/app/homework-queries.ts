/**
 * Read queries of the learner's homework screens (issue 8 item 5: /user/homework, the room and
 * the reports), on the runtime's SWR cache. Every key names the member, so another login never
 * reads a cached answer; a graded answer in the room marks them all stale (the `homework` tag).
 */
import type { CallResult } from '../../contract/call.ts';
import { homework } from '../../contract/homework/refs.ts';
import { memberQuestion } from '../../contract/member-question/refs.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import { definedQuery as defined, memberKey } from './defined-query.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { homeworkTag } from './modules/homework.ts';

export type HomeworkEnrollPage = CallResult<(typeof homework)['oj.homeworkEnroll.queryList']>;
export type MineHomeworkStatistics = CallResult<
  (typeof homework)['oj.homeworkEnroll.queryMineStatistics']
>;
export type HomeworkReport = CallResult<(typeof homework)['oj.homeworkEnroll.report']>;
export type HomeworkQuestionList = CallResult<(typeof homework)['oj.homework.queryQuestionList']>;
export type SubmissionPage = CallResult<
  (typeof homework)['oj.homeworkMemberQuestion.querySubmissionList']
>;
export type AnswerDetail = CallResult<(typeof memberQuestion)['memberQuestion.queryById']>;

const HOMEWORK_PREFIX = 'homework:';
const MINE = (runtime: Runtime) => `${HOMEWORK_PREFIX}${memberKey(runtime)}`;

/** One page of the member's homework (their enrollments), the latest due first. */
export function myHomeworkPage(runtime: Runtime, page: number): QueryDef<HomeworkEnrollPage> {
  return defined(
    runtime,
    pageKey(`${MINE(runtime)}:list`, page),
    () =>
      runtime.transport.call(homework['oj.homeworkEnroll.queryList'], {
        query: { page, size: DEFAULT_PAGE_SIZE },
        body: {},
      }),
    [homeworkTag],
  );
}

export function myHomeworkStatistics(runtime: Runtime): QueryDef<MineHomeworkStatistics> {
  return defined(
    runtime,
    `${MINE(runtime)}:statistics`,
    () => runtime.transport.call(homework['oj.homeworkEnroll.queryMineStatistics'], {}),
    [homeworkTag],
  );
}

/**
 * The member's report of one homework — their latest enrollment in it with the homework and
 * each question's progress (null: not assigned to them). The room and /homework/report read it.
 */
export function mineHomework(
  runtime: Runtime,
  homeworkId: number,
): QueryDef<HomeworkReport | null> {
  return defined(
    runtime,
    `${MINE(runtime)}:mine:${homeworkId}`,
    () =>
      runtime.transport.call(homework['oj.homeworkEnroll.queryMineLatestEnroll'], {
        query: { homeworkId },
        skipErrorHandler: true,
      }),
    [homeworkTag],
  );
}

/** One enrollment's report (/homework/report/enroll). */
export function enrollReport(runtime: Runtime, enrollId: number): QueryDef<HomeworkReport> {
  return defined(
    runtime,
    `${MINE(runtime)}:report:${enrollId}`,
    () =>
      runtime.transport.call(homework['oj.homeworkEnroll.report'], {
        query: { id: enrollId },
        skipErrorHandler: true,
      }),
    [homeworkTag],
  );
}

/** The homework's questions in order, with their scores (the room's navigator). */
export function homeworkQuestionList(
  runtime: Runtime,
  homeworkId: number,
): QueryDef<HomeworkQuestionList> {
  return defined(
    runtime,
    `${MINE(runtime)}:questions:${homeworkId}`,
    () =>
      runtime.transport.call(homework['oj.homework.queryQuestionList'], {
        body: { homeworkId },
        skipErrorHandler: true,
      }),
    [homeworkTag],
  );
}

/** One page of an enrollment's submissions of one question, newest first. */
export function questionSubmissions(
  runtime: Runtime,
  enrollId: number,
  questionId: number,
  page: number,
): QueryDef<SubmissionPage> {
  const key = pageKey(`${MINE(runtime)}:submissions:${enrollId}:${questionId}`, page);
  return defined(
    runtime,
    key,
    () =>
      runtime.transport.call(homework['oj.homeworkMemberQuestion.querySubmissionList'], {
        query: { page, size: DEFAULT_PAGE_SIZE },
        body: { homeworkEnrollId: enrollId, questionId },
      }),
    [homeworkTag],
  );
}

/** One answer with its code and the judge's verdicts (a finished answer does not change). */
export function answerDetail(runtime: Runtime, answerId: number): QueryDef<AnswerDetail> {
  return defined(
    runtime,
    `${MINE(runtime)}:answer:${answerId}`,
    () =>
      runtime.transport.call(memberQuestion['memberQuestion.queryById'], {
        query: { id: answerId },
      }),
    [homeworkTag],
  );
}
