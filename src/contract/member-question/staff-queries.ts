/**
 * Answers as staff read them (server/member-question/staff-queries.ts, teacher-handlers.ts and
 * member-wrong-list.ts): a teacher's students' submissions and statistics, one learner's wrong
 * questions and latest answers, cleaning members' histories, and the platform's reads of every
 * organization.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { ANSWER_SORT, WRONG_ANSWER_SORT } from './answers.ts';
import {
  answerDetail,
  answerKind,
  answerSummary,
  judgeLanguage,
  judgeVerdict,
  queued,
  sourceCode,
  wrongAnswer,
} from './common.ts';

/** Who on the platform entered an answer for its member (补录), null for the member's own. */
const enteredBy = z.object({ id: z.number().int(), nickname: z.string() }).nullable();

/**
 * A submission as a teacher sees it: whose it is, whether the platform entered it, and when it
 * left the member's own history (cleaned by them or by staff; staff still see it).
 */
export const teacherAnswerSummary = answerSummary.extend({
  memberId: z.number().int(),
  memberNickname: z.string(),
  enteredBy,
  cleanedAt: f.isoTime.nullable(),
});

/**
 * One member's totals. submissions, accepted, solvedQuestions and lastSubmittedAt count
 * first-attempt answers (kind submit) only; reviews (订正) are counted apart; debug and
 * playground runs not at all.
 */
export const memberAnswerStatistics = z.object({
  memberId: z.number().int(),
  memberNickname: z.string(),
  submissions: z.number().int(),
  accepted: z.number().int(),
  /** Distinct questions with at least one accepted submission. */
  solvedQuestions: z.number().int(),
  lastSubmittedAt: f.isoTime.nullable(),
  /** Review answers (订正). */
  reviews: z.number().int(),
  /** Distinct questions whose first submission failed and that a review then got accepted. */
  corrected: z.number().int(),
});
export type MemberAnswerStatistics = z.infer<typeof memberAnswerStatistics>;

/**
 * Answers as staff see them (docs/product-rules.md#the-call-catalogue bms memberQuestion, §7.4 edms memberQuestion). A
 * teacher reads the answers of their organization's members, including records a member cleaned
 * from their own history, and may clean members' histories for them; platform staff read every
 * organization's. Staff always see a failing case's data: the testCaseView right is a learner's.
 */
export const staffAnswerDetail = answerDetail.extend({
  memberId: z.number().int(),
  memberNickname: z.string(),
  organizationId: z.number().int(),
  enteredBy,
  cleanedAt: f.isoTime.nullable(),
});
export type StaffAnswerDetail = z.infer<typeof staffAnswerDetail>;

const latestBody = z.strictObject({
  memberId: f.id,
  questionIds: z.array(f.id).min(1).max(500),
});

/** What the per-member statistics sort by. */
export const MEMBER_STATISTICS_SORT = [
  'solvedQuestions',
  'accepted',
  'submissions',
  'reviews',
  'corrected',
  'memberId',
] as const;

const listByTeacher = spec({
  method: 'POST',
  access: 'teacher',
  summary:
    '教职工：可查看的学员（机构管理员本机构，教师本人的学员）的提交记录（分页，新的在前；含成员已清空的记录），可按成员、题目、结果筛选',
  query: pageQueryOf(ANSWER_SORT),
  body: z.strictObject({
    memberId: f.id.optional(),
    questionId: f.id.optional(),
    verdict: judgeVerdict.optional(),
  }),
  response: pageOf(teacherAnswerSummary),
});

export const statisticsGroupByMember = spec({
  method: 'POST',
  access: 'teacher',
  summary:
    '教职工：本机构中可查看的学员（教师：本人的学员）按成员统计提交数、通过数与通过的题目数（分页，通过题目多的在前；可限定题目）',
  query: pageQueryOf(MEMBER_STATISTICS_SORT),
  body: z.strictObject({ questionId: f.id.optional() }),
  response: pageOf(memberAnswerStatistics),
});

/** The un-prefixed staff reads of the catalogue. */
export const teacherAnswerCalls = defineCalls({
  'memberQuestion.queryListByTeacher': listByTeacher,
  'memberQuestion.queryStatisticsGroupByMember': statisticsGroupByMember,
});

/** One learner's wrong questions (an addition), then the edms and bms reads and cleans. */
export const staffAnswerCalls = defineCalls({
  /** An addition to the catalogue: the wrong questions of /chapter/student. */
  'memberQuestion.queryWrongListByMember': {
    method: 'POST',
    access: 'teacher',
    summary:
      '教师：一名学员的错题（分页）：最近一次提交（含订正）已判定且不是 AC 的题目，最近作答的在前（含学员已清空的记录）；只限能查看该学员的教职工，其他学员答 404',
    query: pageQueryOf(WRONG_ANSWER_SORT),
    body: z.strictObject({ memberId: f.id }),
    response: pageOf(wrongAnswer),
  },
  'edms.memberQuestion.queryById': {
    method: 'GET',
    access: 'teacher',
    summary:
      '教职工：可查看的学员（机构管理员本机构，教师本人的学员）一次作答的详情（代码、逐点结果；未通过测试点的数据总可查看）',
    query: z.strictObject({ id: f.id }),
    response: staffAnswerDetail,
  },
  'edms.memberQuestion.queryListByTeacher': listByTeacher,
  'edms.memberQuestion.queryLatestList': {
    method: 'POST',
    access: 'teacher',
    summary: '教职工：可查看的一名学员对各题最近一次提交或订正（含其已清空的记录）',
    body: latestBody,
    response: z.array(teacherAnswerSummary),
  },
  'edms.memberQuestion.queryStatisticsGroupByMember': statisticsGroupByMember,
  'edms.memberQuestion.batchClean': {
    method: 'POST',
    access: 'teacher',
    summary:
      '教职工：为可查看的学员（机构管理员本机构，教师本人的学员）清空作答记录（可限定题目）；记录仍保留用于统计，只是不再出现在成员本人的历史与错题中；不占成员的清空次数',
    body: z.strictObject({
      memberIds: z.array(f.id).min(1).max(500),
      questionId: f.id.optional(),
    }),
    response: z.object({ cleaned: z.number().int() }),
  },
  'bms.memberQuestion.queryById': {
    method: 'GET',
    access: 'platformAdmin',
    summary: '平台：任一作答的详情',
    query: z.strictObject({ id: f.id }),
    response: staffAnswerDetail,
  },
  'bms.memberQuestion.queryList': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '平台：全部作答（分页，新的在前），可按机构、成员、题目、类型、结果筛选',
    query: pageQueryOf(ANSWER_SORT),
    body: z.strictObject({
      organizationId: f.id.optional(),
      memberId: f.id.optional(),
      questionId: f.id.optional(),
      kind: answerKind.optional(),
      verdict: judgeVerdict.optional(),
    }),
    response: pageOf(teacherAnswerSummary.extend({ organizationId: z.number().int() })),
  },
  'bms.memberQuestion.queryLatestList': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '平台：某成员对各题最近一次提交或订正',
    body: latestBody,
    response: z.array(teacherAnswerSummary),
  },
  'bms.memberQuestion.querySimpleList': {
    method: 'POST',
    access: 'platformAdmin',
    summary:
      '平台：作答的简要列表（分页，新的在前；编号、成员、题目、结果），供选择框使用，可按成员、题目筛选',
    query: pageQueryOf(ANSWER_SORT),
    body: z.strictObject({ memberId: f.id.optional(), questionId: f.id.optional() }),
    response: pageOf(
      z.object({
        id: z.number().int(),
        memberId: z.number().int(),
        memberNickname: z.string(),
        questionId: z.number().int().nullable(),
        questionTitle: z.string().nullable(),
        verdict: judgeVerdict.nullable(),
        createdAt: f.isoTime,
      }),
    ),
  },
  'bms.memberQuestion.create': {
    method: 'POST',
    access: 'platformAdmin',
    summary:
      '平台：为成员补录一次编程题提交（如线下比赛或故障期间丢失的代码），照常评测、计入成员的记录并标明补录人；不占成员的每日额度',
    body: z.strictObject({
      memberId: f.id,
      questionId: f.id,
      language: judgeLanguage,
      source: sourceCode,
    }),
    response: queued,
  },
  'bms.memberQuestion.update': {
    method: 'PUT',
    access: 'platformAdmin',
    summary:
      '平台：重新评测一次练习提交或订正（题目测试数据或答案更正后）：编程题按现有测试点重新排队评测，客观题按现有答案当即重判；作业与考试的作答计入成绩，不在此重测',
    body: z.strictObject({ id: f.id }),
    response: queued,
  },
  'bms.memberQuestion.delete': {
    method: 'DELETE',
    access: 'platformAdmin',
    summary:
      '平台：把一次作答从成员本人的历史与错题中删去（记录仍保留用于统计与核查，不占成员的清空次数）',
    body: z.strictObject({ id: f.id }),
    response: z.object({ id: z.number().int(), cleanedAt: f.isoTime }),
  },
  'bms.memberQuestion.queryStatisticsGroupByMember': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '平台：某机构学员按成员统计提交数、通过数与通过的题目数（分页）',
    query: pageQueryOf(MEMBER_STATISTICS_SORT),
    body: z.strictObject({ organizationId: f.id, questionId: f.id.optional() }),
    response: pageOf(memberAnswerStatistics),
  },
});
