/**
 * Membership orders (server/membership/order-kind.ts, grants.ts): orders of kind `membership`
 * on the shared order flow (../order/calls.ts) — a learner or teacher buys, pays, cancels and
 * asks to quit; the platform acts on them and reads their statistics.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import * as f from '../fields.ts';
import { notifyCall } from '../order/notifications.ts';
import {
  ORDER_SORT,
  applyQuitBody,
  orderActionBody,
  orderDetail,
  orderFilter,
  orderItem,
  orderSimpleItem,
  payAnswer,
  payBody,
  refundBody,
  rejectQuitBody,
  remarkBody,
  staffOrderBody,
} from '../order/orders.ts';
import { orderById, orderList, staffOrderAction } from '../order/specs.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { deletedAnswer, idBody } from '../resource.ts';

/** Membership orders: orders of kind `membership` (../order/calls.ts). */
const membershipOrderCreate = z.strictObject({ membershipId: f.id });
const createMembershipOrder = (access: Access, who: string) =>
  spec({
    method: 'POST',
    access,
    summary: `${who}购买会员卡：下单（待支付；免费卡直接生效）`,
    body: membershipOrderCreate,
    response: orderDetail,
  });
const membershipOrderPayment = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '支付本人的会员卡订单（wallet 立即支付；provider 返回收银台）',
    body: payBody,
    response: payAnswer,
  });
const cancelMembershipOrder = (access: Access) =>
  spec({
    method: 'PUT',
    access,
    summary: '取消本人待支付的会员卡订单',
    body: orderActionBody,
    response: orderDetail,
  });
const applyQuitMembershipOrder = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '申请退卡（须填写原因），进入审批队列',
    body: applyQuitBody,
    response: orderDetail,
  });
const queryMine = (access: Access) =>
  spec({
    method: 'GET',
    access,
    summary: '本人未结束的会员卡订单（待支付、已生效、退出审核中），最新在前',
    response: z.array(orderItem),
  });

export const membershipOrderStatistics = z.object({
  orderCount: z.number().int(),
  paidCount: z.number().int(),
  paidFen: z.number().int(),
  refundedFen: z.number().int(),
  netFen: z.number().int(),
  byState: z.array(z.object({ state: z.string(), count: z.number().int() })),
  byMembership: z.array(
    z.object({
      membershipId: z.number().int().nullable(),
      name: z.string(),
      count: z.number().int(),
      paidFen: z.number().int(),
    }),
  ),
});

export const membershipOrderCalls = defineCalls({
  'oj.membership.order.create': createMembershipOrder('member', '学员'),
  'oj.membership.order.payment': membershipOrderPayment('member'),
  'oj.membership.order.cancel': cancelMembershipOrder('member'),
  'oj.membership.order.applyQuit': applyQuitMembershipOrder('member'),
  'oj.membership.order.queryById': orderById('member', '本人的会员卡订单'),
  'oj.membership.order.queryList': orderList('member', '本人的会员卡订单'),
  'oj.membership.order.queryMine': queryMine('member'),
  'edms.membership.order.create': createMembershipOrder('teacher', '教师（本人）'),
  'edms.membership.order.payment': membershipOrderPayment('teacher'),
  'edms.membership.order.cancel': cancelMembershipOrder('teacher'),
  'edms.membership.order.applyQuit': applyQuitMembershipOrder('teacher'),
  'edms.membership.order.queryById': orderById(
    'teacher',
    '可查看的学员的会员卡订单（机构管理员本机构，教师本人的学员）',
  ),
  'edms.membership.order.queryList': orderList(
    'teacher',
    '可查看的学员的会员卡订单（机构管理员本机构，教师本人的学员）',
  ),
  'edms.membership.order.queryMine': queryMine('teacher'),

  'bms.membership.order.create': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '代会员购买会员卡（itemId 为会员卡 id；paidOffline 表示已线下收款）',
    body: staffOrderBody,
    response: orderDetail,
  },
  'bms.membership.order.update': staffOrderAction('修改会员卡订单备注', remarkBody),
  'bms.membership.order.delete': {
    method: 'DELETE',
    access: 'platformAdmin',
    summary: '删除从未收款且已结束的会员卡订单',
    body: idBody,
    response: deletedAnswer,
  },
  'bms.membership.order.queryById': orderById('platformAdmin', '任一会员卡订单'),
  'bms.membership.order.queryList': orderList('platformAdmin', '全部会员卡订单'),
  'bms.membership.order.querySimpleList': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '全部会员卡订单（精简字段）',
    query: pageQueryOf(ORDER_SORT),
    body: orderFilter,
    response: pageOf(orderSimpleItem),
  },
  'bms.membership.order.queryStatistics': {
    method: 'GET',
    access: 'platformAdmin',
    summary: '会员卡订单统计：订单数、收款、退款、按状态与按会员卡',
    response: membershipOrderStatistics,
  },
  'bms.membership.order.download': {
    method: 'POST',
    access: 'platformAdmin',
    responseKind: 'xlsx',
    summary: '按筛选条件导出会员卡订单（xlsx，最多 50000 行）',
    body: orderFilter,
    response: z.unknown(),
  },
  'bms.membership.order.cancel': staffOrderAction('取消待支付的会员卡订单'),
  'bms.membership.order.passQuit': staffOrderAction('同意退卡申请'),
  'bms.membership.order.rejectQuit': staffOrderAction('驳回退卡申请（须填写原因）', rejectQuitBody),
  'bms.membership.order.finishQuit':
    staffOrderAction('完成退卡：会员卡即时终止，其后购买的卡顺延提前'),
  'bms.membership.order.forceQuit': staffOrderAction('强制退卡（无需申请）：会员卡即时终止'),
  'bms.membership.order.refund': staffOrderAction(
    '退款：原路退回（渠道、钱包或线下）；amountFen 可部分退款，默认退回全部未退金额',
    refundBody,
  ),
  'bms.membership.order.paidNotify': notifyCall('会员卡订单支付成功'),
  'bms.membership.order.refundNotify': notifyCall('会员卡订单退款成功'),
});
