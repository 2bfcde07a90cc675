/**
 * Reports over orders: the statistics of a kind, and the xlsx export of a filtered list
 * (times in Asia/Shanghai, amounts in yuan, states in Chinese as the screens show them).
 */
import type { OrderFilter, OrderKind } from '../../contract/order/orders.ts';
import { orderStateName } from '../../machines/lifecycles/orders.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { shanghai, xlsxAnswer } from '../http/xlsx.ts';
import { ORDER_SELECT, listWhere, type OrderRow, type OrderScope } from './rows.ts';

/** Most rows one export writes; a larger list is narrowed by its filters. */
export const EXPORT_LIMIT = 50_000;

export async function orderStatistics(db: Queryable, kind: OrderKind) {
  const [totals, byState, byItem] = await Promise.all([
    db.query<{ orders: number; paid: number; paid_fen: string; refunded_fen: string }>(
      `SELECT count(*)::int AS orders, count(*) FILTER (WHERE paid_fen > 0)::int AS paid,
              coalesce(sum(paid_fen), 0) AS paid_fen, coalesce(sum(refunded_fen), 0) AS refunded_fen
         FROM orders WHERE kind = $1 AND deleted_at IS NULL`,
      [kind],
    ),
    db.query<{ state: string; count: number }>(
      `SELECT state, count(*)::int AS count FROM orders WHERE kind = $1 AND deleted_at IS NULL
        GROUP BY state ORDER BY state`,
      [kind],
    ),
    db.query<{ item_id: number | null; name: string; count: number; paid_fen: string }>(
      `SELECT item_id, min(item_name) AS name, count(*)::int AS count,
              coalesce(sum(paid_fen), 0) AS paid_fen
         FROM orders WHERE kind = $1 AND deleted_at IS NULL
        GROUP BY item_id ORDER BY count DESC, item_id`,
      [kind],
    ),
  ]);
  const t = totals.rows[0]!;
  return {
    orderCount: t.orders,
    paidCount: t.paid,
    paidFen: Number(t.paid_fen),
    refundedFen: Number(t.refunded_fen),
    netFen: Number(t.paid_fen) - Number(t.refunded_fen),
    byState: byState.rows,
    byMembership: byItem.rows.map((r) => ({
      membershipId: r.item_id,
      name: r.name,
      count: r.count,
      paidFen: Number(r.paid_fen),
    })),
  };
}

export const yuan = (fen: number) => Number((fen / 100).toFixed(2));
const METHOD_NAMES = { provider: '在线支付', wallet: '钱包余额', offline: '线下收款' } as const;

export async function exportOrders(
  db: Queryable,
  scope: OrderScope,
  kinds: readonly OrderKind[],
  filter: Partial<OrderFilter>,
  fileName: string,
) {
  const sql = new SqlParams();
  const where = listWhere(scope, kinds, filter, sql);
  const rows = await db.query<OrderRow>(
    `${ORDER_SELECT} WHERE ${where} ORDER BY o.id DESC LIMIT ${EXPORT_LIMIT}`,
    sql.values,
  );
  return xlsxAnswer(
    fileName,
    '订单',
    [
      { header: '订单号', width: 24, value: (r: OrderRow) => r.order_no },
      { header: '会员', value: (r) => r.member_name },
      { header: '机构', width: 20, value: (r) => r.organization_name },
      { header: '商品', width: 24, value: (r) => r.item_name },
      { header: '金额（元）', value: (r) => yuan(r.amount_fen) },
      // The kind's machine names the state (every kind's behaviour runs on it: order-kinds.test.ts).
      { header: '状态', value: (r) => orderStateName(r) },
      { header: '支付方式', value: (r) => (r.pay_method ? METHOD_NAMES[r.pay_method] : '') },
      { header: '已付（元）', value: (r) => yuan(r.paid_fen) },
      { header: '已退（元）', value: (r) => yuan(r.refunded_fen) },
      { header: '退出原因', width: 24, value: (r) => r.quit_reason ?? '' },
      { header: '备注', width: 24, value: (r) => r.remark },
      { header: '下单时间', width: 20, value: (r) => shanghai(r.created_at) },
      { header: '付款时间', width: 20, value: (r) => shanghai(r.paid_at) },
    ],
    rows.rows,
  );
}
