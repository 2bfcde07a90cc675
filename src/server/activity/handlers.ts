/**
 * The activity calls of every area (contract/activity/calls.ts) wired to this folder's stores
 * and the shared order flow. Each area's scope is said once: `bms` platform staff, `edms` the
 * teacher's organization, `oj` the learner.
 */
import { activity as calls } from '../../contract/activity/calls.ts';
import type { EnrollmentAction } from '../../contract/lifecycle-actions.ts';
import { actionsOf, type ResourceArea } from '../../contract/resource.ts';
import { activityLifecycle } from '../../machines/lifecycles/activity.ts';
import { withTransaction } from '../db/pool.ts';
import { handle, type HandlerContext, type HandlerEntry, type ContextOf } from '../http/handler.ts';
import { actionWiring } from '../http/wire.ts';
import { transitionRow } from '../lifecycle/transition.ts';
import { moveOrder, refundOrder } from '../orders/flow.ts';
import { detailOf, flowOf, notifyHandlers, orderHandlers } from '../orders/handlers.ts';
import { allOrders, ownOrders, toOrderSimple } from '../orders/rows.ts';
import {
  BATCH_ENROLL_ACTIONS,
  candidatesOf,
  type BatchEnrollAction,
} from '../enrollment/candidates.ts';
import { learnerScope, SCOPE_OF_AREA, type Scope } from '../access/scope.ts';
import {
  ACTIVITY_ROWS,
  checkPublishable,
  createActivity,
  deleteActivity,
  listActivities,
  managedActivity,
  readActivity,
  readOrderedActivity,
  updateActivity,
} from './activities.ts';
import {
  ACTIVITY_KINDS,
  authorizeEnrollment,
  batchEnroll,
  enrollSelf,
  enrollStatistics,
  exportEnrollments,
  latestEnrollmentId,
  latestEnrollments,
  listEnrollments,
  mineStatistics,
  ranking,
  staffEnroll,
  standingsOf,
} from './enroll.ts';
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

const activityHandlers: HandlerEntry[] = [
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

// ——— activityEnroll ———

const ojEnroll = actionsOf(calls, 'oj', 'activityEnroll');
const bmsEnroll = actionsOf(calls, 'bms', 'activityEnroll');

const enrollAnswer = (ctx: Ctx, id: number) =>
  detailOf(ctx.services, allOrders(), ACTIVITY_KINDS, id);

/**
 * The learner's enrollment with the activity and their standing. The activity is read as the
 * order's holder reads it, not through the list's visibility rule: a cancelled order of an
 * activity unpublished since is still theirs to see.
 */
async function mineEnrollment(ctx: Ctx, id: number) {
  const auth = ctx.requireAuth();
  const learner = learnerScope(auth);
  const order = await detailOf(ctx.services, ownOrders(auth), ACTIVITY_KINDS, id);
  const item = await readOrderedActivity(ctx.services.pool, learner, order.itemId ?? 0);
  const standing = (await standingsOf(ctx.services.pool, learner, [id])).get(id) ?? null;
  return { order, activity: item, standing };
}

const staffQuit = (action: Extract<EnrollmentAction, 'passQuit' | 'rejectQuit' | 'finishQuit'>) =>
  wire(
    'activityEnroll',
    action,
    async (a, ctx) => {
      const { id, reason } = ctx.body;
      await authorizeEnrollment(ctx.services.pool, scopeIn(a, ctx), id);
      await moveOrder(flowOf(ctx), allOrders(), ACTIVITY_KINDS, id, action, reason);
      return enrollAnswer(ctx, id);
    },
    ['bms', 'edms'],
  );

const batchWire = (action: BatchEnrollAction) =>
  wire(
    'activityEnroll',
    action,
    async (a, ctx) => {
      const b = ctx.body;
      const scope = scopeIn(a, ctx);
      const candidates = await candidatesOf(ctx.services.pool, scope, action, b);
      return batchEnroll(flowOf(ctx), scope, b.activityId, candidates, b.charge);
    },
    ['bms', 'edms'],
  );

/** Staff read one enrollment they may see; a learner their own. */
const byId = (a: Area, ctx: ContextOf<{ query: { id: number } }>) => {
  const id = ctx.query.id;
  return a === 'oj'
    ? detailOf(ctx.services, ownOrders(ctx.requireAuth()), ACTIVITY_KINDS, id)
    : authorizeEnrollment(ctx.services.pool, scopeIn(a, ctx), id).then(() => enrollAnswer(ctx, id));
};

const enrollHandlers: HandlerEntry[] = [
  ...wire(
    'activityEnroll',
    'enroll',
    async (_a, ctx) => {
      const auth = ctx.requireAuth();
      const id = await enrollSelf(
        flowOf(ctx),
        { memberId: auth.memberId, organizationId: auth.organizationId },
        ctx.body.activityId,
      );
      return enrollAnswer(ctx, id);
    },
    ['oj'],
  ),
  ...orderHandlers(
    { payment: ojEnroll.pay, cancel: ojEnroll.cancel, applyQuit: ojEnroll.applyQuit },
    ownOrders,
    ACTIVITY_KINDS,
  ),
  ...staffQuit('passQuit'),
  ...staffQuit('rejectQuit'),
  ...staffQuit('finishQuit'),
  handle(bmsEnroll.refund, async (ctx) => {
    const b = ctx.body;
    await refundOrder(flowOf(ctx), allOrders(), ACTIVITY_KINDS, b.id, b);
    return enrollAnswer(ctx, b.id);
  }),
  ...BATCH_ENROLL_ACTIONS.flatMap(batchWire),
  ...wire('activityEnroll', 'downloadEnrollList', (a, ctx) =>
    exportEnrollments(ctx.services.pool, scopeIn(a, ctx), ctx.body),
  ),
  ...(['queryList', 'queryListByTeacher'] as const).flatMap((action) =>
    wire('activityEnroll', action, (a, ctx) =>
      listEnrollments(ctx.services.pool, scopeIn(a, ctx), ctx.body, ctx.query),
    ),
  ),
  ...wire('activityEnroll', 'querySimpleList', async (a, ctx) => {
    const page = await listEnrollments(ctx.services.pool, scopeIn(a, ctx), ctx.body, ctx.query);
    return { ...page, content: page.content.map(toOrderSimple) };
  }),
  ...wire('activityEnroll', 'queryById', byId),
  ...wire('activityEnroll', 'queryLatest', (a, ctx) =>
    latestEnrollments(ctx.services.pool, scopeIn(a, ctx), ctx.query.activityId),
  ),
  ...wire('activityEnroll', 'queryEnrollStatistics', (a, ctx) =>
    enrollStatistics(ctx.services.pool, scopeIn(a, ctx), ctx.query.activityId),
  ),
  ...wire('activityEnroll', 'queryMemberListSortByScore', (a, ctx) =>
    ranking(ctx.services.pool, scopeIn(a, ctx), ctx.body.activityId, ctx.query),
  ),
  ...wire(
    'activityEnroll',
    'queryMineEnrollByEnrollId',
    (_a, ctx) => mineEnrollment(ctx, ctx.query.id),
    ['oj'],
  ),
  ...wire(
    'activityEnroll',
    'queryMineLatestEnroll',
    async (_a, ctx) => {
      const id = await latestEnrollmentId(
        ctx.services.pool,
        ctx.requireAuth().memberId,
        ctx.query.activityId,
      );
      return id === null ? null : mineEnrollment(ctx, id);
    },
    ['oj'],
  ),
  ...wire(
    'activityEnroll',
    'queryMineStatistics',
    (_a, ctx) => mineStatistics(ctx.services.pool, ctx.requireAuth().memberId),
    ['oj'],
  ),
  handle(bmsEnroll.create, async (ctx) => {
    const id = await staffEnroll(flowOf(ctx), scopeIn('bms', ctx), ctx.body);
    return enrollAnswer(ctx, id);
  }),
  ...orderHandlers(
    { update: bmsEnroll.update, delete: bmsEnroll.delete },
    allOrders,
    ACTIVITY_KINDS,
  ),
  ...notifyHandlers(bmsEnroll),
];

export const activityHandlersAll: readonly HandlerEntry[] = [
  ...activityHandlers,
  ...enrollHandlers,
];
