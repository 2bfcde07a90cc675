import { z } from 'zod';
import { LANGUAGE_NAMES } from '../../judge/languages.ts';
import { VERDICTS } from '../../judge/types.ts';
import { defineCalls, spec, type CallSpec } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { questionType } from '../question/types.ts';

/** Languages the judge accepts, and its verdicts: the judge's own lists. */
export const judgeLanguage = z.enum(LANGUAGE_NAMES);
export const judgeVerdict = z.enum(VERDICTS);
/** Where an answer is: waiting in the queue, being compiled, running case k of n, or finished. */
export const answerStatus = z.enum(['queued', 'compiling', 'running', 'done', 'failed']);
/**
 * submit: a graded answer; review: a graded re-submission (订正) of a question the member failed
 * before (reviewSubmit), counted apart in statistics; debug and playground: runs on custom input.
 */
export const answerKind = z.enum(['submit', 'review', 'debug', 'playground']);

const MAX_SOURCE = 64 * 1024;
const MAX_INPUT = 256 * 1024;
export const sourceCode = z
  .string()
  .min(1, '代码不能为空')
  .max(MAX_SOURCE, `代码最多 ${MAX_SOURCE} 个字符`);
export const customInput = z.string().max(MAX_INPUT, `输入最多 ${MAX_INPUT} 个字符`);
/** Objective answers: one '0'/'1' flag per option (A–D …), e.g. '0100'. */
export const answerFlags = z.string().regex(/^[01]{1,26}$/, '答案应为每个选项一位 0/1');

export const caseResult = z.object({
  index: z.number().int(),
  verdict: judgeVerdict,
  timeMs: z.number().int(),
  memoryKiB: z.number().int(),
  score: z.number(),
  maxScore: z.number(),
  message: z.string().optional(),
});

/**
 * A failing case's data; shown only to members whose rights include testCaseView (one rule for
 * the whole bundle: input, expected answer and the program's own output).
 */
export const caseData = z.object({
  index: z.number().int(),
  input: z.string(),
  answer: z.string(),
  /**
   * What the program printed on this case (first 4 KiB of stdout). Kept for the first failing
   * case of a submission only; '' for the other cases and for submissions judged before it was
   * kept.
   */
  output: z.string(),
  /** The last 4 KiB of the program's stderr on this case (first failing case only, like output). */
  stderr: z.string().optional(),
  /** Something was cut: input, answer or output to its first 4 KiB. */
  truncated: z.boolean(),
});
export type CaseData = z.infer<typeof caseData>;

export const answerSummary = z.object({
  id: z.number().int(),
  questionId: z.number().int().nullable(),
  questionTitle: z.string().nullable(),
  kind: answerKind,
  language: z.string().nullable(),
  status: answerStatus,
  verdict: judgeVerdict.nullable(),
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  timeMs: z.number().int().nullable(),
  memoryKiB: z.number().int().nullable(),
  createdAt: f.isoTime,
  judgedAt: f.isoTime.nullable(),
});
/** A question to correct (订正): its latest graded answer, with the question's type. */
export const wrongAnswer = answerSummary.extend({ questionType });
export type WrongAnswer = z.infer<typeof wrongAnswer>;

export type AnswerSummary = z.infer<typeof answerSummary>;

export const answerDetail = answerSummary.extend({
  source: z.string(),
  input: z.string().nullable(),
  /** While running: the case being run and how many there are. */
  progress: z.object({ case: z.number().int(), of: z.number().int() }).nullable(),
  compileOutput: z.string(),
  /** The cases that ran; a skipped case has no entry (see skippedCases). */
  cases: z.array(caseResult),
  /**
   * Cases not run because they could no longer change the score (a min-scored subtask already
   * failed); the message of the case that failed it names them. Absent means none.
   */
  skippedCases: z.array(z.number().int()).optional(),
  /** Debug and playground runs: what the program printed. */
  run: z
    .object({
      stdout: z.string(),
      stderr: z.string(),
      stdoutTruncated: z.boolean(),
      exitCode: z.number().int().nullable(),
      message: z.string().optional(),
    })
    .nullable(),
  /** Why a job failed without a verdict (the judge crashed on it every attempt). */
  error: z.string().nullable(),
  failingCase: caseData.nullable(),
  /** A case failed but its data is hidden: the member lacks the testCaseView right. */
  failingCaseHidden: z.boolean(),
});
export type AnswerDetail = z.infer<typeof answerDetail>;

export const queued = z.object({ id: z.number().int(), status: answerStatus });

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

/** One `event: status` of the status stream; the stream ends after a final one. */
export const statusEvent = answerSummary
  .pick({
    id: true,
    status: true,
    verdict: true,
    score: true,
    maxScore: true,
    timeMs: true,
    memoryKiB: true,
  })
  .extend({ progress: answerDetail.shape.progress });
export type StatusEvent = z.infer<typeof statusEvent>;

/** A submission as a teacher sees it: whose it is. */
export const teacherAnswerSummary = answerSummary.extend({
  memberId: z.number().int(),
  memberNickname: z.string(),
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
});
export type StaffAnswerDetail = z.infer<typeof staffAnswerDetail>;

const latestBody = z.strictObject({
  memberId: f.id,
  questionIds: z.array(f.id).min(1).max(500),
});

/** What answer lists, the wrong list and the per-member statistics sort by. */
export const ANSWER_SORT = ['id', 'createdAt'] as const;
export const WRONG_ANSWER_SORT = ['answeredAt'] as const;
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

const statisticsGroupByMember = spec({
  method: 'POST',
  access: 'teacher',
  summary:
    '教职工：本机构中可查看的学员（教师：本人的学员）按成员统计提交数、通过数与通过的题目数（分页，通过题目多的在前；可限定题目）',
  query: pageQueryOf(MEMBER_STATISTICS_SORT),
  body: z.strictObject({ questionId: f.id.optional() }),
  response: pageOf(memberAnswerStatistics),
});

const answerById = {
  method: 'GET',
  access: 'member',
  summary: '本人一次作答的详情与判题状态（轮询直到 status 为 done 或 failed）',
  query: z.strictObject({ id: f.id }),
  response: answerDetail,
} satisfies CallSpec;

const latestAnswers = {
  method: 'POST',
  access: 'member',
  summary: '本人对各题最近一次提交（含订正）',
  body: z.strictObject({ questionIds: z.array(f.id).min(1).max(500) }),
  response: z.array(answerSummary),
} satisfies CallSpec;

const answerList = {
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

const playgroundSave = {
  method: 'POST',
  access: 'member',
  summary: '保存练习场草稿（每种语言一份）',
  body: z.strictObject({
    language: judgeLanguage,
    source: z.string().max(MAX_SOURCE),
    input: customInput.optional(),
  }),
  response: z.object({ saved: z.literal(true), updatedAt: f.isoTime }),
} satisfies CallSpec;

const playgroundRun = {
  method: 'POST',
  access: 'member',
  summary: '在练习场运行代码（自定义输入），结果用 memberQuestion/queryById 查看',
  body: z.strictObject({ language: judgeLanguage, source: sourceCode, input: customInput }),
  response: queued,
} satisfies CallSpec;

const playgroundLatest = {
  method: 'GET',
  access: 'member',
  summary: '练习场最近的草稿与最近一次运行',
  query: z.strictObject({ language: judgeLanguage.optional() }),
  response: z.object({ draft: draft.nullable(), latestRun: answerSummary.nullable() }),
} satisfies CallSpec;

export const memberQuestion = defineCalls({
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
  'memberPlayground.saveAsDraft': playgroundSave,
  'memberPlayground.submitAnswer': playgroundRun,
  'memberPlayground.queryLatest': playgroundLatest,
  'memberQuestion.queryListByTeacher': listByTeacher,
  'memberQuestion.queryStatisticsGroupByMember': statisticsGroupByMember,
  // Spec 001 §7.6 lists the learner's answer and playground calls under /oj as well: the same
  // calls, answered by the same handlers (src/server/member-question/handlers.ts OJ_ALIASES).
  'oj.memberQuestion.queryById': answerById,
  'oj.memberQuestion.queryLatestList': latestAnswers,
  'oj.memberQuestion.queryList': answerList,
  // In /oj a read is the caller's own (docs/classes.md): the same statistics, of themselves.
  'oj.memberQuestion.queryStatisticsGroupByMember': {
    ...statisticsGroupByMember,
    access: 'member',
    summary:
      '本人的提交统计：提交数、通过数与通过的题目数（与 memberQuestion/queryStatisticsGroupByMember 同形，只含本人；可限定题目）',
  },
  'oj.memberPlayground.saveAsDraft': playgroundSave,
  'oj.memberPlayground.submitAnswer': playgroundRun,
  'oj.memberPlayground.queryLatest': playgroundLatest,
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
  'bms.memberQuestion.queryStatisticsGroupByMember': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '平台：某机构学员按成员统计提交数、通过数与通过的题目数（分页）',
    query: pageQueryOf(MEMBER_STATISTICS_SORT),
    body: z.strictObject({ organizationId: f.id, questionId: f.id.optional() }),
    response: pageOf(memberAnswerStatistics),
  },
});
