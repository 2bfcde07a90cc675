/**
 * Activities (issue 10 item 1; docs/product-rules.md#the-call-catalogue activity, activityEnroll in bms, edms and oj).
 * The activity is a resource from the factory with its reviewed-publication lifecycle
 * (machines/lifecycles/activity.ts); enrollments are orders of kind `activity` on the shared
 * order flow, with the enrollment kit's batch forms, download and statistics.
 *
 * Who calls what: `bms` platform staff (all activities; review); `edms` teachers and
 * organization admins (their organization's); `oj` learners. Calls beyond the catalogue (the
 * learner's cancel and applyQuit, staff quit decisions, the ranking in bms and oj) are named in
 * docs/decisions.md "Activities (issue 10)".
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { orderDetail, refundBody } from '../order/orders.ts';
import { enrollmentSpecs } from '../enrollment/calls.ts';
import { defineResource, lifecycleCalls, resourceCalls } from '../resource.ts';
import * as s from './schemas.ts';

export * from './schemas.ts';

export const activityResource = defineResource({
  noun: '活动',
  segment: 'activity',
  item: s.activityItem,
  listItem: s.activityItem,
  simpleItem: s.activitySimpleItem,
  create: s.activityCreate,
  update: s.activityUpdate,
  filter: s.activityFilter,
  sortFields: s.ACTIVITY_SORT,
});

const crud = ['create', 'update', 'delete', 'queryById', 'queryList', 'querySimpleList'] as const;

const activityCalls = {
  ...resourceCalls(activityResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: crud,
    note: '平台管理员：全部活动（平台活动创建后为待发布）',
  }),
  ...lifecycleCalls(activityResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: ['pass', 'reject', 'publish', 'unpublish', 'stop'],
  }),
  ...resourceCalls(activityResource, {
    area: 'edms',
    access: 'teacher',
    ops: crud,
    note: '本机构的活动（新建后待平台审核；被驳回的修改后重新提交）',
  }),
  ...lifecycleCalls(activityResource, {
    area: 'edms',
    access: 'teacher',
    ops: ['publish', 'unpublish', 'stop'],
    note: '本机构的活动',
  }),
  ...resourceCalls(activityResource, {
    area: 'oj',
    access: 'member',
    ops: ['queryById', 'queryList'],
    note: '已发布的活动与本人报名过的活动；题目在报名且活动开始后可见',
  }),
};

// ——— activityEnroll ———
const e = enrollmentSpecs({
  noun: '活动',
  itemField: 'activityId',
  item: s.activityEnrollItem,
  filter: s.activityEnrollFilter,
  sortFields: s.ACTIVITY_ENROLL_SORT,
  statistics: s.enrollStatistics,
  mine: s.mineEnrollment,
  mineStatistics: s.mineStatistics,
  quitRule: '活动已开始或已结束的不能退出',
});
const statistics = (access: Access) =>
  e.statistics(access, '活动报名统计：人数、各状态、收款、退款、参与与完成人数、平均与最高分');
const latest = (access: Access, summary: string) =>
  spec({
    method: 'GET',
    access,
    summary,
    query: s.latestQuery,
    response: z.array(s.activityEnrollItem),
  });
const ranking = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary,
    query: pageQueryOf(['rank'] as const),
    body: s.rankingBody,
    response: pageOf(s.rankingRow),
  });
const RANK_RULE = '按得分从高到低、完成时间从早到晚排名，得分与完成时间都相同的名次相同';

const activityEnrollCalls = defineCalls({
  'bms.activityEnroll.create': e.staffCreate('platformAdmin', s.staffEnrollBody),
  'bms.activityEnroll.update': e.remark('platformAdmin'),
  'bms.activityEnroll.delete': e.remove('platformAdmin'),
  'bms.activityEnroll.queryById': e.byId('platformAdmin'),
  'bms.activityEnroll.queryList': e.list(
    'platformAdmin',
    '全部活动报名（可按活动、状态、学员筛选）',
  ),
  'bms.activityEnroll.querySimpleList': e.simpleList('platformAdmin'),
  'bms.activityEnroll.queryListByTeacher': e.list(
    'platformAdmin',
    '全部活动报名（教师视角同列表）',
  ),
  'bms.activityEnroll.queryLatest': latest('platformAdmin', '最近的活动报名（最多 10 条）'),
  'bms.activityEnroll.queryEnrollStatistics': statistics('platformAdmin'),
  'bms.activityEnroll.batchEnroll': e.byIds('platformAdmin'),
  'bms.activityEnroll.batchEnrollByMobile': e.byMobile('platformAdmin'),
  'bms.activityEnroll.batchEnrollByTags': e.byTags('platformAdmin'),
  'bms.activityEnroll.downloadEnrollList': e.download('platformAdmin'),
  'bms.activityEnroll.passQuit': e.passQuit('platformAdmin'),
  'bms.activityEnroll.rejectQuit': e.rejectQuit('platformAdmin'),
  'bms.activityEnroll.finishQuit': e.finishQuit('platformAdmin'),
  'bms.activityEnroll.refund': spec({
    method: 'PUT',
    access: 'platformAdmin',
    summary: '退款：原路退回；amountFen 可部分退款，默认退回全部未退金额',
    body: refundBody,
    response: orderDetail,
  }),
  'bms.activityEnroll.queryMemberListSortByScore': ranking(
    'platformAdmin',
    `活动排名（${RANK_RULE}）`,
  ),
  'bms.activityEnroll.paidNotify': e.notify('活动报名支付成功'),
  'bms.activityEnroll.refundNotify': e.notify('活动报名退款成功'),

  'edms.activityEnroll.batchEnroll': e.byIds('teacher'),
  'edms.activityEnroll.batchEnrollByGroups': e.byGroups('teacher'),
  'edms.activityEnroll.batchEnrollByMobile': e.byMobile('teacher'),
  'edms.activityEnroll.downloadEnrollList': e.download('teacher'),
  'edms.activityEnroll.queryList': e.list('teacher', '本机构活动的报名（教师：本人学员的）'),
  'edms.activityEnroll.queryListByTeacher': e.list(
    'teacher',
    '本机构活动中本人学员的报名（机构管理员：全部）',
  ),
  'edms.activityEnroll.queryMemberListSortByScore': ranking(
    'teacher',
    `本机构活动的排名（${RANK_RULE}）`,
  ),
  'edms.activityEnroll.queryById': e.byId('teacher'),
  'edms.activityEnroll.queryEnrollStatistics': statistics('teacher'),
  'edms.activityEnroll.queryLatest': latest('teacher', '本机构活动最近的报名（最多 10 条）'),
  'edms.activityEnroll.passQuit': e.passQuit('teacher'),
  'edms.activityEnroll.rejectQuit': e.rejectQuit('teacher'),
  'edms.activityEnroll.finishQuit': e.finishQuit('teacher'),

  'oj.activityEnroll.enroll': e.enroll('member'),
  'oj.activityEnroll.pay': e.payment('member'),
  'oj.activityEnroll.cancel': e.cancel('member'),
  'oj.activityEnroll.applyQuit': e.applyQuit('member'),
  'oj.activityEnroll.queryById': e.byId('member'),
  'oj.activityEnroll.queryList': e.list('member', '本人的活动报名'),
  'oj.activityEnroll.queryLatest': latest('member', '本人最近的活动报名（最多 10 条）'),
  'oj.activityEnroll.queryMineEnrollByEnrollId': e.mineById('member'),
  'oj.activityEnroll.queryMineLatestEnroll': e.mineLatest('member'),
  'oj.activityEnroll.queryMineStatistics': e.mineStatistics(
    'member',
    '本人的活动统计：报名、完成的活动数与最好名次',
  ),
  'oj.activityEnroll.queryMemberListSortByScore': ranking(
    'member',
    `活动排名（仅公开排名的活动，本人可见的；${RANK_RULE}）`,
  ),
});

export const activity = { ...activityCalls, ...activityEnrollCalls };
