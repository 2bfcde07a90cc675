/**
 * Buying a paid unit or question (server/course/purchase.ts): an order of kind `chapter` or
 * `question` on the shared order flow.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import * as f from '../fields.ts';
import { orderDetail } from '../order/orders.ts';

const buy = (noun: string) =>
  spec({
    method: 'GET',
    access: 'member',
    summary: `购买${noun}：生成待支付订单（再以 oj/member/order/payment 支付）；已有待支付订单时返回该订单；免费、已购或会员权益已覆盖时拒绝并说明`,
    query: z.strictObject({ id: f.id }),
    response: orderDetail,
  });

export const purchaseCalls = defineCalls({
  // Buying a unit or a question (docs/product-rules.md#the-call-catalogue: GET buy) places an order of kind chapter or
  // question on the shared order flow; it is paid like any order (oj/member/order/payment).
  'oj.chapter.buy': buy('章节（单元）'),
  'oj.question.buy': buy('题目'),
});
