/**
 * Exam papers (examPaper, every area; server/exam/papers.ts): a paper's shapes and its calls — the
 * resource with its review lifecycle, and the paper's questions as staff build them and as a
 * learner sits them.
 */
import { z } from 'zod';
import * as f from '../fields.ts';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { EXAM_PAPER_REVIEW_STATES } from '../../machines/lifecycles/exam-paper.ts';
import { questionOption, questionSample } from '../question/common.ts';
import { questionType } from '../question/types.ts';
import { scoredQuestion, scoredQuestionInput, scoredQuestionsOf } from '../question/scored.ts';
import { defineResource, idQuery, lifecycleCalls, resourceCalls } from '../resource.ts';
import { crud, examIdBody, STAFF, text } from './common.ts';

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
  /**
   * Whether the caller may change this paper: the server's own rule (platform staff any, an
   * organization's staff their organization's), as on exams. False for learners.
   */
  manageable: z.boolean(),
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

export const examPaperResource = defineResource({
  noun: '试卷',
  segment: 'examPaper',
  item: examPaperItem,
  listItem: examPaperListItem,
  simpleItem: examPaperSimpleItem,
  create: examPaperCreate,
  update: examPaperUpdate,
  filter: examPaperFilter,
  sortFields: EXAM_PAPER_SORT,
});

const staffQuestionsByExam = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '考试各试卷的题目',
    body: examIdBody,
    response: z.array(examPaperQuestionsAnswer),
  });
const learnerQuestionsByExam = spec({
  method: 'POST',
  access: 'member',
  summary: '考试各试卷的题目（本人已开始作答的试卷；题面与选项，不含答案）',
  body: examIdBody,
  response: z.array(learnerPaperQuestionsAnswer),
});
const updateQuestions = (access: Access) =>
  spec({
    method: 'PUT',
    access,
    summary:
      '设置试卷的题目、顺序与分值（已有人作答的试卷不能修改；机构修改已通过的试卷须重新审核）',
    body: examPaperQuestionsBody,
    response: examPaperItem,
  });
const paperQuestionsBody = z.strictObject({ examPaperId: f.id });
const staffQuestions = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '试卷的题目（按顺序，含分值）',
    body: paperQuestionsBody,
    response: examPaperQuestionsAnswer,
  });
const learnerQuestions = spec({
  method: 'POST',
  access: 'member',
  summary: '试卷题目（仅本人作答中或已出成绩的答卷所用试卷；题面与选项，不含答案）',
  body: paperQuestionsBody,
  response: learnerPaperQuestionsAnswer,
});

export const examPaperCalls = {
  ...resourceCalls(examPaperResource, { area: 'bms', access: 'platformAdmin', ops: crud }),
  ...lifecycleCalls(examPaperResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: ['pass', 'reject'],
    note: '机构编写的试卷',
  }),
  ...resourceCalls(examPaperResource, {
    area: 'edms',
    access: 'teacher',
    ops: crud,
    note: '本机构的试卷；平台试卷只读',
  }),
  ...resourceCalls(examPaperResource, {
    area: 'app',
    access: 'teacher',
    ops: ['create', 'update', 'delete', 'queryById', 'queryList'],
    note: STAFF,
  }),
  ...resourceCalls(examPaperResource, {
    area: 'oj',
    access: 'teacher',
    ops: ['create', 'update', 'delete'],
    note: '学员不能编写试卷（403）；教师同教师端',
  }),
  ...defineCalls({
    'bms.examPaper.queryQuestionList': staffQuestions('platformAdmin'),
    'bms.examPaper.queryQuestionListByExam': staffQuestionsByExam('platformAdmin'),
    'bms.examPaper.updateQuestions': updateQuestions('platformAdmin'),
    'edms.examPaper.queryQuestionList': staffQuestions('teacher'),
    'edms.examPaper.queryQuestionListByExam': staffQuestionsByExam('teacher'),
    'edms.examPaper.updateQuestions': updateQuestions('teacher'),
    'examPaper.queryQuestionList': staffQuestions('teacher'),
    'examPaper.queryQuestionListByExam': staffQuestionsByExam('teacher'),
    'examPaper.updateQuestions': updateQuestions('teacher'),
    'oj.examPaper.updateQuestions': updateQuestions('teacher'),
    'oj.examPaper.queryById': {
      method: 'GET',
      access: 'member',
      summary: '本人报名的考试所用的试卷（概要，不含题目）',
      query: idQuery,
      response: examPaperListItem,
    },
    'oj.examPaper.queryList': {
      method: 'POST',
      access: 'member',
      summary: '本人报名的考试所用的试卷',
      query: pageQueryOf(EXAM_PAPER_SORT),
      body: examPaperFilter,
      response: pageOf(examPaperListItem),
    },
    'oj.examPaper.queryQuestionList': learnerQuestions,
    'oj.examPaper.queryQuestionListByExam': learnerQuestionsByExam,
  }),
};
