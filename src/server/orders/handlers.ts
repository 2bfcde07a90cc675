/**
 * Handlers of the order calls, for every area and kind: an area's calls are wired to the flow
 * (./flow.ts) under the area's scope (a learner their own orders, a coach their organization's,
 * staff all) and the kinds the path is about (membership/order: membership; member/order:
 * every kind). Notify calls go to ./notifications.ts.
 */
import type { z } from 'zod';
import type { CallDef } from '../../contract/call.ts';
import type { EnrollmentAction } from '../../contract/lifecycle-actions.ts';
import type { notificationFields } from '../../contract/order/notifications.ts';
import type { OrderFilter, OrderKind } from '../../contract/order/orders.ts';
import { isFinalState } from '../../machines/lifecycles/lifecycle.ts';
import type { Auth } from '../http/sessions.ts';
import { fail } from '../http/app-error.ts';
import {
  handle,
  type HandlerContext,
  type HandlerEntry,
  type IdsIn,
  type ResultOf,
} from '../http/handler.ts';
import type { PageQuery } from '../../contract/paging.ts';
import type { Services } from '../services.ts';
import {
  moveOrder,
  payFromWallet,
  payOffline,
  placeOrder,
  refundOrder,
  startCheckout,
  type FlowContext,
} from './flow.ts';
import { buyerOf, goodsOf, type GoodsKind, type GoodsRules } from './goods.ts';
import { receiveNotification } from './notifications.ts';
import {
  findOrder,
  listOrders,
  orderDetailOf,
  type OrderScope,
  ORDER_SELECT,
  toOrderItem,
  toOrderSimple,
  type OrderRow,
} from './rows.ts';

export const flowOf = (ctx: HandlerContext): FlowContext => {
  const auth = ctx.requireAuth();
  return {
    services: ctx.services,
    actor: { userId: auth.userId, memberId: auth.memberId },
    requestId: ctx.request.id,
  };
};

export async function detailOf(
  services: Services,
  scope: OrderScope,
  kinds: readonly OrderKind[],
  id: number,
) {
  return orderDetailOf(services.pool, await findOrder(services.pool, scope, kinds, id));
}

/** A call whose parsed query is `Q` and body `B` (its answer is the order's, whatever it says). */
type Taking<Q, B> = CallDef<z.ZodType<Q>, z.ZodType<B>>;
type IdReason = { id: number; reason?: string };

/**
 * The order calls an area offers on a path, by their action names; each slot takes only a call
 * whose input is what its handler reads.
 */
export type OrderCalls = Partial<
  Record<QuitAction, Taking<unknown, IdReason>> & {
    queryById: Taking<{ id: number }, unknown>;
    queryList: Taking<PageQuery, Partial<OrderFilter>>;
    querySimpleList: Taking<PageQuery, Partial<OrderFilter>>;
    queryMine: CallDef;
    payment: Taking<unknown, { id: number; method: 'wallet' | 'provider' }>;
    refund: Taking<unknown, IdReason & { amountFen?: number }>;
    update: Taking<unknown, { id: number; remark: string }>;
    delete: Taking<unknown, { id: number }>;
  }
>;

const QUIT_ACTIONS = [
  'cancel',
  'cancelEnrollOrder',
  'applyQuit',
  'passQuit',
  'rejectQuit',
  'finishQuit',
  'forceQuit',
] as const satisfies readonly Exclude<EnrollmentAction, 'enroll' | 'pay' | 'setPaid'>[];
type QuitAction = (typeof QUIT_ACTIONS)[number];

/** The ids of the order calls `Calls` holds: what orderHandlers wires. */
export type OrderCallIds<Calls> = IdsIn<Pick<Calls, keyof OrderCalls & keyof Calls>>;

export function orderHandlers<Calls extends OrderCalls>(
  calls: Calls,
  scopeOf: (auth: Auth) => OrderScope,
  kinds: readonly OrderKind[],
): HandlerEntry<OrderCallIds<Calls>>[] {
  const entries: HandlerEntry[] = [];
  const on = <C extends CallDef>(
    call: C | undefined,
    fn: (ctx: HandlerContext<C>, scope: OrderScope) => Promise<ResultOf<C>>,
  ) => {
    if (call) entries.push(handle(call, (ctx) => fn(ctx, scopeOf(ctx.requireAuth()))));
  };
  const detail = (ctx: HandlerContext, scope: OrderScope, id: number) =>
    detailOf(ctx.services, scope, kinds, id);

  on(calls.queryById, (ctx, scope) => detail(ctx, scope, ctx.query.id));
  on(calls.queryList, (ctx, scope) =>
    listOrders(ctx.services.pool, scope, kinds, ctx.body, ctx.query),
  );
  on(calls.querySimpleList, async (ctx, scope) => {
    const page = await listOrders(ctx.services.pool, scope, kinds, ctx.body, ctx.query);
    return { ...page, content: page.content.map(toOrderSimple) };
  });
  on(calls.queryMine, async (ctx) => {
    const rows = await ctx.services.pool.query<OrderRow>(
      `${ORDER_SELECT} WHERE o.member_id = $1 AND o.kind = ANY($2::text[]) AND o.deleted_at IS NULL
        ORDER BY o.id DESC LIMIT 100`,
      [ctx.requireAuth().memberId, kinds],
    );
    // Orders still going: those the lifecycle can still move.
    return rows.rows
      .filter((r) => !isFinalState(ctx.services.orderKinds[r.kind].lifecycle, r.state))
      .map(toOrderItem);
  });
  on(calls.payment, async (ctx, scope) => {
    const { id, method } = ctx.body;
    const flow = flowOf(ctx);
    if (method === 'wallet') {
      await payFromWallet(flow, scope, kinds, id);
      return { order: await detail(ctx, scope, id), payment: null };
    }
    const payment = await startCheckout(flow, scope, kinds, id);
    return { order: await detail(ctx, scope, id), payment };
  });
  for (const action of QUIT_ACTIONS) {
    on(calls[action], async (ctx, scope) => {
      const { id, reason } = ctx.body;
      await moveOrder(flowOf(ctx), scope, kinds, id, action, reason);
      return detail(ctx, scope, id);
    });
  }
  on(calls.refund, async (ctx, scope) => {
    const body = ctx.body;
    await refundOrder(flowOf(ctx), scope, kinds, body.id, body);
    return detail(ctx, scope, body.id);
  });
  on(calls.update, async (ctx, scope) => {
    const { id, remark } = ctx.body;
    await findOrder(ctx.services.pool, scope, kinds, id);
    await ctx.services.pool.query(
      'UPDATE orders SET remark = $2, updated_at = now() WHERE id = $1',
      [id, remark],
    );
    return detail(ctx, scope, id);
  });
  on(calls.delete, async (ctx, scope) => {
    const { id } = ctx.body;
    const row = await findOrder(ctx.services.pool, scope, kinds, id);
    // Only an order that is over and never moved money: its record adds nothing.
    if (!isFinalState(ctx.services.orderKinds[row.kind].lifecycle, row.state) || row.paid_fen > 0) {
      throw fail('CONFLICT', '只能删除已结束且从未收款的订单（如已取消的订单）');
    }
    await ctx.services.pool.query('UPDATE orders SET deleted_at = now() WHERE id = $1', [id]);
    return { id };
  });
  // Every slot of OrderCalls is wired above when `calls` holds it.
  return entries as HandlerEntry<OrderCallIds<Calls>>[];
}

/** A member buys goods for themselves; staff place an order for a member (代客下单). */
type GoodsCall = Taking<
  unknown,
  {
    membershipId?: number;
    itemId?: number;
    id?: number;
    memberId?: number;
    kind?: GoodsKind;
    remark?: string;
    paidOffline?: boolean;
  }
>;
export function placeGoodsHandler<Id extends string>(
  call: GoodsCall & { readonly id: Id },
  kind: GoodsKind | 'fromBody',
  buyer: 'self' | 'staff',
  rules: Omit<GoodsRules, 'field'>,
  scopeOf: (auth: Auth) => OrderScope,
): HandlerEntry<Id> {
  return handle<GoodsCall, Id>(call, async (ctx) => {
    const auth = ctx.requireAuth();
    const body = ctx.body;
    const goodsKind: GoodsKind = kind === 'fromBody' ? body.kind! : kind;
    const [field, itemId] =
      body.membershipId !== undefined
        ? ['body.membershipId', body.membershipId]
        : body.itemId !== undefined
          ? ['body.itemId', body.itemId]
          : ['body.id', body.id!];
    const goods = await goodsOf(ctx.services.pool, goodsKind, itemId, { ...rules, field });
    const who =
      buyer === 'self'
        ? { memberId: auth.memberId, organizationId: auth.organizationId }
        : await buyerOf(ctx.services.pool, body.memberId!);
    const flow = flowOf(ctx);
    const id = await placeOrder(flow, { ...goods, ...who, remark: body.remark });
    const scope = scopeOf(auth);
    if (body.paidOffline && goods.amountFen > 0) await payOffline(flow, scope, [goodsKind], id);
    return detailOf(ctx.services, scope, [goodsKind], id);
  });
}

/** paidNotify and refundNotify of one path. */
type NotifyCall = Taking<unknown, z.output<typeof notificationFields>>;
export function notifyHandlers<Paid extends string, Refund extends string>(calls: {
  paidNotify: NotifyCall & { readonly id: Paid };
  refundNotify: NotifyCall & { readonly id: Refund };
}): HandlerEntry<Paid | Refund>[] {
  const receive = <Id extends string>(
    call: NotifyCall & { readonly id: Id },
    expect: 'paid' | 'refund',
  ) =>
    handle<NotifyCall, Id>(call, (ctx) =>
      receiveNotification(
        ctx.services,
        { id: call.id, expect },
        ctx.request.method,
        ctx.body,
        ctx.request.headers,
      ),
    );
  return [receive(calls.paidNotify, 'paid'), receive(calls.refundNotify, 'refund')];
}
