/**
 * The shapes of homework (issue 8 item 4): a question set assigned to a class (or some of its
 * groups) with a due time; each assigned learner's enrollment (an order of kind `homework`)
 * with their progress and score; and their answer to each question (homeworkMemberQuestion).
 * The calls are in ./calls.ts.
 */
import { z } from 'zod';
import * as f from '../fields.ts';
import {
  answerFlags,
  answerStatus,
  answerSummary,
  customInput,
  judgeLanguage,
  judgeVerdict,
  sourceCode,
} from '../member-question/common.ts';
import { orderState } from '../order/orders.ts';
import { questionType } from '../question/types.ts';
import { scoredQuestion, scoredQuestionsOf } from '../question/scored.ts';

export const homeworkState = z.enum([
  'reviewing',
  'rejected',
  'approved',
  'published',
  'unpublished',
]);
/** Where homework stands on the server's clock: before start, open, late window, closed. */
export const homeworkPhase = z.enum(['notStarted', 'open', 'late', 'closed']);

export const MAX_HOMEWORK_QUESTIONS = 50;
export const homeworkQuestionsInput = scoredQuestionsOf('作业', MAX_HOMEWORK_QUESTIONS, 1);
export const homeworkQuestion = scoredQuestion;

export const homeworkItem = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  gradeId: z.number().int(),
  gradeName: z.string(),
  organizationId: z.number().int(),
  /** Groups of the class it is assigned to; empty: the whole class. */
  groups: z.array(z.string()),
  state: homeworkState,
  reviewReason: z.string().nullable(),
  startAt: z.string(),
  dueAt: z.string(),
  lateUntil: z.string().nullable(),
  latePenaltyPercent: z.number().int(),
  settledAt: z.string().nullable(),
  phase: homeworkPhase,
  questionCount: z.number().int(),
  totalScore: z.number().int(),
  enrolledCount: z.number().int(),
  /** Learners with at least one submission. */
  submittedCount: z.number().int(),
  createdByName: z.string(),
  createdAt: z.string(),
  serverNow: z.string(),
});
export type HomeworkItem = z.infer<typeof homeworkItem>;
export const homeworkSimpleItem = z.object({
  id: z.number().int(),
  title: z.string(),
  gradeId: z.number().int(),
  state: homeworkState,
  dueAt: z.string(),
});

const text = (what: string, max: number) => z.string().trim().max(max, `${what}最多 ${max} 个字符`);
const groupNames = z
  .array(z.string().trim().min(1, '分组名不能为空').max(32))
  .max(10, '最多指定 10 个分组');
type Times = { startAt?: string; dueAt?: string; lateUntil?: string | null };
export const DUE_MESSAGE = '截止时间应晚于开始时间';
export const LATE_MESSAGE = '补交截止应晚于截止时间';
// Each refusal names the field the form shows it on.
type Refinement = [(t: Times) => boolean, { message: string; path: string[] }];
const dueAfterStart: Refinement = [
  (h: Times) => f.inOrder(h.startAt, h.dueAt),
  { message: DUE_MESSAGE, path: ['dueAt'] },
];
const lateAfterDue: Refinement = [
  (h: Times) => f.inOrder(h.dueAt, h.lateUntil),
  { message: LATE_MESSAGE, path: ['lateUntil'] },
];

export const homeworkCreate = z
  .strictObject({
    gradeId: f.id,
    title: z.string().trim().min(1, '作业标题不能为空').max(100, '作业标题最多 100 个字符'),
    description: text('说明', 5000).default(''),
    groups: groupNames.default([]),
    startAt: f.isoDateTime,
    dueAt: f.isoDateTime,
    /** Late submissions are taken until then, marked and scored with the penalty. */
    lateUntil: f.isoDateTime.nullable().default(null),
    latePenaltyPercent: f.wholeNumber(0, 100).default(0),
    questions: homeworkQuestionsInput,
  })
  .refine(...dueAfterStart)
  .refine(...lateAfterDue);
export const homeworkUpdate = z
  .strictObject({
    id: f.id,
    title: z.string().trim().min(1, '作业标题不能为空').max(100).optional(),
    description: text('说明', 5000).optional(),
    groups: groupNames.optional(),
    startAt: f.isoDateTime.optional(),
    dueAt: f.isoDateTime.optional(),
    lateUntil: f.isoDateTime.nullable().optional(),
    latePenaltyPercent: f.wholeNumber(0, 100).optional(),
  })
  .refine(...dueAfterStart)
  .refine(...lateAfterDue);
export const homeworkFilter = z.strictObject({
  gradeId: f.id.optional(),
  state: homeworkState.optional(),
  phase: homeworkPhase.optional(),
  keyword: z.string().trim().max(50).optional(),
});
export const HOMEWORK_SORT = ['id', 'dueAt', 'startAt'] as const;

export const homeworkIdBody = z.strictObject({ homeworkId: f.id });
export const homeworkQuestionsAnswer = z.object({
  homeworkId: z.number().int(),
  questions: z.array(homeworkQuestion),
});
export const updateHomeworkQuestionsBody = z.strictObject({
  id: f.id,
  questions: homeworkQuestionsInput,
});

// ——— Enrollments ———

export const homeworkEnrollItem = z.object({
  id: z.number().int(),
  homeworkId: z.number().int(),
  homeworkTitle: z.string(),
  gradeId: z.number().int(),
  gradeName: z.string(),
  memberId: z.number().int(),
  memberName: z.string(),
  mobile: z.string().nullable(),
  state: orderState,
  groups: z.array(z.string()),
  /** The settled score, null until settled. */
  score: z.number().nullable(),
  /** The score so far from the best submissions (what settling would give now). */
  currentScore: z.number(),
  maxScore: z.number().int(),
  questionCount: z.number().int(),
  answeredCount: z.number().int(),
  lateCount: z.number().int(),
  lastSubmittedAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  /** The homework's times, so a learner's list shows the window without a second read. */
  startAt: z.string(),
  dueAt: z.string(),
  lateUntil: z.string().nullable(),
  latePenaltyPercent: z.number().int(),
  phase: homeworkPhase,
  createdAt: z.string(),
});
export type HomeworkEnrollItem = z.infer<typeof homeworkEnrollItem>;
export const homeworkEnrollFilter = z.strictObject({
  homeworkId: f.id.optional(),
  gradeId: f.id.optional(),
  memberId: f.id.optional(),
  state: z.string().max(20).optional(),
  phase: homeworkPhase.optional(),
  keyword: z.string().trim().max(50).optional(),
});
export const HOMEWORK_ENROLL_SORT = ['id', 'score', 'lastSubmittedAt'] as const;

export const homeworkReportQuestion = z.object({
  questionId: z.number().int(),
  title: z.string(),
  type: questionType,
  maxScore: z.number().int(),
  /** Settled score of the question, or the current best before settling. */
  earned: z.number(),
  late: z.boolean(),
  submissions: z.number().int(),
  bestAnswerId: z.number().int().nullable(),
  latestAnswerId: z.number().int().nullable(),
  latestVerdict: judgeVerdict.nullable(),
});
export const homeworkReport = z.object({
  enroll: homeworkEnrollItem,
  homework: homeworkItem,
  questions: z.array(homeworkReportQuestion),
});
export const homeworkEnrollStatistics = z.object({
  homeworkId: z.number().int(),
  enrolled: z.number().int(),
  started: z.number().int(),
  completed: z.number().int(),
  late: z.number().int(),
  averagePercent: z.number().nullable(),
  byState: z.array(z.object({ state: z.string(), count: z.number().int() })),
});
export const mineHomeworkStatistics = z.object({
  assigned: z.number().int(),
  open: z.number().int(),
  completed: z.number().int(),
  averagePercent: z.number().nullable(),
});
export const homeworkLatestQuery = z.strictObject({ homeworkId: f.id.optional() });

// ——— Answers ———

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
