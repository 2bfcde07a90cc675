/**
 * Answers in a sitting (examMemberQuestion, every area; server/exam/answers.ts): autosave by
 * revision, runs on custom input, staff's changes, and the answers' statistics.
 */
import { z } from 'zod';
import * as f from '../fields.ts';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { judgeLanguage, judgeVerdict, queued } from '../member-question/common.ts';
import { questionType } from '../question/types.ts';
import { deletedAnswer, idQuery } from '../resource.ts';
import { text } from './common.ts';

export const MAX_EXAM_SOURCE = 64 * 1024;
export const saveBody = z.strictObject({
  examPaperEnrollId: f.id,
  questionId: f.id,
  /** The client's counter for this question: a save with an older one changes nothing. */
  revision: f.wholeNumber(1, 2_147_483_647),
  answer: z
    .string()
    .regex(/^[01]{0,4}$/, '答案为每个选项一位 0/1，如 0100')
    .optional(),
  language: judgeLanguage.optional(),
  source: z.string().max(MAX_EXAM_SOURCE, `代码最多 ${MAX_EXAM_SOURCE} 个字符`).optional(),
  flagged: z.boolean().optional(),
});
export const saveAck = z.object({
  id: z.number().int(),
  questionId: z.number().int(),
  /** The revision now stored: the one sent, or a newer one that was saved before. */
  revision: z.number().int(),
  applied: z.boolean(),
  savedAt: f.isoTime,
  serverNow: f.isoTime,
});
export type SaveAck = z.infer<typeof saveAck>;
export const debugBody = z.strictObject({
  examPaperEnrollId: f.id,
  questionId: f.id,
  language: judgeLanguage,
  source: z.string().min(1, '代码不能为空').max(MAX_EXAM_SOURCE),
  input: z.string().max(256 * 1024, '输入最多 262144 个字符'),
});

export const examAnswerItem = z.object({
  id: z.number().int(),
  examPaperEnrollId: z.number().int(),
  examId: z.number().int(),
  examPaperId: z.number().int(),
  questionId: z.number().int(),
  questionTitle: z.string(),
  questionType: questionType,
  memberId: z.number().int(),
  memberName: z.string(),
  answer: z.string(),
  language: z.string().nullable(),
  source: z.string(),
  flagged: z.boolean(),
  revision: z.number().int(),
  savedAt: f.isoTime,
  /** Null until settled (and, for the learner, until results are out). */
  score: z.number().int().nullable(),
  maxScore: z.number().int(),
  verdict: judgeVerdict.nullable(),
  judgeAnswerId: z.number().int().nullable(),
  overrideScore: z.number().int().nullable(),
  overrideReason: z.string().nullable(),
  voided: z.boolean(),
});
export type ExamAnswerItem = z.infer<typeof examAnswerItem>;
export const examAnswerFilter = z.strictObject({
  examPaperEnrollId: f.id.optional(),
  examId: f.id.optional(),
  examPaperId: f.id.optional(),
  questionId: f.id.optional(),
  memberId: f.id.optional(),
});
export const EXAM_ANSWER_SORT = ['id', 'savedAt'] as const;
export const answerLatestQuery = z.strictObject({
  examPaperEnrollId: f.id,
  questionId: f.id,
});
export const byStatisticsBody = z.strictObject({ examId: f.id, examPaperId: f.id.optional() });
export const memberScoreRow = z.object({
  memberId: z.number().int(),
  memberName: z.string(),
  sittings: z.number().int(),
  reported: z.number().int(),
  totalScore: z.number().int(),
  maxScore: z.number().int(),
  usedSeconds: z.number().int(),
  rank: z.number().int().nullable(),
});
export const questionStatisticsBody = z.strictObject({
  examPaperId: f.id,
  examId: f.id.optional(),
});
export const questionStatisticsRow = z.object({
  questionId: z.number().int(),
  title: z.string(),
  type: questionType,
  score: z.number().int(),
  answered: z.number().int(),
  /** Answers that earned the full score. */
  fullMarks: z.number().int(),
  averageScore: z.number().nullable(),
  /** Objective questions: how many chose each option (A, B, C, D). */
  optionCounts: z.array(z.number().int()),
});
export const staffAnswerCreate = z.strictObject({
  examPaperEnrollId: f.id,
  questionId: f.id,
  answer: z
    .string()
    .regex(/^[01]{0,4}$/, '答案为每个选项一位 0/1，如 0100')
    .default(''),
  language: judgeLanguage.optional(),
  source: z.string().max(MAX_EXAM_SOURCE).default(''),
  reason: text('补录原因', 1, 200),
});
export const staffAnswerUpdate = z.strictObject({
  id: f.id,
  /** The score staff give; null returns the answer to the score settlement gives. */
  overrideScore: f.wholeNumber(0, 1000).nullable(),
  reason: text('改分原因', 1, 200),
});
export const staffAnswerDelete = z.strictObject({
  id: f.id,
  reason: z.string().trim().max(200).optional(),
});

const save = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary:
      '保存一道题的作答（自动保存）：仅作答中且截止时间（含 5 秒网络宽限）前接受；revision 较旧的保存不改变任何数据',
    body: saveBody,
    response: saveAck,
  });
const debug = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary:
      '考试中用自定义输入运行编程题（不计分，不显示测试数据结果）；结果用 memberQuestion 查询',
    body: debugBody,
    response: queued,
  });
const answerById = (access: Access, summary: string) =>
  spec({ method: 'GET', access, summary, query: idQuery, response: examAnswerItem });
const answerLatest = (access: Access) =>
  spec({
    method: 'GET',
    access,
    summary: '本人某份答卷某道题的作答（无则 null）',
    query: answerLatestQuery,
    response: examAnswerItem.nullable(),
  });
const answerList = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary,
    query: pageQueryOf(EXAM_ANSWER_SORT),
    body: examAnswerFilter,
    response: pageOf(examAnswerItem),
  });
const byMember = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '按学员汇总的成绩（总分、用时、名次）',
    body: byStatisticsBody,
    response: z.array(memberScoreRow),
  });
const byQuestion = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '试卷每道题的统计：作答人数、满分人数、平均分、各选项人数',
    body: questionStatisticsBody,
    response: z.array(questionStatisticsRow),
  });

export const answerCalls = defineCalls({
  'bms.examMemberQuestion.create': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '补录一道题的作答（已交卷的答卷；须填写原因），随后重新结算',
    body: staffAnswerCreate,
    response: examAnswerItem,
  },
  'bms.examMemberQuestion.update': {
    method: 'PUT',
    access: 'platformAdmin',
    summary: '人工改分（须填写原因；null 恢复为结算得分），随后重新结算',
    body: staffAnswerUpdate,
    response: examAnswerItem,
  },
  'bms.examMemberQuestion.delete': {
    method: 'DELETE',
    access: 'platformAdmin',
    summary: '作废一道题的作答（记 0 分，记录保留），随后重新结算',
    body: staffAnswerDelete,
    response: deletedAnswer,
  },
  'bms.examMemberQuestion.queryById': answerById('platformAdmin', '任一作答'),
  'bms.examMemberQuestion.queryList': answerList('platformAdmin', '全部作答'),
  'bms.examMemberQuestion.querySimpleList': answerList('platformAdmin', '全部作答（精简）'),
  'bms.examMemberQuestion.queryLatestList': answerList(
    'platformAdmin',
    '最近保存的作答（最新在前）',
  ),
  'bms.examMemberQuestion.queryListByExamPaperEnroll': answerList(
    'platformAdmin',
    '一份答卷的全部作答',
  ),
  'bms.examMemberQuestion.queryListByTeacher': answerList('platformAdmin', '全部作答'),
  'bms.examMemberQuestion.queryStatisticsGroupByMember': byMember('platformAdmin'),

  'edms.examMemberQuestion.queryById': answerById(
    'teacher',
    '本机构考试中（教师：本人学员）的作答',
  ),
  'edms.examMemberQuestion.queryList': answerList(
    'teacher',
    '本机构考试中（教师：本人学员）的作答',
  ),
  'edms.examMemberQuestion.queryLatestList': answerList(
    'teacher',
    '本机构考试中（教师：本人学员）最近保存的作答（最新在前）',
  ),
  'edms.examMemberQuestion.queryListByExamPaperEnroll': answerList(
    'teacher',
    '本机构一份答卷的全部作答',
  ),
  'edms.examMemberQuestion.queryListByTeacher': answerList(
    'teacher',
    '本机构考试中（教师：本人学员）的作答',
  ),
  'edms.examMemberQuestion.queryStatisticsGroupByMember': byMember('teacher'),

  'examMemberQuestion.save': save('member'),
  'examMemberQuestion.debug': debug('member'),
  'examMemberQuestion.queryById': answerById(
    'member',
    '作答：学员本人的（成绩公布前不含得分）；机构管理员本机构考试的，教师其中本人学员的；平台管理员全部',
  ),
  'examMemberQuestion.queryLatest': answerLatest('member'),
  'examMemberQuestion.queryList': answerList(
    'member',
    '作答：学员本人的；机构管理员本机构考试的，教师其中本人学员的；平台全部',
  ),
  'examMemberQuestion.queryLatestList': answerList('member', '最近保存的作答（最新在前）'),
  'examMemberQuestion.queryListByExamPaperEnroll': answerList(
    'member',
    '一份答卷的全部作答（刷新或换设备后恢复作答）',
  ),
  'examMemberQuestion.queryListByTeacher': answerList(
    'teacher',
    '本机构考试中（教师：本人学员）的作答',
  ),
  'examMemberQuestion.queryStatisticsGroupByMember': byMember('teacher'),
  'examMemberQuestion.queryQuestionStatisticsByExamPaper': byQuestion('teacher'),

  'oj.examMemberQuestion.save': save('member'),
  'oj.examMemberQuestion.debug': debug('member'),
  'oj.examMemberQuestion.queryById': answerById('member', '本人的作答'),
  'oj.examMemberQuestion.queryLatest': answerLatest('member'),
  'oj.examMemberQuestion.queryList': answerList('member', '本人的作答'),
  'oj.examMemberQuestion.queryLatestList': answerList('member', '本人最近保存的作答'),
  'oj.examMemberQuestion.queryListByExamPaperEnroll': answerList(
    'member',
    '本人一份答卷的全部作答（刷新或换设备后恢复作答）',
  ),
  'oj.examMemberQuestion.queryListByTeacher': answerList(
    'teacher',
    '本人的考试作答（教师在学员区只读本人的）',
  ),
  'oj.examMemberQuestion.queryStatisticsGroupByMember': byMember('member'),
  'oj.examMemberQuestion.queryQuestionStatisticsByExamPaper': byQuestion('member'),
});
