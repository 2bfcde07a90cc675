/**
 * The calls every enrollment kind shares (docs/product-rules.md#lifecycle-actions "Enrollments", §7: examEnroll,
 * grade/enroll, homeworkEnroll, activityEnroll): enroll, pay, cancel, the quit flow, refund,
 * the batch forms, the lists, the xlsx download, statistics and the learner's own queries.
 * A kind gives its noun, the field naming its item and its shapes; each area then picks the
 * specs it offers with the access it needs.
 */
import { z } from 'zod';
import { spec } from '../call.ts';
import type { Access } from '../call.ts';
import * as f from '../fields.ts';
import { notifyCall } from '../order/notifications.ts';
import {
  applyQuitBody,
  orderActionBody,
  orderDetail,
  orderSimpleItem,
  payAnswer,
  payBody,
  refundBody,
  rejectQuitBody,
  remarkBody,
} from '../order/orders.ts';
import { staffActionSpec } from '../order/specs.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { deletedAnswer, idBody, idQuery } from '../resource.ts';
import { batchAnswer, batchBodiesOf } from './batch.ts';

export interface EnrollmentShapes<
  K extends string,
  Item extends z.ZodType,
  Filter extends z.ZodObject,
  Statistics extends z.ZodType,
  Mine extends z.ZodType,
  MineStatistics extends z.ZodType,
> {
  /** 考试, 班级, 作业 …: what is enrolled in, in summaries. */
  noun: string;
  /** The body and query field naming the item, e.g. `gradeId`. */
  itemField: K;
  item: Item;
  filter: Filter;
  sortFields: readonly [string, ...string[]];
  statistics: Statistics;
  /** The learner's view of one enrollment (queryMineEnrollByEnrollId). */
  mine: Mine;
  mineStatistics: MineStatistics;
  /** What the quit application must respect, said in its summary (e.g. 已开考的不能退出). */
  quitRule?: string;
}

export function enrollmentSpecs<
  K extends string,
  Item extends z.ZodType,
  Filter extends z.ZodObject,
  Statistics extends z.ZodType,
  Mine extends z.ZodType,
  MineStatistics extends z.ZodType,
>(shapes: EnrollmentShapes<K, Item, Filter, Statistics, Mine, MineStatistics>) {
  const { noun } = shapes;
  const itemId = z.strictObject({ [shapes.itemField]: f.id } as { [P in K]: typeof f.id });
  const batchBodies = batchBodiesOf(shapes.itemField);
  const listQuery = pageQueryOf(shapes.sortFields);
  const batch = <B extends z.ZodType>(access: Access, summary: string, body: B) =>
    spec({ method: 'POST', access, summary, body, response: batchAnswer });
  const quitRule = shapes.quitRule ? `；${shapes.quitRule}` : '';
  return {
    itemId,
    batchBodies,
    enroll: (access: Access) =>
      spec({
        method: 'POST',
        access,
        summary: `报名${noun}：免费直接报名成功；收费生成待支付订单（再支付）`,
        body: itemId,
        response: orderDetail,
      }),
    payment: (access: Access) =>
      spec({
        method: 'POST',
        access,
        summary: `支付本人的${noun}报名（wallet 立即支付；provider 返回收银台）`,
        body: payBody,
        response: payAnswer,
      }),
    cancel: (access: Access, method: 'POST' | 'PUT' = 'POST') =>
      spec({
        method,
        access,
        summary: `取消待支付的${noun}报名`,
        body: orderActionBody,
        response: orderDetail,
      }),
    applyQuit: (access: Access) =>
      spec({
        method: 'POST',
        access,
        summary: `申请退出${noun}（须填写原因${quitRule}），进入审批队列`,
        body: applyQuitBody,
        response: orderDetail,
      }),
    staffAction: staffActionSpec,
    passQuit: (access: Access) =>
      spec({
        method: 'PUT',
        access,
        summary: `同意退出${noun}`,
        body: orderActionBody,
        response: orderDetail,
      }),
    rejectQuit: (access: Access) =>
      spec({
        method: 'PUT',
        access,
        summary: '驳回退出申请（须填写原因）',
        body: rejectQuitBody,
        response: orderDetail,
      }),
    finishQuit: (access: Access) =>
      spec({
        method: 'PUT',
        access,
        summary: '完成退出',
        body: orderActionBody,
        response: orderDetail,
      }),
    refund: (access: Access, rule = '') =>
      spec({
        method: 'PUT',
        access,
        summary: `退款：原路退回；amountFen 可部分退款，默认退回全部可退金额${rule}`,
        body: refundBody,
        response: orderDetail,
      }),
    setPaid: (access: Access) =>
      spec({
        method: 'POST',
        access,
        summary: `登记线下已收款（待支付的${noun}报名直接生效）`,
        body: orderActionBody,
        response: orderDetail,
      }),
    remark: (access: Access) =>
      spec({
        method: 'PUT',
        access,
        summary: '修改报名备注',
        body: remarkBody,
        response: orderDetail,
      }),
    staffCreate: <B extends z.ZodType>(access: Access, body: B) =>
      spec({
        method: 'POST',
        access,
        summary: `代学员报名${noun}（paidOffline 表示已线下收款）`,
        body,
        response: orderDetail,
      }),
    remove: (access: Access) =>
      spec({
        method: 'DELETE',
        access,
        summary: `删除从未收款且已结束的${noun}报名（如已取消）`,
        body: idBody,
        response: deletedAnswer,
      }),
    byId: (access: Access) =>
      spec({
        method: 'GET',
        access,
        summary: `一条${noun}报名（订单、支付、退款与状态记录）`,
        query: idQuery,
        response: orderDetail,
      }),
    byIds: (access: Access) =>
      batch(
        access,
        '按学员 id 批量报名（逐行结果：已报名、原已报名、不存在、无权）',
        batchBodies.byIds,
      ),
    byMobile: (access: Access) =>
      batch(
        access,
        '按手机号批量报名（逐行结果：已报名、原已报名、手机号未注册、格式不对、无权）',
        batchBodies.byMobile,
      ),
    byTags: (access: Access) => batch(access, '按学员标签批量报名（逐人结果）', batchBodies.byTags),
    byGroups: (access: Access) =>
      batch(access, '按班级（可限定班内分组）批量报名其学员（逐人结果）', batchBodies.byGroups),
    download: (access: Access) =>
      spec({
        method: 'POST',
        access,
        responseKind: 'xlsx',
        summary: `导出${noun}报名名单（xlsx）`,
        body: shapes.filter.extend({ [shapes.itemField]: f.id }),
        response: z.unknown(),
      }),
    list: (access: Access, summary: string) =>
      spec({
        method: 'POST',
        access,
        summary,
        query: listQuery,
        body: shapes.filter,
        response: pageOf(shapes.item),
      }),
    simpleList: (access: Access) =>
      spec({
        method: 'POST',
        access,
        summary: `${noun}报名（精简字段）`,
        query: listQuery,
        body: shapes.filter,
        response: pageOf(orderSimpleItem),
      }),
    statistics: (access: Access, summary: string) =>
      spec({ method: 'GET', access, summary, query: itemId, response: shapes.statistics }),
    mineById: (access: Access) =>
      spec({
        method: 'GET',
        access,
        summary: `本人的一次${noun}报名`,
        query: idQuery,
        response: shapes.mine,
      }),
    mineLatest: (access: Access) =>
      spec({
        method: 'GET',
        access,
        summary: `本人在某${noun}最近的报名（无则 null）`,
        query: itemId,
        response: shapes.mine.nullable(),
      }),
    mineStatistics: (access: Access, summary: string) =>
      spec({ method: 'GET', access, summary, response: shapes.mineStatistics }),
    notify: notifyCall,
  };
}
