/**
 * Enrollment in a class (grade/enroll; server/grade/enrollable.ts): an order of kind `grade` on
 * the shared order flow (contract/enrollment/), with the roster's groups and bound teachers.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import { enrollmentSpecs } from '../enrollment/calls.ts';
import {
  ENROLL_SORT,
  enrollCounts,
  enrollFilterOf,
  staffEnrollBodyOf,
} from '../enrollment/item.ts';
import * as f from '../fields.ts';
import { orderDetail, orderItem } from '../order/orders.ts';
import { STAFF, uniqueIds } from './common.ts';
import { gradeItem } from './grades.ts';
import { settlementItem } from './settlements.ts';

export const gradeEnrollItem = orderItem.extend({
  gradeId: z.number().int(),
  mobile: z.string().nullable(),
  groups: z.array(z.string()),
  teacherMemberId: z.number().int().nullable(),
  teacherName: z.string().nullable(),
  /** Class fees settled (consumed) so far: a refund gives back at most paid − settled. */
  settledFen: z.number().int(),
});
export type GradeEnrollItem = z.infer<typeof gradeEnrollItem>;
export const gradeEnrollFilter = enrollFilterOf('gradeId').extend({
  group: z.string().trim().max(32).optional(),
  teacherMemberId: f.id.optional(),
});
export const GRADE_ENROLL_SORT = ENROLL_SORT;

export const staffGradeEnrollBody = staffEnrollBodyOf('gradeId');
export const bindTeacherBody = z.strictObject({ id: f.id, teacherMemberId: f.id });
export const enrollIdBody = z.strictObject({ id: f.id });
export const setGroupsBody = z.strictObject({
  /** Enrollments (orders) of one class. */
  ids: z.array(f.id).min(1, '请选择学员').max(500).refine(uniqueIds, '不能重复'),
  groups: z
    .array(z.string().trim().min(1, '分组名不能为空').max(32, '分组名最多 32 个字符'))
    .max(10, '一名学员最多在 10 个分组'),
});
export const setGroupsAnswer = z.object({ updated: z.number().int() });
export const gradeEnrollStatistics = enrollCounts.extend({
  gradeId: z.number().int(),
  settledFen: z.number().int(),
  capacity: z.number().int().nullable(),
  memberCount: z.number().int(),
});
export const mineGradeStatistics = z.object({
  grades: z.number().int(),
  paidFen: z.number().int(),
  settledFen: z.number().int(),
  homeworkAssigned: z.number().int(),
  homeworkDone: z.number().int(),
});

const mineEnrollment = z.object({
  order: orderDetail,
  grade: gradeItem,
  groups: z.array(z.string()),
  teacherName: z.string().nullable(),
  settledFen: z.number().int(),
  settlements: z.array(settlementItem),
});

const e = enrollmentSpecs({
  noun: '班级',
  itemField: 'gradeId',
  item: gradeEnrollItem,
  filter: gradeEnrollFilter,
  sortFields: GRADE_ENROLL_SORT,
  statistics: gradeEnrollStatistics,
  mine: mineEnrollment,
  mineStatistics: mineGradeStatistics,
});
const REFUND_RULE = '，不超过已收款减去已结算（课消）的金额';
const bindTeacher = (access: Access) =>
  spec({
    method: 'PUT',
    access,
    summary: '为学员绑定本班的一位教师（其学员，可查看其作答）',
    body: bindTeacherBody,
    response: orderDetail,
  });
const unbindTeacher = (access: Access) =>
  spec({
    method: 'PUT',
    access,
    summary: '解除学员绑定的教师',
    body: enrollIdBody,
    response: orderDetail,
  });
const setGroups = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '设置学员在班内的分组（覆盖原分组）',
    body: setGroupsBody,
    response: setGroupsAnswer,
  });
const enrollStats = (access: Access) =>
  e.statistics(access, '班级报名统计：人数、各状态、收款、退款、课消');
const mineStats = (access: Access) =>
  e.mineStatistics(access, '本人的班级统计：班级数、已付、已课消、作业完成情况');

export const enrollCalls = defineCalls({
  'bms.grade.enroll.batchEnroll': e.byIds('platformAdmin'),
  'bms.grade.enroll.batchEnrollByMobile': e.byMobile('platformAdmin'),
  'bms.grade.enroll.batchEnrollByTags': e.byTags('platformAdmin'),
  'bms.grade.enroll.bindTeacher': bindTeacher('platformAdmin'),
  'bms.grade.enroll.unbindTeacher': unbindTeacher('platformAdmin'),
  'bms.grade.enroll.setGroups': setGroups('platformAdmin'),
  'bms.grade.enroll.setPaid': e.setPaid('platformAdmin'),
  'bms.grade.enroll.downloadEnrollList': e.download('platformAdmin'),
  'bms.grade.enroll.finishQuit': e.finishQuit('platformAdmin'),
  'bms.grade.enroll.passQuit': e.passQuit('platformAdmin'),
  'bms.grade.enroll.rejectQuit': e.rejectQuit('platformAdmin'),
  'bms.grade.enroll.paidNotify': e.notify('班级报名支付成功'),
  'bms.grade.enroll.refundNotify': e.notify('班级报名退款成功'),
  'bms.grade.enroll.queryEnrollList': e.list('platformAdmin', '某班级（或全部）的报名名单'),
  'bms.grade.enroll.queryEnrollStatistics': enrollStats('platformAdmin'),
  'bms.grade.enroll.create': e.staffCreate('platformAdmin', staffGradeEnrollBody),
  'bms.grade.enroll.update': e.remark('platformAdmin'),
  'bms.grade.enroll.delete': e.remove('platformAdmin'),
  'bms.grade.enroll.queryById': e.byId('platformAdmin'),
  'bms.grade.enroll.queryList': e.list('platformAdmin', '全部班级报名'),
  'bms.grade.enroll.querySimpleList': e.simpleList('platformAdmin'),

  'edms.grade.enroll.batchEnroll': e.byIds('teacher'),
  'edms.grade.enroll.batchEnrollByMobile': e.byMobile('teacher'),
  'edms.grade.enroll.batchEnrollByTags': e.byTags('teacher'),
  'edms.grade.enroll.downloadEnrollList': e.download('teacher'),
  'edms.grade.enroll.queryEnrollList': e.list('teacher', `班级报名名单（${STAFF}）`),
  'edms.grade.enroll.setGroups': setGroups('teacher'),
  'edms.grade.enroll.bindTeacher': bindTeacher('teacher'),
  'edms.grade.enroll.unbindTeacher': unbindTeacher('teacher'),
  'edms.grade.enroll.finishQuit': e.finishQuit('teacher'),
  'edms.grade.enroll.passQuit': e.passQuit('teacher'),
  'edms.grade.enroll.rejectQuit': e.rejectQuit('teacher'),
  'edms.grade.enroll.queryEnrollStatistics': enrollStats('teacher'),

  'grade.enroll.applyQuit': e.applyQuit('member'),
  'grade.enroll.batchEnroll': e.byIds('teacher'),
  'grade.enroll.batchEnrollByGroups': e.byGroups('teacher'),
  'grade.enroll.batchEnrollByMobile': e.byMobile('teacher'),
  'grade.enroll.enroll': e.enroll('member'),
  'grade.enroll.pay': e.payment('member'),
  'grade.enroll.queryEnrollList': e.list(
    'member',
    '报名名单：学员本人的报名；教职工可管理班级的；平台管理员全部',
  ),
  'grade.enroll.downloadEnrollList': e.download('teacher'),
  'grade.enroll.setGroups': setGroups('teacher'),
  'grade.enroll.bindTeacher': bindTeacher('teacher'),
  'grade.enroll.unbindTeacher': unbindTeacher('teacher'),
  'grade.enroll.cancelEnrollOrder': e.cancel('member', 'PUT'),
  'grade.enroll.finishQuit': e.finishQuit('teacher'),
  'grade.enroll.passQuit': e.passQuit('teacher'),
  'grade.enroll.rejectQuit': e.rejectQuit('teacher'),
  'grade.enroll.refund': e.refund('orgAdmin', REFUND_RULE),
  'grade.enroll.paidNotify': e.notify('班级报名支付成功'),
  'grade.enroll.refundNotify': e.notify('班级报名退款成功'),
  'grade.enroll.queryEnrollStatistics': enrollStats('teacher'),
  'grade.enroll.queryMineEnrollByEnrollId': e.mineById('member'),
  'grade.enroll.queryMineLatestEnroll': e.mineLatest('member'),
  'grade.enroll.queryMineStatistics': mineStats('member'),

  'oj.grade.enroll.applyQuit': e.applyQuit('member'),
  'oj.grade.enroll.cancelEnrollOrder': e.cancel('member', 'PUT'),
  'oj.grade.enroll.enroll': e.enroll('member'),
  'oj.grade.enroll.pay': e.payment('member'),
  'oj.grade.enroll.queryEnrollList': e.list('member', '本人的班级报名'),
  'oj.grade.enroll.queryMineEnrollByEnrollId': e.mineById('member'),
  'oj.grade.enroll.queryMineLatestEnroll': e.mineLatest('member'),
  'oj.grade.enroll.queryMineStatistics': mineStats('member'),
});
