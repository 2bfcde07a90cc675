/**
 * Answers as staff see them (spec 001 §7.3 bms memberQuestion, §7.4 edms memberQuestion). A
 * teacher reads the answers of their organization's members, including records a member cleaned
 * from their own history, and may clean members' histories for them; platform staff read every
 * organization's. Staff always see a failing case's data: the testCaseView right is a learner's.
 */
import { z } from 'zod';
import { defineCall } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQuery } from '../paging.ts';
import * as routes from '../routes/staff-answers.ts';
import {
  answerDetail,
  answerKind,
  judgeVerdict,
  memberAnswerStatistics,
  memberQuestionQueryListByTeacher,
  memberQuestionQueryStatisticsGroupByMember,
  teacherAnswerSummary,
} from './member-question.ts';

/** An answer with whose it is, as staff read it. */
export const staffAnswerDetail = answerDetail.extend({
  memberId: z.number().int(),
  memberNickname: z.string(),
  organizationId: z.number().int(),
});
export type StaffAnswerDetail = z.infer<typeof staffAnswerDetail>;

const latestBody = z.strictObject({
  memberId: f.id,
  questionIds: z.array(f.id).min(1).max(500),
});

export const edms = {
  queryById: defineCall({
    ...routes.edmsQueryById,
    access: 'teacher',
    summary: '教师：本机构成员一次作答的详情（代码、逐点结果；未通过测试点的数据总可查看）',
    query: z.strictObject({ id: f.id }),
    response: staffAnswerDetail,
  }),
  queryListByTeacher: defineCall({
    ...memberQuestionQueryListByTeacher,
    ...routes.edmsQueryListByTeacher,
  }),
  queryLatestList: defineCall({
    ...routes.edmsQueryLatestList,
    access: 'teacher',
    summary: '教师：本机构某成员对各题最近一次提交或订正（含其已清空的记录）',
    body: latestBody,
    response: z.array(teacherAnswerSummary),
  }),
  queryStatisticsGroupByMember: defineCall({
    ...memberQuestionQueryStatisticsGroupByMember,
    ...routes.edmsQueryStatisticsGroupByMember,
  }),
  batchClean: defineCall({
    ...routes.edmsBatchClean,
    access: 'teacher',
    summary:
      '教师：为本机构成员清空作答记录（可限定题目）；记录仍保留用于统计，只是不再出现在成员本人的历史与错题中；不占成员的清空次数',
    body: z.strictObject({
      memberIds: z.array(f.id).min(1).max(500),
      questionId: f.id.optional(),
    }),
    response: z.object({ cleaned: z.number().int() }),
  }),
};

export const bms = {
  queryById: defineCall({
    ...routes.bmsQueryById,
    access: 'platformAdmin',
    summary: '平台：任一作答的详情',
    query: z.strictObject({ id: f.id }),
    response: staffAnswerDetail,
  }),
  queryList: defineCall({
    ...routes.bmsQueryList,
    access: 'platformAdmin',
    summary: '平台：全部作答（分页，新的在前），可按机构、成员、题目、类型、结果筛选',
    query: pageQuery,
    body: z.strictObject({
      organizationId: f.id.optional(),
      memberId: f.id.optional(),
      questionId: f.id.optional(),
      kind: answerKind.optional(),
      verdict: judgeVerdict.optional(),
    }),
    response: pageOf(teacherAnswerSummary.extend({ organizationId: z.number().int() })),
  }),
  queryLatestList: defineCall({
    ...routes.bmsQueryLatestList,
    access: 'platformAdmin',
    summary: '平台：某成员对各题最近一次提交或订正',
    body: latestBody,
    response: z.array(teacherAnswerSummary),
  }),
  queryStatisticsGroupByMember: defineCall({
    ...routes.bmsQueryStatisticsGroupByMember,
    access: 'platformAdmin',
    summary: '平台：某机构学员按成员统计提交数、通过数与通过的题目数（分页）',
    query: pageQuery,
    body: z.strictObject({ organizationId: f.id, questionId: f.id.optional() }),
    response: pageOf(memberAnswerStatistics),
  }),
};
