/**
 * Exams (exam, every area; server/exam/exams.ts): an exam's shapes, the rules between its times,
 * and its calls — the resource with its review and publication lifecycles, its papers, notes,
 * statistics and published results.
 */
import { z } from 'zod';
import * as f from '../fields.ts';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { EXAM_STATES } from '../../machines/lifecycles/exam.ts';
import { idBody, idQuery, defineResource, lifecycleCalls, resourceCalls } from '../resource.ts';
import { crud, examIdBody, STAFF, text, uniqueIds } from './common.ts';
import { examPaperReview } from './papers.ts';
import { MAX_PRICE_FEN } from '../money.ts';

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
  priceFen: f.wholeNumber(0, MAX_PRICE_FEN),
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

export const examResource = defineResource({
  noun: '考试',
  segment: 'exam',
  item: examItem,
  listItem: examItem,
  simpleItem: examSimpleItem,
  create: examCreate,
  update: examUpdate,
  filter: examFilter,
  sortFields: EXAM_SORT,
});

const examPapersOf = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '考试的试卷（按顺序：名称、时长、题数、总分）',
    body: examIdBody,
    response: z.array(examPaperOfExam),
  });
const notesCall = (access: Access) =>
  spec({
    method: 'GET',
    access,
    summary: '考试须知（规则说明）',
    query: idQuery,
    response: examNotes,
  });
const statisticsCall = (access: Access) =>
  spec({
    method: 'GET',
    access,
    summary: '考试统计：报名、各试卷的开考、交卷、出分人数，平均、最高、最低分与分数段',
    query: idQuery,
    response: examStatistics,
  });
const updateExamPapers = (access: Access) =>
  spec({
    method: 'PUT',
    access,
    summary: '设置考试的试卷与顺序（已有人开考后不能修改）',
    body: examPapersBody,
    response: examItem,
  });
const publishResults = (access: Access) =>
  spec({
    method: 'PUT',
    access,
    summary: '公布成绩：已结算的答卷对学员显示成绩报告（成绩手动公布的考试）',
    body: idBody,
    response: examItem,
  });
const publicExamList = spec({
  method: 'POST',
  access: 'public',
  summary:
    '考试列表：对调用者开放的已发布考试（公开、本机构、所在班级）；manage=true 时为本人可管理的考试（教师本机构，平台管理员全部）',
  query: pageQueryOf(EXAM_SORT),
  body: examFilter,
  response: pageOf(examItem),
});
const publicExamById = spec({
  method: 'GET',
  access: 'public',
  summary: '考试详情（对调用者开放的，或本人可管理的）',
  query: idQuery,
  response: examItem,
});

export const examCalls = {
  ...resourceCalls(examResource, { area: 'bms', access: 'platformAdmin', ops: crud }),
  ...lifecycleCalls(examResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: ['pass', 'reject', 'publish', 'unpublish', 'stop'],
  }),
  ...resourceCalls(examResource, {
    area: 'edms',
    access: 'teacher',
    ops: crud,
    note: '本机构的考试（新建后待平台审核）',
  }),
  ...lifecycleCalls(examResource, {
    area: 'edms',
    access: 'teacher',
    ops: ['publish', 'unpublish', 'stop'],
    note: '本机构的考试',
  }),
  ...resourceCalls(examResource, {
    area: 'app',
    access: 'teacher',
    ops: ['create', 'update', 'delete'],
    note: STAFF,
  }),
  ...lifecycleCalls(examResource, {
    area: 'app',
    access: 'teacher',
    ops: ['publish', 'unpublish', 'stop'],
    note: STAFF,
  }),
  ...defineCalls({
    'bms.exam.queryExamPaperListByExam': examPapersOf('platformAdmin'),
    'bms.exam.queryNotesById': notesCall('platformAdmin'),
    'bms.exam.queryStatistics': statisticsCall('platformAdmin'),
    'bms.exam.updateExamPapersByExam': updateExamPapers('platformAdmin'),
    'bms.exam.publishResults': publishResults('platformAdmin'),
    'edms.exam.queryExamPaperListByExam': examPapersOf('teacher'),
    'edms.exam.queryNotesById': notesCall('teacher'),
    'edms.exam.queryStatistics': statisticsCall('teacher'),
    'edms.exam.updateExamPapersByExam': updateExamPapers('teacher'),
    'edms.exam.publishResults': publishResults('teacher'),
    'exam.queryList': publicExamList,
    'exam.queryById': publicExamById,
    'exam.queryExamPaperListByExam': examPapersOf('public'),
    'exam.queryNotesById': notesCall('public'),
    'exam.queryStatistics': statisticsCall('teacher'),
    'exam.updateExamPapersByExam': updateExamPapers('teacher'),
    'oj.exam.queryList': { ...publicExamList, access: 'member' },
    'oj.exam.queryById': { ...publicExamById, access: 'member' },
    'oj.exam.queryExamPaperListByExam': examPapersOf('member'),
    'oj.exam.queryNotesById': notesCall('member'),
  }),
};
