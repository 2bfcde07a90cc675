/**
 * Exam enrollments (examEnroll, every area; server/exam/enroll.ts): orders of kind `exam` on the
 * shared order flow, with the enrollment calls every enrollable kind shares
 * (../enrollment/calls.ts) and the sittings an enrollment holds.
 */
import { z } from 'zod';
import { defineCalls } from '../call.ts';
import type { Access } from '../call.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { SITTING_STATES } from '../../machines/lifecycles/exam-paper-enroll.ts';
import { notifyCall } from '../order/notifications.ts';
import {
  orderDetail,
  orderItem,
  orderSimpleItem,
  refundBody,
  rejectQuitBody,
  remarkBody,
} from '../order/orders.ts';
import { batchBodiesOf } from '../enrollment/batch.ts';
import { enrollmentSpecs } from '../enrollment/calls.ts';
import {
  ENROLL_SORT,
  enrollCounts,
  enrollFilterOf,
  staffEnrollBodyOf,
} from '../enrollment/item.ts';
import { deletedAnswer, idBody, idQuery } from '../resource.ts';
import { examItem } from './exams.ts';
import { sittingItem } from './sittings.ts';

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

const mineEnrollment = z.object({
  order: orderDetail,
  exam: examItem,
  sittings: z.array(sittingItem),
});
const e = enrollmentSpecs({
  noun: '考试',
  itemField: 'examId',
  item: examEnrollItem,
  filter: examEnrollFilter,
  sortFields: EXAM_ENROLL_SORT,
  statistics: enrollStatistics,
  mine: mineEnrollment,
  mineStatistics,
  quitRule: '已开考的不能退出',
});
const enrollStatisticsCall = (access: Access) =>
  e.statistics(access, '考试报名统计：人数、各状态、收款、退款、开考与交卷人数');
const mineStatisticsCall = (access: Access) =>
  e.mineStatistics(access, '本人的考试统计：报名、参加、出成绩场次，平均与最好得分率');

export const examEnrollCalls = defineCalls({
  'bms.examEnroll.create': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '代学员报名考试（paidOffline 表示已线下收款）',
    body: staffEnrollBody,
    response: orderDetail,
  },
  'bms.examEnroll.update': e.staffAction('platformAdmin', '修改报名备注', remarkBody),
  'bms.examEnroll.delete': {
    method: 'DELETE',
    access: 'platformAdmin',
    summary: '删除从未收款且已结束的报名（如已取消）',
    body: idBody,
    response: deletedAnswer,
  },
  'bms.examEnroll.queryById': {
    method: 'GET',
    access: 'platformAdmin',
    summary: '任一考试报名（订单、支付、退款与状态记录）',
    query: idQuery,
    response: orderDetail,
  },
  'bms.examEnroll.queryList': e.list('platformAdmin', '全部考试报名'),
  'bms.examEnroll.querySimpleList': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '全部考试报名（精简字段）',
    query: pageQueryOf(EXAM_ENROLL_SORT),
    body: examEnrollFilter,
    response: pageOf(orderSimpleItem),
  },
  'bms.examEnroll.batchEnroll': e.byIds('platformAdmin'),
  'bms.examEnroll.batchEnrollByMobile': e.byMobile('platformAdmin'),
  'bms.examEnroll.batchEnrollByTags': e.byTags('platformAdmin'),
  'bms.examEnroll.downloadEnrollList': e.download('platformAdmin'),
  'bms.examEnroll.passQuit': e.staffAction('platformAdmin', '同意退出考试'),
  'bms.examEnroll.rejectQuit': e.staffAction(
    'platformAdmin',
    '驳回退出申请（须填写原因）',
    rejectQuitBody,
  ),
  'bms.examEnroll.finishQuit': e.staffAction('platformAdmin', '完成退出'),
  'bms.examEnroll.paidNotify': notifyCall('考试报名支付成功'),
  'bms.examEnroll.refundNotify': notifyCall('考试报名退款成功'),
  'bms.examEnroll.queryEnrollList': e.list('platformAdmin', '某场考试（或全部）的报名名单'),
  'bms.examEnroll.queryEnrollStatistics': enrollStatisticsCall('platformAdmin'),

  'edms.examEnroll.batchEnroll': e.byIds('teacher'),
  'edms.examEnroll.batchEnrollByGroups': e.byGroups('teacher'),
  'edms.examEnroll.batchEnrollByMobile': e.byMobile('teacher'),
  'edms.examEnroll.downloadEnrollList': e.download('teacher'),
  'edms.examEnroll.queryEnrollList': e.list('teacher', '本机构考试中（教师：本人学员）的报名名单'),
  'edms.examEnroll.passQuit': e.staffAction('teacher', '同意退出本机构的考试'),
  'edms.examEnroll.rejectQuit': e.staffAction(
    'teacher',
    '驳回退出申请（须填写原因）',
    rejectQuitBody,
  ),
  'edms.examEnroll.finishQuit': e.staffAction('teacher', '完成退出'),
  'edms.examEnroll.queryEnrollStatistics': enrollStatisticsCall('teacher'),

  'examEnroll.enroll': e.enroll('member'),
  'examEnroll.payment': e.payment('member'),
  'examEnroll.cancel': e.cancel('member'),
  'examEnroll.applyQuit': e.applyQuit('member'),
  'examEnroll.batchEnroll': e.byIds('teacher'),
  'examEnroll.batchEnrollByGroups': e.byGroups('teacher'),
  'examEnroll.batchEnrollByMobile': e.byMobile('teacher'),
  'examEnroll.downloadEnrollList': e.download('teacher'),
  'examEnroll.queryEnrollList': e.list(
    'member',
    '报名名单：学员本人的报名；机构管理员本机构考试的，教师其中本人学员的；平台管理员全部',
  ),
  'examEnroll.passQuit': e.staffAction('teacher', '同意退出考试'),
  'examEnroll.rejectQuit': e.staffAction('teacher', '驳回退出申请（须填写原因）', rejectQuitBody),
  'examEnroll.finishQuit': e.staffAction('teacher', '完成退出'),
  'examEnroll.refund': e.staffAction(
    'platformAdmin',
    '退款：原路退回；amountFen 可部分退款，默认退回全部未退金额',
    refundBody,
  ),
  'examEnroll.paidNotify': notifyCall('考试报名支付成功'),
  'examEnroll.refundNotify': notifyCall('考试报名退款成功'),
  'examEnroll.queryEnrollStatistics': enrollStatisticsCall('teacher'),
  'examEnroll.queryMineEnrollByEnrollId': e.mineById('member'),
  'examEnroll.queryMineLatestEnroll': e.mineLatest('member'),
  'examEnroll.queryMineStatistics': mineStatisticsCall('member'),

  'oj.examEnroll.enroll': e.enroll('member'),
  'oj.examEnroll.payment': e.payment('member'),
  'oj.examEnroll.cancel': e.cancel('member'),
  'oj.examEnroll.applyQuit': e.applyQuit('member'),
  'oj.examEnroll.queryEnrollList': e.list('member', '本人的考试报名'),
  'oj.examEnroll.queryMineEnrollByEnrollId': e.mineById('member'),
  'oj.examEnroll.queryMineLatestEnroll': e.mineLatest('member'),
  'oj.examEnroll.queryMineStatistics': mineStatisticsCall('member'),
});
