/**
 * The bank's questions (server/question/store.ts): what staff and learners read of a question,
 * the filter and sort of its lists, the resource with its publication lifecycle in every area,
 * and edms's random draw.
 */
import { z } from 'zod';
import { defineCalls } from '../call.ts';
import * as f from '../fields.ts';
import { contentAccess } from '../paid-content.ts';
import { defineResource, lifecycleCalls, resourceCalls } from '../resource.ts';
import {
  IMPORT_BODY_LIMIT_BYTES,
  questionChecker,
  questionDifficulty,
  questionIo,
  questionOption,
  questionPublicationState,
  questionSample,
  questionScoring,
  questionStatus,
  questionSubtask,
} from './common.ts';
import { questionType } from './types.ts';
import { questionUpdate, questionWithCases } from './write.ts';

export const questionFilter = z.strictObject({
  type: questionType.optional(),
  /** Any of these types (练习场's objective list: single, multiple and true/false together). */
  types: z.array(questionType).min(1).max(4).optional(),
  difficulty: questionDifficulty.optional(),
  /** Questions carrying every one of these tags. */
  tags: z.array(z.string().trim().min(1).max(32)).max(10).optional(),
  /** Part of the title. */
  keyword: z.string().trim().max(100).optional(),
  /** Teachers: only the platform bank, or only their organization's. */
  bank: z.enum(['platform', 'organization']).optional(),
  /** Staff: only drafts, published or unpublished questions (learners see published ones only). */
  publication: questionPublicationState.optional(),
});

const listFields = {
  id: z.number().int(),
  type: questionType,
  title: z.string(),
  difficulty: questionDifficulty,
  tags: z.array(z.string()),
  source: z.string(),
};

export const questionListItem = z.object({
  ...listFields,
  /** Null for the platform bank. */
  organizationId: z.number().int().nullable(),
  caseCount: z.number().int(),
  status: questionStatus,
  publication: questionPublicationState,
  seedKey: z.string().nullable(),
  /**
   * Whether the caller may change this question (edit, its test data, publish, delete): the
   * server's own rule (platform staff any, an organization's staff their organization's), so a
   * screen offers exactly what the server would allow.
   */
  manageable: z.boolean(),
  updatedAt: f.isoTime,
});

export const questionItem = questionListItem.extend({
  content: z.string(),
  options: z.array(questionOption),
  answer: z.string(),
  analysis: z.string(),
  timeLimitMs: z.number().int().nullable(),
  memoryLimitMiB: z.number().int().nullable(),
  checker: questionChecker,
  scoring: questionScoring,
  subtasks: z.array(questionSubtask).nullable(),
  samples: z.array(questionSample),
  checkerSource: z.string().nullable(),
  io: questionIo,
  interactive: z.boolean(),
  interactorSource: z.string().nullable(),
  referenceSolutions: z.record(z.string(), z.string()),
  priceFen: z.number().int(),
  rightCode: z.string().nullable(),
  dataVersion: z.string(),
  createdAt: f.isoTime,
});

export const questionSimpleItem = z.object({
  id: z.number().int(),
  type: questionType,
  title: z.string(),
  difficulty: questionDifficulty,
});

/** What a learner sees: no answer, analysis, test data, checker source or reference solution. */
export const learnerQuestionListItem = z.object(listFields);
export const learnerQuestionItem = learnerQuestionListItem.extend({
  priceFen: z.number().int(),
  /** A locked question answers without its statement, options and samples. */
  access: contentAccess,
  rightName: z.string().nullable(),
  content: z.string(),
  options: z.array(questionOption),
  timeLimitMs: z.number().int().nullable(),
  memoryLimitMiB: z.number().int().nullable(),
  samples: z.array(questionSample),
  caseCount: z.number().int(),
  /** The statement says which mode (issue 14): files to open, or a program to talk to. */
  io: questionIo,
  interactive: z.boolean(),
});

/** What the question lists sort by. */
export const QUESTION_SORT = ['id', 'title', 'difficulty', 'type', 'updatedAt'] as const;

export const questionResource = defineResource({
  noun: '题目',
  segment: 'question',
  item: questionItem,
  listItem: questionListItem,
  simpleItem: questionSimpleItem,
  create: questionWithCases,
  update: questionUpdate,
  filter: questionFilter,
  // Inline cases may be 8 MiB each; larger sets go as a zip (importZip).
  writeBodyLimitBytes: IMPORT_BODY_LIMIT_BYTES,
  sortFields: QUESTION_SORT,
});

const randomBody = questionFilter.extend({
  count: z.number().int().min(1, '至少抽取 1 题').max(100, '最多抽取 100 题'),
});

const allOps = ['create', 'update', 'delete', 'queryById', 'queryList', 'querySimpleList'] as const;
const teacherNote = '教师：本机构题目可写，平台题库只读（仅上架题目）';
/** Not in the catalogue: questions get the publication lifecycle so drafts stay with staff. */
const publicationOps = ['publish', 'unpublish'] as const;
const publicationNote = '本机构题目；上架后本机构学员可见';

/** The bank's CRUD and publication calls, area by area. */
export const questionCalls = {
  ...resourceCalls(questionResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: allOps,
    note: '平台题库',
  }),
  ...lifecycleCalls(questionResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: publicationOps,
    note: '平台题库；上架后教师与学员可见',
  }),
  ...resourceCalls(questionResource, {
    area: 'edms',
    access: 'teacher',
    ops: allOps,
    note: teacherNote,
  }),
  ...lifecycleCalls(questionResource, {
    area: 'edms',
    access: 'teacher',
    ops: publicationOps,
    note: publicationNote,
  }),
  /** The group with no prefix (docs/product-rules.md#the-call-catalogue): teacher access. */
  ...resourceCalls(questionResource, {
    area: 'app',
    access: 'teacher',
    ops: ['create', 'update', 'delete', 'queryById', 'queryList'],
    note: teacherNote,
  }),
  ...lifecycleCalls(questionResource, {
    area: 'app',
    access: 'teacher',
    ops: publicationOps,
    note: publicationNote,
  }),
  ...resourceCalls(questionResource, {
    area: 'oj',
    access: 'member',
    ops: ['queryById', 'queryList'],
    item: learnerQuestionItem,
    listItem: learnerQuestionListItem,
    note: '学员：仅上架题目，不含答案与测试数据',
  }),
};

export const randomDrawCalls = defineCalls({
  'edms.question.queryRandomList': {
    method: 'POST',
    access: 'teacher',
    summary: '按条件随机抽取 count 道题（平台题库与本机构题库）',
    body: randomBody,
    response: z.array(questionListItem),
  },
});
