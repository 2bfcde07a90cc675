/**
 * Homework (server/homework/homeworks.ts): a question set assigned to a class (or some of its
 * groups) with a due time — its shapes, the resource with its reviewed-publication lifecycle,
 * its questions, and the learner's reads of the homework assigned to them.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { scoredQuestion, scoredQuestionsOf } from '../question/scored.ts';
import { defineResource, idQuery, lifecycleCalls, resourceCalls } from '../resource.ts';
import { STAFF, homeworkIdBody, homeworkPhase, text } from './common.ts';

export const homeworkState = z.enum([
  'reviewing',
  'rejected',
  'approved',
  'published',
  'unpublished',
]);

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

export const homeworkQuestionsAnswer = z.object({
  homeworkId: z.number().int(),
  questions: z.array(homeworkQuestion),
});
export const updateHomeworkQuestionsBody = z.strictObject({
  id: f.id,
  questions: homeworkQuestionsInput,
});

export const homeworkResource = defineResource({
  noun: '作业',
  segment: 'homework',
  item: homeworkItem,
  listItem: homeworkItem,
  simpleItem: homeworkSimpleItem,
  create: homeworkCreate,
  update: homeworkUpdate,
  filter: homeworkFilter,
  sortFields: HOMEWORK_SORT,
});

const crud = ['create', 'update', 'delete', 'queryById', 'queryList', 'querySimpleList'] as const;

const questionList = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary,
    body: homeworkIdBody,
    response: homeworkQuestionsAnswer,
  });
const updateQuestions = (access: Access) =>
  spec({
    method: 'PUT',
    access,
    summary: '设置作业的题目与分值（已有学员提交后不能再改）',
    body: updateHomeworkQuestionsBody,
    response: homeworkItem,
  });

export const homeworkCalls = {
  ...resourceCalls(homeworkResource, { area: 'bms', access: 'platformAdmin', ops: crud }),
  ...lifecycleCalls(homeworkResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: ['pass', 'reject', 'publish', 'unpublish'],
    note: '机构开启作业审核时，教师布置的作业须平台审核通过才能发布',
  }),
  ...resourceCalls(homeworkResource, { area: 'edms', access: 'teacher', ops: crud, note: STAFF }),
  ...lifecycleCalls(homeworkResource, {
    area: 'edms',
    access: 'teacher',
    ops: ['publish', 'unpublish'],
    note: '发布即布置给班级（或指定分组）的学员',
  }),
  ...defineCalls({
    'bms.homework.queryQuestionList': questionList('platformAdmin', '作业的题目与分值'),
    'bms.homework.updateQuestions': updateQuestions('platformAdmin'),
    'edms.homework.queryQuestionList': questionList('teacher', '作业的题目与分值'),
    'edms.homework.updateQuestions': updateQuestions('teacher'),
    'oj.homework.queryById': spec({
      method: 'GET',
      access: 'member',
      summary: '布置给本人的作业',
      query: idQuery,
      response: homeworkItem,
    }),
    'oj.homework.queryList': spec({
      method: 'POST',
      access: 'member',
      summary: '布置给本人的作业（我的作业）',
      query: pageQueryOf(HOMEWORK_SORT),
      body: homeworkFilter,
      response: pageOf(homeworkItem),
    }),
    'oj.homework.queryQuestionList': questionList('member', '布置给本人的作业的题目与分值'),
  }),
};
