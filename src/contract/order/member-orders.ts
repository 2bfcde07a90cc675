/**
 * A member's orders of every kind in one list (member/order; server/order/handlers.ts): the
 * platform's approval queue and desk act on every kind, and the learner pays, cancels and asks
 * to quit their own.
 */
import { z } from 'zod';
import { defineCalls } from '../call.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { deletedAnswer, idBody } from '../resource.ts';
import { notifyCall } from './notifications.ts';
import {
  ORDER_SORT,
  applyQuitBody,
  goodsKind,
  orderActionBody,
  orderDetail,
  orderFilter,
  orderSimpleItem,
  payAnswer,
  payBody,
  refundBody,
  rejectQuitBody,
  remarkBody,
  staffOrderBody,
} from './orders.ts';
import { orderById, orderList, staffOrderAction } from './specs.ts';

export const memberOrderCalls = defineCalls({
  'bms.member.order.create': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '代会员下单（会员卡或 AI 额度商品，itemId 为商品 id；paidOffline 表示已线下收款）',
    body: staffOrderBody.extend({ kind: goodsKind }),
    response: orderDetail,
  },
  'bms.member.order.update': {
    method: 'PUT',
    access: 'platformAdmin',
    summary: '修改订单备注（金额与状态只经生命周期改变）',
    body: remarkBody,
    response: orderDetail,
  },
  'bms.member.order.delete': {
    method: 'DELETE',
    access: 'platformAdmin',
    summary: '删除从未收款且已结束的订单（如已取消）；有资金往来的订单不能删除',
    body: idBody,
    response: deletedAnswer,
  },
  'bms.member.order.queryById': orderById('platformAdmin', '任一订单（含支付、退款与状态记录）'),
  'bms.member.order.queryList': orderList('platformAdmin', '全部订单（各类型）'),
  'bms.member.order.querySimpleList': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '全部订单（精简字段）',
    query: pageQueryOf(ORDER_SORT),
    body: orderFilter,
    response: pageOf(orderSimpleItem),
  },
  // Not in the catalogue (docs/decisions.md "Orders"): the approval queue acts on every kind.
  'bms.member.order.cancel': staffOrderAction('取消待支付的订单'),
  'bms.member.order.passQuit': staffOrderAction('同意退出申请'),
  'bms.member.order.rejectQuit': staffOrderAction('驳回退出申请（须填写原因）', rejectQuitBody),
  'bms.member.order.finishQuit': staffOrderAction(
    '完成退出：收回订单所给（会员卡终止、AI 额度退回）',
  ),
  'bms.member.order.forceQuit': staffOrderAction('强制退出（无需申请）'),
  'bms.member.order.refund': staffOrderAction(
    '退款：原路退回（渠道、钱包或线下）；amountFen 可部分退款，默认退回全部未退金额',
    refundBody,
  ),
  'bms.member.order.download': {
    method: 'POST',
    access: 'platformAdmin',
    responseKind: 'xlsx',
    summary: '按筛选条件导出订单（各类型，xlsx，最多 50000 行）',
    body: orderFilter,
    response: z.unknown(),
  },
  'bms.member.order.paidNotify': notifyCall('支付成功'),
  'bms.member.order.refundNotify': notifyCall('退款成功'),
  'oj.member.order.queryById': orderById('member', '本人的订单（含支付、退款与状态记录）'),
  'oj.member.order.queryList': orderList('member', '本人的全部订单（各类型）'),
  // Not in the catalogue (docs/decisions.md "Orders"): the order screen acts on every kind.
  'oj.member.order.payment': {
    method: 'POST',
    access: 'member',
    summary:
      '支付本人的订单：method=wallet 用钱包余额立即支付；method=provider 得到收银台链接，支付结果以渠道通知为准',
    body: payBody,
    response: payAnswer,
  },
  'oj.member.order.cancel': {
    method: 'PUT',
    access: 'member',
    summary: '取消本人待支付的订单（关闭未完成的支付）',
    body: orderActionBody,
    response: orderDetail,
  },
  'oj.member.order.applyQuit': {
    method: 'POST',
    access: 'member',
    summary: '申请退出（退款）本人已生效的订单，须填写原因，进入审批队列',
    body: applyQuitBody,
    response: orderDetail,
  },
});
