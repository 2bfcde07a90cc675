/**
 * The shapes of exams (issue 7): papers, exams, enrollments (orders of kind `exam`), sittings
 * of a paper (examPaperEnroll) and the answers saved in them (examMemberQuestion). The calls
 * that use them are in ./calls.ts.
 */
import { z } from 'zod';
import * as f from '../fields.ts';
import { EXAM_STATES } from '../../machines/lifecycles/exam.ts';
import { EXAM_PAPER_REVIEW_STATES } from '../../machines/lifecycles/exam-paper.ts';
import { SITTING_STATES } from '../../machines/lifecycles/exam-paper-enroll.ts';
import { judgeLanguage, judgeVerdict } from '../member-question/calls.ts';
import { orderItem } from '../order/calls.ts';
import { batchBodiesOf } from '../enrollment/batch.ts';
import {
  ENROLL_SORT,
  enrollCounts,
  enrollFilterOf,
  staffEnrollBodyOf,
} from '../enrollment/item.ts';
import { questionOption, questionSample } from '../question/calls.ts';
import { questionType } from '../question/types.ts';
import { scoredQuestion, scoredQuestionInput, scoredQuestionsOf } from '../question/scored.ts';

const text = (what: string, min: number, max: number) =>
  z.string().trim().min(min, `${what}不能为空`).max(max, `${what}最多 ${max} 个字符`);
const uniqueIds = (ids: readonly number[]) => new Set(ids).size === ids.length;

// ——— Papers ———

export const examPaperReview = z.enum(
  EXAM_PAPER_REVIEW_STATES.filter((s) => s !== 'none') as ['reviewing', 'passed', 'rejected'],
);
/** Largest number of questions on a paper. */
export const MAX_PAPER_QUESTIONS = 100;

export const paperQuestionInput = scoredQuestionInput;
export const paperQuestions = scoredQuestionsOf('试卷', MAX_PAPER_QUESTIONS);

/** A question of a paper as staff see it while building the paper. */
export const paperQuestion = scoredQuestion.extend({
  /** The question went into a draft or was unpublished since: learners can still sit it here. */
  publication: z.string(),
});

export const examPaperListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  durationMinutes: z.number().int(),
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  review: examPaperReview,
  reviewReason: z.string().nullable(),
  questionCount: z.number().int(),
  totalScore: z.number().int(),
  /** Exams that use the paper. */
  examCount: z.number().int(),
  /** Sittings of the paper: once someone has sat it, its questions no longer change. */
  sittingCount: z.number().int(),
  createdAt: f.isoTime,
  updatedAt: f.isoTime,
});
export const examPaperItem = examPaperListItem.extend({ questions: z.array(paperQuestion) });
export const examPaperSimpleItem = examPaperListItem.pick({
  id: true,
  name: true,
  durationMinutes: true,
  totalScore: true,
  questionCount: true,
  review: true,
});
export const examPaperCreate = z.strictObject({
  name: text('试卷名称', 1, 80),
  description: z.string().trim().max(2000, '说明最多 2000 个字符').default(''),
  durationMinutes: f.wholeNumber(1, 1440),
  questions: paperQuestions.default([]),
});
export const examPaperUpdate = z.strictObject({
  id: f.id,
  name: text('试卷名称', 1, 80).optional(),
  description: z.string().trim().max(2000, '说明最多 2000 个字符').optional(),
  durationMinutes: f.wholeNumber(1, 1440).optional(),
});
export const examPaperQuestionsBody = z.strictObject({ id: f.id, questions: paperQuestions });
export const examPaperFilter = z.strictObject({
  keyword: z.string().trim().max(40).optional(),
  review: examPaperReview.optional(),
  /** platform: the platform's papers; organization: an organization's (a teacher: their own). */
  bank: z.enum(['platform', 'organization']).optional(),
  organizationId: f.id.optional(),
  /** Papers that hold this question. */
  questionId: f.id.optional(),
});
export const EXAM_PAPER_SORT = ['id', 'name', 'updatedAt'] as const;

/** A question as a learner sits it: the statement and options, never the answer. */
export const sittingQuestion = z.object({
  questionId: z.number().int(),
  sort: z.number().int(),
  score: z.number().int(),
  type: questionType,
  title: z.string(),
  content: z.string(),
  options: z.array(questionOption),
  timeLimitMs: z.number().int().nullable(),
  memoryLimitMiB: z.number().int().nullable(),
  samples: z.array(questionSample),
});
export type SittingQuestion = z.infer<typeof sittingQuestion>;

export const examPaperQuestionsAnswer = z.object({
  examPaperId: z.number().int(),
  name: z.string(),
  totalScore: z.number().int(),
  questions: z.array(paperQuestion),
});
export const learnerPaperQuestionsAnswer = z.object({
  examPaperId: z.number().int(),
  name: z.string(),
  totalScore: z.number().int(),
  questions: z.array(sittingQuestion),
});

// ——— Exams ———

export const examState = z.enum(
  EXAM_STATES.filter((s) => s !== 'none') as [
    'reviewing',
    'rejected',
    'approved',
    'published',
    'unpublished',
    'stopped',
  ],
);
export const examSchedule = z.enum(['fixed', 'flexible']);
export const examVisibility = z.enum(['public', 'organization', 'grades']);
export const examResults = z.enum(['auto', 'manual']);
/**
 * Where an exam stands on the clock, for learners: enrollment not open yet, open, the exam
 * running (enrollment may still be open), or over.
 */
export const examPhase = z.enum(['upcoming', 'enrolling', 'running', 'ended']);

export const examPaperOfExam = z.object({
  examPaperId: z.number().int(),
  sort: z.number().int(),
  name: z.string(),
  durationMinutes: z.number().int(),
  questionCount: z.number().int(),
  totalScore: z.number().int(),
  review: examPaperReview,
});
export type ExamPaperOfExam = z.infer<typeof examPaperOfExam>;

export const examItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  state: examState,
  reviewReason: z.string().nullable(),
  enrollStartAt: f.isoTime,
  enrollEndAt: f.isoTime,
  startAt: f.isoTime,
  endAt: f.isoTime,
  schedule: examSchedule,
  /** Flexible schedule: minutes each learner has; null: the paper's duration. */
  durationMinutes: z.number().int().nullable(),
  priceFen: z.number().int(),
  visibility: examVisibility,
  gradeIds: z.array(z.number().int()),
  results: examResults,
  resultsPublishedAt: f.isoTime.nullable(),
  phase: examPhase,
  papers: z.array(examPaperOfExam),
  enrolledCount: z.number().int(),
  /**
   * Whether the caller may manage this exam (edit, delete, move it through its lifecycle): the
   * server's own rule (its organization's staff, or platform staff), so a screen offers exactly
   * what the server would allow. False for learners and visitors.
   */
  manageable: z.boolean(),
  /** The server's clock when it answered: the exam room counts down from it. */
  serverNow: f.isoTime,
  createdAt: f.isoTime,
  updatedAt: f.isoTime,
});
export type ExamItem = z.infer<typeof examItem>;
export const examSimpleItem = examItem.pick({
  id: true,
  name: true,
  state: true,
  startAt: true,
  endAt: true,
  priceFen: true,
});

const examFields = {
  name: text('考试名称', 1, 80),
  description: z.string().trim().max(2000, '简介最多 2000 个字符'),
  notes: z.string().max(20_000, '考试须知最多 20000 个字符'),
  enrollStartAt: f.isoDateTime,
  enrollEndAt: f.isoDateTime,
  startAt: f.isoDateTime,
  endAt: f.isoDateTime,
  schedule: examSchedule,
  durationMinutes: f.wholeNumber(1, 1440).nullable(),
  priceFen: f.wholeNumber(0, 10_000_000),
  visibility: examVisibility,
  gradeIds: z.array(f.id).max(50, '最多选择 50 个班级').refine(uniqueIds, '班级不能重复'),
  results: examResults,
};

interface ExamTimes {
  enrollStartAt?: string;
  enrollEndAt?: string;
  startAt?: string;
  endAt?: string;
  visibility?: string;
  gradeIds?: number[];
}
/** Rules between the fields, each naming its field. */
function examRules(e: ExamTimes, ctx: z.core.$RefinementCtx): void {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  const t = (s?: string) => (s === undefined ? undefined : Date.parse(s));
  const [es, ee, s, en] = [t(e.enrollStartAt), t(e.enrollEndAt), t(e.startAt), t(e.endAt)];
  if (es !== undefined && ee !== undefined && ee <= es) {
    issue('enrollEndAt', '报名截止时间须晚于报名开始时间');
  }
  if (s !== undefined && en !== undefined && en <= s) issue('endAt', '考试结束时间须晚于开始时间');
  if (ee !== undefined && en !== undefined && ee > en) {
    issue('enrollEndAt', '报名截止时间不能晚于考试结束时间');
  }
  if (e.visibility === 'grades' && (e.gradeIds?.length ?? 0) === 0) {
    issue('gradeIds', '指定班级可见时须至少选择一个班级');
  }
}

export const examCreate = z
  .strictObject({
    ...examFields,
    description: examFields.description.default(''),
    notes: examFields.notes.default(''),
    schedule: examFields.schedule.default('fixed'),
    durationMinutes: examFields.durationMinutes.default(null),
    priceFen: examFields.priceFen.default(0),
    visibility: examFields.visibility.default('public'),
    gradeIds: examFields.gradeIds.default([]),
    results: examFields.results.default('auto'),
    examPaperIds: z
      .array(f.id)
      .max(10, '一场考试最多 10 份试卷')
      .refine(uniqueIds, '试卷不能重复')
      .default([]),
  })
  .superRefine(examRules);
/** Only the fields sent change; the rules are checked again on the row as it would become. */
export const examUpdate = z
  .strictObject({
    id: f.id,
    name: examFields.name.optional(),
    description: examFields.description.optional(),
    notes: examFields.notes.optional(),
    enrollStartAt: examFields.enrollStartAt.optional(),
    enrollEndAt: examFields.enrollEndAt.optional(),
    startAt: examFields.startAt.optional(),
    endAt: examFields.endAt.optional(),
    schedule: examFields.schedule.optional(),
    durationMinutes: examFields.durationMinutes.optional(),
    priceFen: examFields.priceFen.optional(),
    visibility: examFields.visibility.optional(),
    gradeIds: examFields.gradeIds.optional(),
    results: examFields.results.optional(),
  })
  .superRefine(examRules);
export const examRulesOf = examRules;

export const examFilter = z.strictObject({
  keyword: z.string().trim().max(40).optional(),
  state: examState.optional(),
  phase: examPhase.optional(),
  organizationId: f.id.optional(),
  /** Learners: only exams I enrolled in. */
  enrolled: z.boolean().optional(),
  /** Staff on the shared /exam paths: the exams I manage instead of the ones open to me. */
  manage: z.boolean().optional(),
});
export const EXAM_SORT = ['startAt', 'id', 'name', 'enrollStartAt'] as const;

export const examPapersBody = z.strictObject({
  id: f.id,
  examPaperIds: z.array(f.id).max(10, '一场考试最多 10 份试卷').refine(uniqueIds, '试卷不能重复'),
});
export const examIdBody = z.strictObject({ examId: f.id });
export const examNotes = z.object({ id: z.number().int(), name: z.string(), notes: z.string() });

export const scoreBucket = z.object({
  from: z.number().int(),
  to: z.number().int(),
  count: z.number().int(),
});
export const paperStatistics = z.object({
  examPaperId: z.number().int(),
  name: z.string(),
  totalScore: z.number().int(),
  started: z.number().int(),
  inProgress: z.number().int(),
  completed: z.number().int(),
  reported: z.number().int(),
  averageScore: z.number().nullable(),
  highestScore: z.number().int().nullable(),
  lowestScore: z.number().int().nullable(),
  /** Ten equal buckets of the total score, the last one closed. */
  distribution: z.array(scoreBucket),
});
export const examStatistics = z.object({
  examId: z.number().int(),
  enrolled: z.number().int(),
  awaitingPayment: z.number().int(),
  quit: z.number().int(),
  paidFen: z.number().int(),
  papers: z.array(paperStatistics),
});

// ——— Enrollment ———

export const sittingSummary = z.object({
  id: z.number().int(),
  examPaperId: z.number().int(),
  state: z.enum(SITTING_STATES),
  score: z.number().int().nullable(),
  maxScore: z.number().int().nullable(),
});
/** An exam enrollment: its order, and the sittings of the exam's papers so far. */
export const examEnrollItem = orderItem.extend({
  examId: z.number().int(),
  mobile: z.string().nullable(),
  sittings: z.array(sittingSummary),
});
export type ExamEnrollItem = z.infer<typeof examEnrollItem>;
export const examEnrollFilter = enrollFilterOf('examId');
export const EXAM_ENROLL_SORT = ENROLL_SORT;

export const {
  byIds: batchByIdsBody,
  byMobile: batchByMobileBody,
  byTags: batchByTagsBody,
  byGroups: batchByGroupsBody,
} = batchBodiesOf('examId');
export const staffEnrollBody = staffEnrollBodyOf('examId');

export const enrollStatistics = enrollCounts.extend({
  examId: z.number().int(),
  started: z.number().int(),
  completed: z.number().int(),
});
export const mineStatistics = z.object({
  enrolled: z.number().int(),
  sat: z.number().int(),
  reported: z.number().int(),
  /** Average of score / total over reported sittings, 0–100. */
  averagePercent: z.number().nullable(),
  bestPercent: z.number().nullable(),
});

// ——— Sittings (examPaperEnroll) ———

export const sittingState = z.enum(SITTING_STATES);
export const sittingItem = z.object({
  id: z.number().int(),
  examId: z.number().int(),
  examName: z.string(),
  examPaperId: z.number().int(),
  examPaperName: z.string(),
  enrollId: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  state: sittingState,
  startedAt: f.isoTime,
  deadline: f.isoTime,
  completedAt: f.isoTime.nullable(),
  completedBy: z.enum(['member', 'deadline', 'staff']).nullable(),
  /** Shown once results are out (to the learner) or settled (to staff). */
  score: z.number().int().nullable(),
  maxScore: z.number().int(),
  rank: z.number().int().nullable(),
  rankOf: z.number().int().nullable(),
  usedSeconds: z.number().int().nullable(),
  questionCount: z.number().int(),
  answeredCount: z.number().int(),
  signalCount: z.number().int(),
  serverNow: f.isoTime,
});
export type SittingItem = z.infer<typeof sittingItem>;
export const sittingFilter = z.strictObject({
  examId: f.id.optional(),
  examPaperId: f.id.optional(),
  state: sittingState.optional(),
  memberId: f.id.optional(),
  keyword: z.string().trim().max(50).optional(),
});
export const SITTING_SORT = ['id', 'startedAt', 'score'] as const;
export const startBody = z.strictObject({ examId: f.id, examPaperId: f.id });
export const staffStartBody = startBody.extend({ memberId: f.id });
export const sittingIdBody = z.strictObject({ id: f.id });
export const latestSittingQuery = z.strictObject({
  examId: f.id,
  examPaperId: f.id.optional(),
});
export const extendBody = z.strictObject({
  id: f.id,
  deadline: f.isoDateTime,
  reason: text('原因', 1, 200),
});
export const settleBody = z
  .strictObject({
    id: f.id.optional(),
    examId: f.id.optional(),
    /** Judge programming answers again first (after the test data was fixed). */
    rejudge: z.boolean().default(false),
  })
  .refine((b) => (b.id === undefined) !== (b.examId === undefined), {
    message: '请指定答卷 id 或考试 examId 之一',
    path: ['id'],
  });
export const settleAnswer = z.object({
  /** Sittings settled now (scores written). */
  settled: z.number().int(),
  /** Sittings whose programming answers went to the judge; they settle when it is done. */
  judging: z.number().int(),
  /** Sittings not yet completed, left alone. */
  skipped: z.number().int(),
});

export const integrityKind = z.enum(['tabHidden', 'windowBlur', 'largePaste', 'ipChange']);
export const signalBody = z.strictObject({
  id: f.id,
  kind: integrityKind.exclude(['ipChange']),
  detail: z.string().max(200).default(''),
  clientAt: f.isoDateTime.optional(),
});
export const signalItem = z.object({
  id: z.number().int(),
  kind: integrityKind,
  detail: z.string(),
  clientAt: f.isoTime.nullable(),
  at: f.isoTime,
});

/** One question of a report: what was asked, answered, and scored. */
export const reportQuestion = sittingQuestion.extend({
  answer: z.string(),
  correctAnswer: z.string(),
  analysis: z.string(),
  language: z.string().nullable(),
  source: z.string(),
  got: z.number().int(),
  verdict: judgeVerdict.nullable(),
  judgeAnswerId: z.number().int().nullable(),
  /** Per-case verdicts of the judged program. */
  cases: z.array(
    z.object({
      index: z.number().int(),
      verdict: judgeVerdict,
      timeMs: z.number().int(),
      memoryKiB: z.number().int(),
    }),
  ),
  overridden: z.boolean(),
});
export const reportItem = sittingItem.extend({ questions: z.array(reportQuestion) });
export type ReportItem = z.infer<typeof reportItem>;
/**
 * What a learner's report call answers once the paper is handed in: the report when results
 * are out (`ready`), else where it stands — `judging` (the judge is still at the programs: ask
 * again shortly) or `unpublished` (settled, waiting for staff to publish the results). Not
 * being out yet is a state of the sitting, not an error; staff always get the report.
 */
export const reportAnswer = z.discriminatedUnion('status', [
  reportItem.extend({ status: z.literal('ready') }),
  z.object({
    status: z.enum(['judging', 'unpublished']),
    id: z.number().int(),
    examId: z.number().int(),
    examName: z.string(),
    state: sittingState,
    completedAt: f.isoTime.nullable(),
  }),
]);
export type ReportAnswer = z.infer<typeof reportAnswer>;

// ——— Answers (examMemberQuestion) ———

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
