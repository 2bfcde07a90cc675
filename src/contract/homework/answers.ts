/**
 * A learner's answers to homework (homeworkMemberQuestion; server/homework/answers.ts,
 * submissions.ts): a draft per question, runs and submissions, the submission history, and
 * how staff read, grade and score them by hand.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import * as f from '../fields.ts';
import { gradedAnswer } from '../member-question/answers.ts';
import {
  answerFlags,
  answerStatus,
  answerSummary,
  customInput,
  judgeLanguage,
  judgeVerdict,
  queued,
  sourceCode,
} from '../member-question/common.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { questionType } from '../question/types.ts';
import { deletedAnswer, idBody, idQuery } from '../resource.ts';
import { STAFF, homeworkIdBody, text } from './common.ts';

export const homeworkAnswerItem = z.object({
  id: z.number().int(),
  homeworkId: z.number().int(),
  enrollId: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  questionId: z.number().int(),
  questionTitle: z.string(),
  questionType: questionType,
  maxScore: z.number().int(),
  language: judgeLanguage.nullable(),
  /** The saved draft: code, or an objective answer's flags. */
  draft: z.string(),
  savedAt: z.string().nullable(),
  submissions: z.number().int(),
  /** Best score so far (late ones with the penalty), in this question's points. */
  bestScore: z.number(),
  bestLate: z.boolean(),
  /** The settled score, null until the homework settles. */
  score: z.number().nullable(),
  bestAnswerId: z.number().int().nullable(),
  latestAnswerId: z.number().int().nullable(),
  latestStatus: answerStatus.nullable(),
  latestVerdict: judgeVerdict.nullable(),
});
export type HomeworkAnswerItem = z.infer<typeof homeworkAnswerItem>;
export const homeworkAnswerFilter = z.strictObject({
  homeworkId: f.id.optional(),
  homeworkEnrollId: f.id.optional(),
  memberId: f.id.optional(),
  questionId: f.id.optional(),
});
export const HOMEWORK_ANSWER_SORT = ['id', 'savedAt'] as const;

/** One submission of a homework answer, as its learner reads it in the room's history. */
export const homeworkSubmission = answerSummary.omit({ kind: true }).extend({
  /** Came after the due time: marked 补交 and scored with the homework's penalty. */
  late: z.boolean(),
  /** An objective answer's option flags; null for a program. */
  answer: z.string().nullable(),
});
export type HomeworkSubmission = z.infer<typeof homeworkSubmission>;
export const homeworkSubmissionFilter = z.strictObject({
  homeworkEnrollId: f.id,
  questionId: f.id.optional(),
});
export const HOMEWORK_SUBMISSION_SORT = ['id'] as const;
export const byEnrollBody = z.strictObject({ homeworkEnrollId: f.id });
export const answerKeyQuery = z.strictObject({ homeworkEnrollId: f.id, questionId: f.id });

export const saveHomeworkAnswerBody = z.strictObject({
  homeworkEnrollId: f.id,
  questionId: f.id,
  language: judgeLanguage.optional(),
  /** Code, or an objective question's option flags. */
  draft: z.string().max(65_536, '草稿最多 64 KiB'),
});
export const submitHomeworkAnswerBody = z.strictObject({
  homeworkEnrollId: f.id,
  questionId: f.id,
  language: judgeLanguage.optional(),
  source: sourceCode.optional(),
  answer: answerFlags.optional(),
});
export const debugHomeworkAnswerBody = z.strictObject({
  homeworkEnrollId: f.id,
  questionId: f.id,
  language: judgeLanguage,
  source: sourceCode,
  input: customInput,
});
export const staffAnswerCreate = z.strictObject({
  homeworkEnrollId: f.id,
  questionId: f.id,
  /** Whole points given by hand (an answer handed in on paper …), within the question's score. */
  score: f.wholeNumber(0, 1000),
  remark: text('备注', 200).default(''),
});
export const staffAnswerUpdate = z.strictObject({
  id: f.id,
  score: f.wholeNumber(0, 1000),
  remark: text('备注', 200).default(''),
});

/** The grading overview: learners × questions, each cell the best so far. */
export const gradingCell = z.object({
  questionId: z.number().int(),
  bestScore: z.number().nullable(),
  verdict: judgeVerdict.nullable(),
  status: answerStatus.nullable(),
  late: z.boolean(),
  submissions: z.number().int(),
  /** The score was given by hand (homeworkMemberQuestion.create/update), not by the judge. */
  manual: z.boolean(),
});
export const gradingOverview = z.object({
  homeworkId: z.number().int(),
  questions: z.array(
    z.object({ questionId: z.number().int(), title: z.string(), score: z.number().int() }),
  ),
  members: z.array(
    z.object({
      memberId: z.number().int(),
      memberName: z.string(),
      enrollId: z.number().int(),
      groups: z.array(z.string()),
      total: z.number(),
      maxScore: z.number().int(),
      lateCount: z.number().int(),
      cells: z.array(gradingCell),
    }),
  ),
  serverNow: z.string(),
});

const answerById = (access: Access, summary: string) =>
  spec({ method: 'GET', access, summary, query: idQuery, response: homeworkAnswerItem });
const answerList = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary,
    query: pageQueryOf(HOMEWORK_ANSWER_SORT),
    body: homeworkAnswerFilter,
    response: pageOf(homeworkAnswerItem),
  });
const byEnroll = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary,
    query: pageQueryOf(HOMEWORK_ANSWER_SORT),
    body: byEnrollBody,
    response: pageOf(homeworkAnswerItem),
  });
const grading = (access: Access, summary: string) =>
  spec({ method: 'POST', access, summary, body: homeworkIdBody, response: gradingOverview });

/** Scores given by hand (`scope` says whose homework, for the organization's screens). */
const handScore = (access: Access, scope: string) =>
  spec({
    method: 'POST',
    access,
    summary: `人工登记一道题的得分（如纸质提交）${scope}`,
    body: staffAnswerCreate,
    response: homeworkAnswerItem,
  });
const rescore = (access: Access, scope: string) =>
  spec({
    method: 'PUT',
    access,
    summary: `人工改分（结算后的得分）${scope}`,
    body: staffAnswerUpdate,
    response: homeworkAnswerItem,
  });
const voiding = (access: Access, scope: string) =>
  spec({
    method: 'DELETE',
    access,
    summary: `作废一道题的作答（不计分，提交记录保留）${scope}`,
    body: idBody,
    response: deletedAnswer,
  });

export const answerCalls = defineCalls({
  'bms.homeworkMemberQuestion.queryById': answerById('platformAdmin', '一道题的作答'),
  'bms.homeworkMemberQuestion.queryLatestList': answerList('platformAdmin', '最近的作答'),
  'bms.homeworkMemberQuestion.queryList': answerList('platformAdmin', '作业作答'),
  'bms.homeworkMemberQuestion.queryListByHomeworkEnroll': byEnroll(
    'platformAdmin',
    '一名学员一份作业的全部作答',
  ),
  'bms.homeworkMemberQuestion.queryListByTeacher': answerList('platformAdmin', '作业作答'),
  'bms.homeworkMemberQuestion.queryStatisticsGroupByMember': grading(
    'platformAdmin',
    '批改总览：学员 × 题目的最好成绩',
  ),
  'bms.homeworkMemberQuestion.create': handScore('platformAdmin', ''),
  'bms.homeworkMemberQuestion.update': rescore('platformAdmin', ''),
  'bms.homeworkMemberQuestion.delete': voiding('platformAdmin', ''),
  'bms.homeworkMemberQuestion.querySimpleList': answerList('platformAdmin', '作业作答'),

  'edms.homeworkMemberQuestion.queryById': answerById('teacher', '一道题的作答（含草稿）'),
  'edms.homeworkMemberQuestion.queryLatestList': answerList('teacher', '最近的作答'),
  'edms.homeworkMemberQuestion.queryList': answerList('teacher', `作业作答（${STAFF}）`),
  'edms.homeworkMemberQuestion.queryListByTeacher': answerList('teacher', '本人布置的作业的作答'),
  'edms.homeworkMemberQuestion.queryStatisticsGroupByMember': grading(
    'teacher',
    '批改总览：学员 × 题目的最好成绩、判题结果与是否补交',
  ),
  'edms.homeworkMemberQuestion.queryListByHomeworkEnroll': byEnroll(
    'teacher',
    '一名学员一份作业的全部作答',
  ),
  // Not in spec 001's edms list: an organization's teachers grade paper answers of their own
  // classes as platform staff do (issue 27: a school's 阅卷老师 sets hand scores).
  'edms.homeworkMemberQuestion.create': handScore('teacher', `；${STAFF}`),
  'edms.homeworkMemberQuestion.update': rescore('teacher', `；${STAFF}`),
  'edms.homeworkMemberQuestion.delete': voiding('teacher', `；${STAFF}`),

  'oj.homeworkMemberQuestion.save': spec({
    method: 'POST',
    access: 'member',
    summary: '保存一道题的草稿（代码或客观题选项）；作业结算后不能再保存',
    body: saveHomeworkAnswerBody,
    response: homeworkAnswerItem,
  }),
  'oj.homeworkMemberQuestion.submit': spec({
    method: 'POST',
    access: 'member',
    summary:
      '提交一道题：客观题立即判分，编程题进入判题队列（不占每日提交次数）；截止后补交标记为补交，结算后拒绝',
    body: submitHomeworkAnswerBody,
    response: gradedAnswer,
  }),
  'oj.homeworkMemberQuestion.debug': spec({
    method: 'POST',
    access: 'member',
    summary: '在自定义输入上运行作业中的编程题（不计为提交）',
    body: debugHomeworkAnswerBody,
    response: queued,
  }),
  'oj.homeworkMemberQuestion.queryById': answerById('member', '本人的一道题的作答'),
  'oj.homeworkMemberQuestion.queryLatest': spec({
    method: 'GET',
    access: 'member',
    summary: '本人在一份作业中一道题的作答（无则 null）',
    query: answerKeyQuery,
    response: homeworkAnswerItem.nullable(),
  }),
  'oj.homeworkMemberQuestion.querySubmissionList': spec({
    method: 'POST',
    access: 'member',
    summary:
      '本人一份作业的提交记录（可限定一道题，新的在前）：判题结果、得分、是否补交，客观题附所选选项；计分的提交都在，清空作答记录不影响',
    query: pageQueryOf(HOMEWORK_SUBMISSION_SORT),
    body: homeworkSubmissionFilter,
    response: pageOf(homeworkSubmission),
  }),
  'oj.homeworkMemberQuestion.queryLatestList': answerList('member', '本人最近的作答'),
  'oj.homeworkMemberQuestion.queryList': answerList('member', '本人的作业作答'),
  'oj.homeworkMemberQuestion.queryListByHomeworkEnroll': byEnroll(
    'member',
    '本人一份作业的全部作答（刷新或换设备后恢复）',
  ),
  'oj.homeworkMemberQuestion.queryListByTeacher': answerList('member', '本人的作业作答'),
  'oj.homeworkMemberQuestion.queryStatisticsGroupByMember': grading(
    'member',
    '本人在一份作业中各题的最好成绩',
  ),
});
