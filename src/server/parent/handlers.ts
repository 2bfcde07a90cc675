/**
 * The parent's calls (contract/parent/calls.ts; issue 25 item 11). Bindings move through their
 * lifecycle (./bindings.ts); every read of a child is the child's own read under the child's
 * scope (./children.ts), and the one write, paying, is the shared order flow with the money
 * leaving the parent's wallet (orders/flow.ts payFromWallet's payer) or the provider's checkout.
 */
import { parent as c } from '../../contract/parent/calls.ts';
import { ORDER_KINDS } from '../../contract/order/orders.ts';
import type { BindingAction, BindingActor } from '../../machines/lifecycles/parent-binding.ts';
import { listSittings } from '../exam/sittings.ts';
import { readReport } from '../exam/reports.ts';
import { listGrades } from '../grade/grades.ts';
import { listEnrollments } from '../homework/enrollments.ts';
import { report as homeworkReport } from '../homework/handlers.ts';
import { handle, type CallShape, type HandlerContext } from '../http/handler.ts';
import { payFromWallet, placeOrder, startCheckout } from '../orders/flow.ts';
import { goodsOf } from '../orders/goods.ts';
import { detailOf, flowOf } from '../orders/handlers.ts';
import { listOrders } from '../orders/rows.ts';
import { actOnBinding, listBindings, requestBinding } from './bindings.ts';
import { childScope, childScopeOfOrder } from './children.ts';
import { childFeed } from './feed.ts';

/** Every binding action shares one shape: `{id}` in, the binding out. */
type BindingCall = CallShape<(typeof c)['oj.parent.binding.cancel']>;

const act = <Id extends string>(
  call: BindingCall & { readonly id: Id },
  actor: BindingActor,
  action: BindingAction,
) =>
  handle<BindingCall, Id>(call, (ctx) =>
    actOnBinding(ctx.services.pool, actor, ctx.requireAuth(), ctx.body.id, action, ctx.request.id),
  );

/** The child a parent's read names, as the child's own learner scope (or FORBIDDEN). */
const childOf = (ctx: HandlerContext, childId: number) =>
  childScope(ctx.services.pool, ctx.requireAuth(), childId);

export const parentHandlers = [
  handle(c['oj.parent.binding.request'], (ctx) =>
    requestBinding(ctx.services.pool, ctx.requireAuth(), ctx.body, ctx.request.id),
  ),
  handle(c['oj.parent.binding.queryMine'], (ctx) =>
    listBindings(ctx.services.pool, 'parent', ctx.requireAuth()),
  ),
  act(c['oj.parent.binding.cancel'], 'parent', 'cancel'),
  act(c['oj.parent.binding.unbind'], 'parent', 'unbind'),
  handle(c['oj.childBinding.queryList'], (ctx) =>
    listBindings(ctx.services.pool, 'child', ctx.requireAuth()),
  ),
  act(c['oj.childBinding.confirm'], 'child', 'confirm'),
  act(c['oj.childBinding.refuse'], 'child', 'refuse'),
  act(c['oj.childBinding.unbind'], 'child', 'unbind'),
  handle(c['edms.parentBinding.queryList'], (ctx) =>
    listBindings(ctx.services.pool, 'teacher', ctx.requireAuth()),
  ),
  act(c['edms.parentBinding.confirm'], 'teacher', 'confirm'),
  act(c['edms.parentBinding.refuse'], 'teacher', 'refuse'),

  handle(c['oj.parent.grade.queryList'], async (ctx) => {
    const { childId, ...page } = ctx.query;
    return listGrades(ctx.services.pool, await childOf(ctx, childId), ctx.body, page);
  }),
  handle(c['oj.parent.homeworkEnroll.queryList'], async (ctx) => {
    const { childId, ...page } = ctx.query;
    return listEnrollments(ctx.services.pool, await childOf(ctx, childId), ctx.body, page);
  }),
  handle(c['oj.parent.homeworkEnroll.report'], async (ctx) =>
    homeworkReport(ctx, await childOf(ctx, ctx.query.childId), ctx.query.id),
  ),
  handle(c['oj.parent.examPaperEnroll.queryList'], async (ctx) => {
    const { childId, ...page } = ctx.query;
    return listSittings(ctx.services.pool, await childOf(ctx, childId), ctx.body, page);
  }),
  handle(c['oj.parent.examPaperEnroll.report'], async (ctx) =>
    readReport(ctx.services.pool, await childOf(ctx, ctx.query.childId), ctx.query.id),
  ),
  handle(c['oj.parent.member.order.queryList'], async (ctx) => {
    const { childId, ...page } = ctx.query;
    const scope = await childOf(ctx, childId);
    return listOrders(ctx.services.pool, scope, ORDER_KINDS, ctx.body, page);
  }),
  handle(c['oj.parent.member.order.queryById'], async (ctx) => {
    const scope = await childScopeOfOrder(ctx.services.pool, ctx.requireAuth(), ctx.query.id);
    return detailOf(ctx.services, scope, ORDER_KINDS, ctx.query.id);
  }),
  handle(c['oj.parent.member.order.payment'], async (ctx) => {
    const auth = ctx.requireAuth();
    const { id, method } = ctx.body;
    const scope = await childScopeOfOrder(ctx.services.pool, auth, id);
    const flow = flowOf(ctx);
    if (method === 'wallet') {
      // The money leaves the parent's wallet; what it buys is the child's.
      await payFromWallet(flow, scope, ORDER_KINDS, id, auth.memberId);
      return { order: await detailOf(ctx.services, scope, ORDER_KINDS, id), payment: null };
    }
    const payment = await startCheckout(flow, scope, ORDER_KINDS, id);
    return { order: await detailOf(ctx.services, scope, ORDER_KINDS, id), payment };
  }),
  handle(c['oj.parent.membership.order.create'], async (ctx) => {
    const { childId, membershipId } = ctx.body;
    const scope = await childOf(ctx, childId);
    if (scope.kind !== 'learner') throw new Error('a child is read under a learner scope');
    const goods = await goodsOf(ctx.services.pool, 'membership', membershipId, {
      onSaleOnly: true,
      cardTypes: ['0'],
      field: 'body.membershipId',
    });
    const id = await placeOrder(flowOf(ctx), {
      ...goods,
      memberId: scope.memberId,
      organizationId: scope.organizationId,
      remark: '家长代孩子购买',
    });
    return detailOf(ctx.services, scope, ORDER_KINDS, id);
  }),
  handle(c['oj.parent.feed.queryList'], async (ctx) =>
    childFeed(ctx.services.pool, await childOf(ctx, ctx.query.childId)),
  ),
];
