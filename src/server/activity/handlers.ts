/**
 * The activity calls of every area (contract/activity/calls.ts) wired to this folder's stores
 * and the shared order flow. Each area's scope is said once: `bms` platform staff, `edms` the
 * teacher's organization, `oj` the learner.
 */
import { activity as calls } from '../../contract/activity/calls.ts';
import { actionsOf, type ResourceArea } from '../../contract/resource.ts';
import { activityLifecycle } from '../../machines/lifecycles/activity.ts';
import { withTransaction } from '../db/pool.ts';
import { handle, type HandlerContext, type ContextOf } from '../http/handler.ts';
import { actionWiring } from '../http/wire.ts';
import { transitionRow } from '../lifecycle/transition.ts';
import { refundOrder } from '../orders/flow.ts';
import { detailOf, flowOf } from '../orders/handlers.ts';
import { allOrders, ownOrders } from '../orders/rows.ts';
import { SCOPE_OF_AREA, type Scope } from '../access/scope.ts';
import {
  ACTIVITY_ROWS,
  checkPublishable,
  createActivity,
  deleteActivity,
  listActivities,
  managedActivity,
  readActivity,
  updateActivity,
} from './activities.ts';
import { activityEnrollable, ranking } from './enrollable.ts';
import { cancelAwaitingPayment } from './order-kind.ts';

/** Closes checkouts at the provider after the commit that closed them here; best effort. */
async function closeCheckouts(ctx: HandlerContext, paymentNos: string[]): Promise<void> {
  for (const no of paymentNos) {
    await ctx.services.payments.provider
      .close(no)
      .catch((err: Error) =>
        ctx.services.logger.warn({ paymentNo: no, err: err.message }, '关闭渠道支付失败'),
      );
  }
}

type Area = ResourceArea;
type Ctx = HandlerContext;
const AREAS: readonly Area[] = ['bms', 'edms', 'oj'];
const scopeIn = (area: Area, ctx: Ctx): Scope => SCOPE_OF_AREA[area](ctx.requireAuth());
const actor = (ctx: Ctx) => {
  const auth = ctx.requireAuth();
  return { userId: auth.userId, memberId: auth.memberId };
};

const wire = actionWiring(calls, AREAS);

// ——— activity ———

const activityItemHandlers = [
  ...wire('activity', 'create', (a, ctx) =>
    createActivity(ctx.services.pool, scopeIn(a, ctx), ctx.body, actor(ctx), ctx.request.id),
  ),
  ...wire('activity', 'update', (a, ctx) =>
    updateActivity(ctx.services.pool, scopeIn(a, ctx), ctx.body, actor(ctx), ctx.request.id),
  ),
  ...wire('activity', 'delete', async (a, ctx) => {
    const { id } = ctx.body;
    await deleteActivity(ctx.services.pool, scopeIn(a, ctx), id);
    return { id };
  }),
  ...wire('activity', 'queryById', (a, ctx) =>
    readActivity(ctx.services.pool, scopeIn(a, ctx), ctx.query.id),
  ),
  ...wire('activity', 'queryList', (a, ctx) =>
    listActivities(ctx.services.pool, scopeIn(a, ctx), ctx.body, ctx.query),
  ),
  ...wire('activity', 'querySimpleList', async (a, ctx) => {
    const page = await listActivities(ctx.services.pool, scopeIn(a, ctx), ctx.body, ctx.query);
    return {
      ...page,
      content: page.content.map(({ id, title, kind, state, startAt, endAt, priceFen }) => ({
        id,
        title,
        kind,
        state,
        startAt,
        endAt,
        priceFen,
      })),
    };
  }),
  ...(['publish', 'unpublish', 'stop', 'pass', 'reject'] as const).flatMap((action) =>
    wire('activity', action, async (a, ctx) => {
      const { id, reason } = ctx.body;
      const scope = scopeIn(a, ctx);
      await managedActivity(ctx.services.pool, scope, id);
      const closed = await withTransaction(ctx.services.pool, async (client) => {
        await transitionRow(client, activityLifecycle, ACTIVITY_ROWS, {
          id,
          action,
          actor: actor(ctx),
          reason,
          requestId: ctx.request.id,
        });
        // Allowed by the machine; a contest needs its questions too (refused: the move is undone).
        if (action === 'publish') await checkPublishable(client, id);
        if (action === 'pass' || action === 'reject') {
          await client.query('UPDATE activities SET review_reason = $2 WHERE id = $1', [
            id,
            action === 'reject' ? reason : null,
          ]);
        }
        // Stopping closes the window now: answers after it no longer count, nobody enrolls,
        // and nobody pays for a place any more.
        if (action !== 'stop') return [];
        await client.query(
          'UPDATE activities SET stopped_at = least(now(), end_at) WHERE id = $1',
          [id],
        );
        return cancelAwaitingPayment(client, id, { actor: actor(ctx), requestId: ctx.request.id });
      });
      await closeCheckouts(ctx, closed);
      return readActivity(ctx.services.pool, scope, id);
    }),
  ),
];

// ——— activityEnroll: the activity's own (the shared calls come from ./enrollable.ts) ———

const { enrollments, kinds } = activityEnrollable;
const bmsEnroll = actionsOf(calls, 'bms', 'activityEnroll');

const enrollAnswer = (ctx: Ctx, id: number) => detailOf(ctx.services, allOrders(), kinds, id);

/** Staff read one enrollment they may see; a learner their own. */
const byId = (a: Area, ctx: ContextOf<{ query: { id: number } }>) => {
  const id = ctx.query.id;
  return a === 'oj'
    ? detailOf(ctx.services, ownOrders(ctx.requireAuth()), kinds, id)
    : enrollments
        .authorize(ctx.services.pool, scopeIn(a, ctx), id)
        .then(() => enrollAnswer(ctx, id));
};

const enrollHandlers = [
  // Platform staff refund any activity's order, found as an order (not as an enrollment).
  handle(bmsEnroll.refund, async (ctx) => {
    const b = ctx.body;
    await refundOrder(flowOf(ctx), allOrders(), kinds, b.id, b);
    return enrollAnswer(ctx, b.id);
  }),
  ...wire('activityEnroll', 'queryById', byId),
  ...wire('activityEnroll', 'queryLatest', (a, ctx) => {
    const { activityId } = ctx.query;
    return enrollments.latest(ctx.services.pool, scopeIn(a, ctx), { activityId }, 10);
  }),
  ...wire('activityEnroll', 'queryMemberListSortByScore', (a, ctx) =>
    ranking(ctx.services.pool, scopeIn(a, ctx), ctx.body.activityId, ctx.query),
  ),
];

export const activityHandlers = [...activityItemHandlers, ...enrollHandlers];
