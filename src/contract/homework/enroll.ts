/**
 * Homework enrollments (homeworkEnroll; server/homework/enrollable.ts, settle.ts): each assigned
 * learner holds a free order of kind `homework` with their progress and score; staff assign,
 * excuse and settle, and the learner reads their report.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import { enrollmentSpecs } from '../enrollment/calls.ts';
import * as f from '../fields.ts';
import { judgeVerdict } from '../member-question/common.ts';
import { orderState } from '../order/orders.ts';
import { questionType } from '../question/types.ts';
import { idBody, idQuery } from '../resource.ts';
import { STAFF, homeworkIdBody, homeworkPhase } from './common.ts';
import { homeworkItem } from './homeworks.ts';

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

const e = enrollmentSpecs({
  noun: '作业',
  itemField: 'homeworkId',
  item: homeworkEnrollItem,
  filter: homeworkEnrollFilter,
  sortFields: HOMEWORK_ENROLL_SORT,
  statistics: homeworkEnrollStatistics,
  mine: homeworkReport,
  mineStatistics: mineHomeworkStatistics,
  quitRule: '已结算的作业不能退出',
});

const enrollById = (access: Access, summary: string) =>
  spec({ method: 'GET', access, summary, query: idQuery, response: homeworkEnrollItem });
const latest = (access: Access, summary: string) =>
  spec({
    method: 'GET',
    access,
    summary,
    query: homeworkLatestQuery,
    response: homeworkEnrollItem.nullable(),
  });
const settle = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '结算作业（截止后；按各题最好成绩计分，补交按比例扣分；可重复结算，结果相同）',
    body: homeworkIdBody,
    response: homeworkEnrollStatistics,
  });
const enrollStats = (access: Access) =>
  e.statistics(access, '作业统计：布置人数、已开始、已完成、补交、平均得分率');

export const enrollCalls = defineCalls({
  'bms.homeworkEnroll.batchEnroll': e.byIds('platformAdmin'),
  'bms.homeworkEnroll.batchEnrollByMobile': e.byMobile('platformAdmin'),
  'bms.homeworkEnroll.batchEnrollByTags': e.byTags('platformAdmin'),
  'bms.homeworkEnroll.downloadEnrollList': e.download('platformAdmin'),
  'bms.homeworkEnroll.finishQuit': e.finishQuit('platformAdmin'),
  'bms.homeworkEnroll.passQuit': e.passQuit('platformAdmin'),
  'bms.homeworkEnroll.rejectQuit': e.rejectQuit('platformAdmin'),
  'bms.homeworkEnroll.paidNotify': e.notify('作业报名支付成功'),
  'bms.homeworkEnroll.refundNotify': e.notify('作业报名退款成功'),
  'bms.homeworkEnroll.queryById': enrollById('platformAdmin', '一名学员的一份作业'),
  'bms.homeworkEnroll.queryEnrolledMemberListByHomework': e.list(
    'platformAdmin',
    '一份作业布置到的学员与进度',
  ),
  'bms.homeworkEnroll.queryEnrollStatistics': enrollStats('platformAdmin'),
  'bms.homeworkEnroll.queryLatest': latest('platformAdmin', '最近布置的一份'),
  'bms.homeworkEnroll.queryList': e.list('platformAdmin', '全部作业布置'),
  'bms.homeworkEnroll.queryListByTeacher': e.list('platformAdmin', '全部作业布置'),
  'bms.homeworkEnroll.settle': settle('platformAdmin'),
  'bms.homeworkEnroll.create': e.staffCreate(
    'platformAdmin',
    z.strictObject({ homeworkId: homeworkIdBody.shape.homeworkId, memberId: idBody.shape.id }),
  ),
  'bms.homeworkEnroll.update': e.remark('platformAdmin'),
  'bms.homeworkEnroll.delete': e.remove('platformAdmin'),
  'bms.homeworkEnroll.querySimpleList': e.simpleList('platformAdmin'),

  'edms.homeworkEnroll.batchEnroll': e.byIds('teacher'),
  'edms.homeworkEnroll.batchEnrollByGroups': e.byGroups('teacher'),
  'edms.homeworkEnroll.batchEnrollByMobile': e.byMobile('teacher'),
  'edms.homeworkEnroll.downloadEnrollList': e.download('teacher'),
  'edms.homeworkEnroll.queryEnrolledMemberListByHomework': e.list(
    'teacher',
    '一份作业布置到的学员与进度',
  ),
  'edms.homeworkEnroll.queryList': e.list('teacher', `作业布置（${STAFF}）`),
  'edms.homeworkEnroll.queryListByTeacher': e.list('teacher', '本人布置的作业的学员进度'),
  'edms.homeworkEnroll.queryMemberListSortByScore': e.list('teacher', '一份作业的成绩排名'),
  'edms.homeworkEnroll.settle': settle('teacher'),
  'edms.homeworkEnroll.finishQuit': e.finishQuit('teacher'),
  'edms.homeworkEnroll.passQuit': e.passQuit('teacher'),
  'edms.homeworkEnroll.rejectQuit': e.rejectQuit('teacher'),
  'edms.homeworkEnroll.queryById': enrollById('teacher', '一名学员的一份作业'),
  'edms.homeworkEnroll.queryEnrollStatistics': enrollStats('teacher'),
  'edms.homeworkEnroll.queryLatest': latest('teacher', '最近布置的一份'),

  'oj.homeworkEnroll.applyQuit': e.applyQuit('member'),
  'oj.homeworkEnroll.queryById': enrollById('member', '本人的一份作业'),
  'oj.homeworkEnroll.queryLatest': latest('member', '本人最近的一份作业（可限定作业）'),
  'oj.homeworkEnroll.queryList': e.list('member', '本人的作业'),
  'oj.homeworkEnroll.report': spec({
    method: 'GET',
    access: 'member',
    summary: '作业报告：每题得分、是否补交、提交次数与最近判题结果',
    query: idQuery,
    response: homeworkReport,
  }),
  'oj.homeworkEnroll.queryMineEnrollByEnrollId': e.mineById('member'),
  'oj.homeworkEnroll.queryMineLatestEnroll': e.mineLatest('member'),
  'oj.homeworkEnroll.queryMineStatistics': e.mineStatistics(
    'member',
    '本人的作业统计：布置、进行中、已完成、平均得分率',
  ),
});
