/**
 * Reading orders: one row shape, one mapping to the wire, and the scopes that say whose orders
 * a caller may see (docs/classes.md, "Who reads what": access/predicates.ts learnerRows): a
 * learner their own, a teacher their students' and their own, an organization admin their
 * organization's, platform staff all.
 */
import type {
  OrderDetail,
  OrderFilter,
  OrderItem,
  OrderKind,
  QuitDecision,
} from '../../contract/order/orders.ts';
import type { ORDER_SORT } from '../../contract/order/orders.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { boundChildren, learnerRows } from '../access/predicates.ts';
import { learnerScope, organizationScope, type Scope } from '../access/scope.ts';
import type { Auth } from '../http/sessions.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import type { LifecycleRows } from '../lifecycle/transition.ts';

/** Where an order keeps its lifecycle state. */
export const ORDER_ROWS: LifecycleRows = {
  entity: 'order',
  table: 'orders',
  column: 'state',
  where: 'deleted_at IS NULL',
};

export interface OrderRow {
  id: number;
  order_no: string;
  kind: OrderKind;
  member_id: number;
  member_name: string;
  organization_id: number;
  organization_name: string;
  item_id: number | null;
  item_name: string;
  item_units: number | null;
  amount_fen: number;
  state: OrderItem['state'];
  pay_method: OrderItem['payMethod'];
  paid_fen: number;
  refunded_fen: number;
  quit_reason: string | null;
  quit_decision: QuitDecisionRow | null;
  remark: string;
  paid_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** The latest move on the order's quit application, as json (lifecycle_transitions keeps them). */
interface QuitDecisionRow {
  action: 'applyQuit' | 'passQuit' | 'rejectQuit';
  reason: string | null;
  actor_name: string | null;
  at: string;
}
const QUIT_DECISION = `(SELECT json_build_object('action', t.action, 'reason', t.reason,
      'actor_name', am.nickname, 'at', t.at)
    FROM lifecycle_transitions t LEFT JOIN members am ON am.id = t.actor_member_id
   WHERE t.entity = 'order' AND t.entity_id = o.id
     AND t.action IN ('applyQuit', 'passQuit', 'rejectQuit')
   ORDER BY t.id DESC LIMIT 1) AS quit_decision`;

export const ORDER_COLUMNS = `o.id, o.order_no, o.kind, o.member_id, m.nickname AS member_name,
    o.organization_id, org.name AS organization_name, o.item_id, o.item_name, o.item_units,
    o.amount_fen, o.state, o.pay_method, o.paid_fen, o.refunded_fen, o.quit_reason, o.remark,
    o.paid_at, o.created_at, o.updated_at, ${QUIT_DECISION}`;

/** Staff's answer to the latest application; none while it waits or when none was made. */
const toQuitDecision = (d: QuitDecisionRow | null): QuitDecision | null =>
  d === null || d.action === 'applyQuit'
    ? null
    : {
        outcome: d.action === 'rejectQuit' ? 'rejected' : 'approved',
        reason: d.reason,
        actorName: d.actor_name ?? '',
        at: new Date(d.at).toISOString(),
      };
export const ORDER_FROM = `FROM orders o
  JOIN members m ON m.id = o.member_id
  JOIN organizations org ON org.id = o.organization_id`;
export const ORDER_SELECT = `SELECT ${ORDER_COLUMNS} ${ORDER_FROM}`;

export const toOrderItem = (r: OrderRow): OrderItem => ({
  id: r.id,
  orderNo: r.order_no,
  kind: r.kind,
  memberId: r.member_id,
  memberName: r.member_name,
  organizationId: r.organization_id,
  organizationName: r.organization_name,
  itemId: r.item_id,
  itemName: r.item_name,
  itemUnits: r.item_units,
  amountFen: r.amount_fen,
  state: r.state,
  payMethod: r.pay_method,
  paidFen: r.paid_fen,
  refundedFen: r.refunded_fen,
  quitReason: r.quit_reason,
  quitDecision: toQuitDecision(r.quit_decision),
  remark: r.remark,
  paidAt: r.paid_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** What a simple list shows of an order (querySimpleList). */
export const toOrderSimple = ({ id, orderNo, kind, itemName, amountFen, state }: OrderItem) => ({
  id,
  orderNo,
  kind,
  itemName,
  amountFen,
  state,
});

/**
 * Whose orders a caller works on: a caller's access scope, whose orders are the learner rows
 * it may read; or every order (`all`), where no one reads (a payment notification) or where the
 * caller was authorised through the order's item already (a class's staff acting on its
 * enrollment) or is platform staff.
 */
export type OrderScope = Scope | { kind: 'all' };

/** The caller's own orders, whatever their role (their purchases, their quit applications). */
export const ownOrders = (auth: Auth): OrderScope => learnerScope(auth);
/** What an organization's staff read: an admin their organization's, a teacher their students'. */
export const organizationOrders = (auth: Auth): OrderScope => organizationScope(auth);
export const allOrders = (): OrderScope => ({ kind: 'all' });

/** The WHERE of a scope and kinds. */
function scopeWhere(scope: OrderScope, kinds: readonly OrderKind[], sql: SqlParams): string {
  const whose = scope.kind === 'all' ? 'true' : learnerRows(scope, 'o.member_id', sql);
  return `o.deleted_at IS NULL AND o.kind = ANY(${sql.add(kinds)}::text[]) AND ${whose}`;
}

const sortable: SortColumns<typeof ORDER_SORT> = {
  id: 'o.id',
  createdAt: 'o.created_at',
  amountFen: 'o.amount_fen',
  paidAt: 'o.paid_at',
};

/** The WHERE of a list: scope, kinds and the filter's fields. */
export function listWhere(
  scope: OrderScope,
  kinds: readonly OrderKind[],
  filter: Partial<OrderFilter>,
  sql: SqlParams,
): string {
  const parts = [
    scopeWhere(scope, filter.kind ? kinds.filter((k) => k === filter.kind) : kinds, sql),
  ];
  const add = (clause: (p: string) => string, value: unknown) => {
    if (value === undefined || value === '') return;
    parts.push(clause(sql.add(value)));
  };
  add((p) => `o.state = ${p}`, filter.state);
  add((p) => `o.member_id = ${p}`, filter.memberId);
  add((p) => `o.organization_id = ${p}`, filter.organizationId);
  add((p) => `o.item_id = ${p}`, filter.itemId);
  add((p) => `o.order_no = ${p}`, filter.orderNo);
  add((p) => `o.created_at >= ${p}`, filter.createdFrom);
  add((p) => `o.created_at < ${p}`, filter.createdTo);
  add(
    (p) => `EXISTS (SELECT 1 FROM users u WHERE u.id = m.user_id AND (
        strpos(m.nickname, ${p}) > 0 OR strpos(u.username, ${p}) > 0
        OR strpos(coalesce(u.mobile, ''), ${p}) > 0))`,
    filter.keyword,
  );
  return parts.join(' AND ');
}

export async function listOrders(
  db: Queryable,
  scope: OrderScope,
  kinds: readonly OrderKind[],
  filter: Partial<OrderFilter>,
  page: PageQuery,
): Promise<Page<OrderItem>> {
  const sql = new SqlParams();
  const where = listWhere(scope, kinds, filter, sql);
  const rows = await pagedRows<OrderRow>(
    db,
    {
      select: ORDER_COLUMNS,
      from: `${ORDER_FROM} WHERE ${where}`,
      params: sql.values,
      order: orderBy(page, sortable, 'o.id DESC', 'o.id DESC'),
    },
    page,
  );
  return { ...rows, content: rows.content.map(toOrderItem) };
}

/** One order the scope may see, or NOT_FOUND (another member's order is not even there). */
export async function findOrder(
  db: Queryable,
  scope: OrderScope,
  kinds: readonly OrderKind[],
  id: number,
  /** Lock the order row until the caller's transaction ends. */
  lock = false,
): Promise<OrderRow> {
  const sql = new SqlParams();
  const where = `${scopeWhere(scope, kinds, sql)} AND o.id = ${sql.add(id)}`;
  const found = await db.query<OrderRow>(
    `${ORDER_SELECT} WHERE ${where}${lock ? ' FOR UPDATE OF o' : ''}`,
    sql.values,
  );
  const row = found.rows[0];
  if (!row) {
    if (scope.kind === 'learner' && (await ofBoundChild(db, scope.memberId, id))) {
      throw fail('FORBIDDEN', CHILD_ORDER_REFUSAL);
    }
    throw fail('NOT_FOUND', `订单 ${id} 不存在`);
  }
  return row;
}

/**
 * A parent reaching their child's order through the learner's own calls (cancel, quit, pay
 * as if it were theirs) is told what a parent may do instead of "not found" (issue 25).
 */
const CHILD_ORDER_REFUSAL =
  '这是孩子的订单：家长只能在「我的孩子」中为孩子支付，其他操作请孩子本人在自己的账号中进行';

async function ofBoundChild(db: Queryable, parentMemberId: number, orderId: number) {
  const sql = new SqlParams();
  const found = await db.query(
    `SELECT 1 FROM orders o WHERE o.id = ${sql.add(orderId)} AND o.deleted_at IS NULL
       AND o.member_id IN (${boundChildren(parentMemberId, sql)})`,
    sql.values,
  );
  return (found.rowCount ?? 0) > 0;
}

/** An order with its open payment, refunds and the history of its states. */
export async function orderDetailOf(db: Queryable, row: OrderRow): Promise<OrderDetail> {
  const [payment, refunds, history] = await Promise.all([
    db.query<{
      payment_no: string;
      provider: string;
      amount_fen: number;
      checkout_url: string;
      expires_at: Date;
    }>(
      `SELECT payment_no, provider, amount_fen, checkout_url, expires_at FROM payments
        WHERE order_id = $1 AND status = 'pending' AND expires_at > now()`,
      [row.id],
    ),
    db.query<{
      refund_no: string;
      method: OrderItem['payMethod'] & string;
      amount_fen: number;
      status: 'pending' | 'succeeded';
      reason: string | null;
      created_at: Date;
      settled_at: Date | null;
    }>(
      `SELECT refund_no, method, amount_fen, status, reason, created_at, settled_at
         FROM refunds WHERE order_id = $1 ORDER BY id`,
      [row.id],
    ),
    db.query<{
      action: string;
      from_state: string;
      to_state: string;
      reason: string | null;
      actor_name: string;
      at: Date;
    }>(
      `SELECT t.action, t.from_state, t.to_state, t.reason, m.nickname AS actor_name, t.at
         FROM lifecycle_transitions t JOIN members m ON m.id = t.actor_member_id
        WHERE t.entity = 'order' AND t.entity_id = $1 ORDER BY t.id`,
      [row.id],
    ),
  ]);
  const p = payment.rows[0];
  return {
    ...toOrderItem(row),
    pendingPayment: p
      ? {
          paymentNo: p.payment_no,
          provider: p.provider,
          amountFen: p.amount_fen,
          checkoutUrl: p.checkout_url,
          qrUrl: qrUrlOf(p.checkout_url),
          expiresAt: p.expires_at.toISOString(),
        }
      : null,
    refunds: refunds.rows.map((r) => ({
      refundNo: r.refund_no,
      method: r.method,
      amountFen: r.amount_fen,
      status: r.status,
      reason: r.reason,
      createdAt: r.created_at.toISOString(),
      settledAt: r.settled_at?.toISOString() ?? null,
    })),
    history: history.rows.map((h) => ({
      action: h.action,
      from: h.from_state,
      to: h.to_state,
      reason: h.reason,
      actorName: h.actor_name,
      at: h.at.toISOString(),
    })),
  };
}

/** The sandbox's checkout pages have a QR code of themselves; others' links are the QR. */
export const qrUrlOf = (checkoutUrl: string): string | null =>
  checkoutUrl.startsWith('/sandbox-pay/') ? `${checkoutUrl}/qr.svg` : null;
