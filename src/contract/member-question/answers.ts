/**
 * A learner's answers (server/member-question/answers.ts, with grading.ts, drafts.ts and
 * quota.ts): submit and review, the daily quota, a question's drafts, a debug run, and reading
 * back their own answers, the wrong list and a failing case.
 */
import { z } from 'zod';
import { defineCalls, type CallSpec } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import {
  MAX_SOURCE,
  answerDetail,
  answerFlags,
  answerKind,
  answerSummary,
  caseData,
  caseResult,
  customInput,
  judgeLanguage,
  judgeVerdict,
  queued,
  sourceCode,
  statusEvent,
  wrongAnswer,
} from './common.ts';

const answerBody = z.strictObject({
  questionId: f.id,
  /** Programming questions: language and source. */
  language: judgeLanguage.optional(),
  source: sourceCode.optional(),
  /** Objective questions: the option flags. */
  answer: answerFlags.optional(),
});

/**
 * What a graded answer returns: its summary and, for an objective question, the correct flags
 * and the analysis, shown once the learner has answered (null for programming questions).
 */
export const gradedAnswer = answerSummary.extend({
  solution: z.object({ answer: answerFlags, analysis: z.string() }).nullable(),
});
export type GradedAnswer = z.infer<typeof gradedAnswer>;

/** Today's use of a daily counter; limit null: unlimited by the member's card rights. */
export const quotaUsage = z.object({
  used: z.number().int(),
  limit: z.number().int().nullable(),
});

export const quotaAnswer = z.object({
  submissions: quotaUsage,
  cleans: quotaUsage,
  resetsAt: f.isoTime,
});

export const draft = z.object({
  language: judgeLanguage,
  source: z.string(),
  input: z.string().nullable(),
  updatedAt: f.isoTime,
});

/** What answer lists and the wrong list sort by. */
export const ANSWER_SORT = ['id', 'createdAt'] as const;
export const WRONG_ANSWER_SORT = ['answeredAt'] as const;

export const answerById = {
  method: 'GET',
  access: 'member',
  summary: '本人一次作答的详情与判题状态（轮询直到 status 为 done 或 failed）',
  query: z.strictObject({ id: f.id }),
  response: answerDetail,
} satisfies CallSpec;

export const latestAnswers = {
  method: 'POST',
  access: 'member',
  summary: '本人对各题最近一次提交（含订正）',
  body: z.strictObject({ questionIds: z.array(f.id).min(1).max(500) }),
  response: z.array(answerSummary),
} satisfies CallSpec;

export const answerList = {
  method: 'POST',
  access: 'member',
  summary: '本人的提交记录（分页，新的在前）',
  query: pageQueryOf(ANSWER_SORT),
  body: z.strictObject({
    questionId: f.id.optional(),
    kind: answerKind.optional(),
    /** Any of these kinds (the practice history: submissions and corrections together). */
    kinds: z.array(answerKind).min(1).max(4).optional(),
    verdict: judgeVerdict.optional(),
  }),
  response: pageOf(answerSummary),
} satisfies CallSpec;

export const answerCalls = defineCalls({
  'memberQuestion.submitAnswer': {
    method: 'POST',
    access: 'member',
    summary:
      '提交答案：编程题进入判题队列（计入每日提交次数，无 unlimitedSubmission 权益时超出即 QUOTA_USED_UP）；客观题（answer 为每个选项一位 0/1）当即判分，并返回正确答案与解析',
    body: answerBody,
    response: gradedAnswer,
  },
  'memberQuestion.reviewSubmit': {
    method: 'POST',
    access: 'member',
    summary:
      '订正：对本人提交过但未通过（有未清空的非 AC 提交）的题目再次提交，判题同 submitAnswer，记为 kind review；编程题计入每日提交次数；没有未通过的提交时 CONFLICT',
    body: answerBody,
    response: gradedAnswer,
  },
  'memberQuestion.queryQuota': {
    method: 'GET',
    access: 'member',
    summary:
      '本人今日的次数：编程题提交（含订正）与清空作答记录；limit 为 null 表示会员权益不限次数；resetsAt 为下一个北京时间 0 点',
    response: quotaAnswer,
  },
  'memberQuestion.saveAsDraft': {
    method: 'POST',
    access: 'member',
    summary: '保存草稿（每题每种语言一份）',
    body: z.strictObject({
      questionId: f.id,
      language: judgeLanguage,
      source: z.string().max(MAX_SOURCE),
      input: customInput.optional(),
    }),
    response: z.object({ saved: z.literal(true), updatedAt: f.isoTime }),
  },
  'memberQuestion.queryDraft': {
    method: 'GET',
    access: 'member',
    summary: '读取草稿；不指定语言时取最近保存的一份',
    query: z.strictObject({ questionId: f.id, language: judgeLanguage.optional() }),
    response: draft.nullable(),
  },
  'memberQuestion.debug': {
    method: 'POST',
    access: 'member',
    summary:
      '在自定义输入上运行（不计为提交；与练习场运行合计每日有上限，防止滥用），结果用 queryById 查看',
    body: z.strictObject({
      questionId: f.id,
      language: judgeLanguage,
      source: sourceCode,
      input: customInput,
    }),
    response: queued,
  },
  'memberQuestion.queryById': answerById,
  'memberQuestion.status': {
    method: 'GET',
    responseKind: 'event-stream',
    access: 'member',
    summary:
      '判题状态事件流（text/event-stream）：每次变化推送 event: status（queued → compiling → running k/n → done/failed），终态后结束',
    query: z.strictObject({ id: f.id }),
    response: statusEvent,
  },
  'memberQuestion.queryLatestList': latestAnswers,
  'memberQuestion.queryWrongList': {
    method: 'POST',
    access: 'member',
    summary:
      '本人的错题（分页）：最近一次提交（含订正）已判定且不是 AC 的题目，最近作答的在前；仅本人可见且仍上架的题目',
    query: pageQueryOf(WRONG_ANSWER_SORT),
    body: z.strictObject({}),
    response: pageOf(wrongAnswer),
  },
  'memberQuestion.queryList': answerList,
  'oj.memberQuestion.clean': {
    method: 'POST',
    access: 'member',
    summary:
      '清空本人的作答记录（某题或全部）；记录保留用于统计，但不再出现在本人历史中。无 answerRecordClear 权益时每日次数有限（清空了记录才计一次）',
    body: z.strictObject({ questionId: f.id.optional() }),
    response: z.object({ cleaned: z.number().int() }),
  },
  'oj.memberQuestion.queryWrongCaseListById': {
    method: 'GET',
    access: 'member',
    summary: '一次提交中未通过的测试点；有 testCaseView 权益时附带输入与答案',
    query: z.strictObject({ id: f.id }),
    response: z.array(caseResult.extend({ data: caseData.nullable() })),
  },
});
