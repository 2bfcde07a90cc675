/**
 * member/order (every kind of a member's orders in one list) and member/points
 * (contract/order/calls.ts), on the shared order flow (server/orders/).
 */
import { order } from '../../contract/order/calls.ts';
import { actionsOf } from '../../contract/resource.ts';
import { handle } from '../http/handler.ts';
import { orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import type { POINTS_SORT } from '../../contract/order/points.ts';
import { notifyHandlers, orderHandlers, placeGoodsHandler } from '../orders/handlers.ts';
import { exportOrders } from '../orders/reports.ts';
import { allOrders, ownOrders } from '../orders/rows.ts';
import { ORDER_KINDS } from '../../contract/order/orders.ts';

const bms = actionsOf(order, 'bms', 'member.order');
const oj = actionsOf(order, 'oj', 'member.order');
const pointsSortable: SortColumns<typeof POINTS_SORT> = { id: 'p.id', points: 'p.points' };

export const orderCallHandlers = [
  placeGoodsHandler(
    bms.create,
    'fromBody',
    'staff',
    { onSaleOnly: false, cardTypes: ['0', '1'] },
    allOrders,
  ),
  ...orderHandlers(
    {
      queryById: bms.queryById,
      queryList: bms.queryList,
      querySimpleList: bms.querySimpleList,
      update: bms.update,
      delete: bms.delete,
      cancel: bms.cancel,
      passQuit: bms.passQuit,
      rejectQuit: bms.rejectQuit,
      finishQuit: bms.finishQuit,
      forceQuit: bms.forceQuit,
      refund: bms.refund,
    },
    allOrders,
    ORDER_KINDS,
  ),
  ...notifyHandlers(bms),
  handle(
    bms.download,
    async ({ services, body }) =>
      // Sent raw by register-calls; the contract's response describes what the client receives.
      exportOrders(services.pool, allOrders(), ORDER_KINDS, body, '订单.xlsx') as never,
  ),
  ...orderHandlers(
    {
      queryById: oj.queryById,
      queryList: oj.queryList,
      payment: oj.payment,
      cancel: oj.cancel,
      applyQuit: oj.applyQuit,
    },
    ownOrders,
    ORDER_KINDS,
  ),
  handle(order['member.points.queryList'], async (ctx) => {
    const page = await pagedRows<{
      id: string;
      member_id: number;
      member_name: string;
      order_id: number | null;
      order_no: string | null;
      points: number;
      reason: string;
      created_at: Date;
    }>(
      ctx.services.pool,
      {
        select: `p.id, p.member_id, m.nickname AS member_name, p.order_id, o.order_no, p.points,
          p.reason, p.created_at`,
        from: `FROM member_points p JOIN members m ON m.id = p.member_id
          LEFT JOIN orders o ON o.id = p.order_id WHERE ($1::int IS NULL OR p.member_id = $1)`,
        params: [ctx.body.memberId ?? null],
        order: orderBy(ctx.query, pointsSortable, 'p.id DESC', 'p.id DESC'),
      },
      ctx.query,
    );
    return {
      ...page,
      content: page.content.map((r) => ({
        id: Number(r.id),
        memberId: r.member_id,
        memberName: r.member_name,
        orderId: r.order_id,
        orderNo: r.order_no,
        points: r.points,
        reason: r.reason === 'paid' ? '付款得积分' : '退款扣回',
        createdAt: r.created_at.toISOString(),
      })),
    };
  }),
];
