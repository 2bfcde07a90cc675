/** activityPrize calls (contract/activity-prize/calls.ts) in bms, edms and oj. */
import { activityPrize as c } from '../../contract/activity-prize/calls.ts';
import type { CallDef } from '../../contract/call.ts';
import type { Auth } from '../http/sessions.ts';
import { SCOPE_OF_AREA } from '../access/scope.ts';
import { handle } from '../http/handler.ts';
import type { CallHandler, CallShape, HandlerContext } from '../http/handler.ts';
import { addressAward, collectAward, listAwards, shipAward } from './awards.ts';
import { startDraw } from './draw-lock.ts';
import { lottery } from './lottery.ts';
import {
  createPrize,
  deletePrize,
  getPrize,
  listPrizes,
  simplePrizes,
  updatePrize,
} from './prizes.ts';

const actorOf = (auth: Auth, ctx: HandlerContext) => ({
  userId: auth.userId,
  memberId: auth.memberId,
  requestId: ctx.request.id,
});

const staffAreas = ['bms', 'edms'] as const;
type StaffCall =
  | 'create'
  | 'update'
  | 'delete'
  | 'queryById'
  | 'queryList'
  | 'draw'
  | 'queryAwardList'
  | 'collect'
  | 'express';

/** The calls by id, for the area's id built at run time. */
const byId: Readonly<Record<string, CallDef>> = c;

type Shared<N extends StaffCall> = CallShape<(typeof c)[`bms.activityPrize.${N}`]>;

function areaHandlers<A extends 'bms' | 'edms'>(area: A) {
  const scopeOf = SCOPE_OF_AREA[area];
  // Both areas' calls share their schemas: typed as the bms one, routed by the area's path, and
  // the entry carries the area's own id.
  const on = <const N extends StaffCall>(name: N, fn: CallHandler<Shared<N>>) =>
    handle<Shared<N>, `${A}.activityPrize.${N}`>(
      byId[`${area}.activityPrize.${name}`] as Shared<N> & {
        readonly id: `${A}.activityPrize.${N}`;
      },
      fn,
    );
  return [
    on('create', async (ctx) =>
      createPrize(ctx.services.pool, scopeOf(ctx.requireAuth()), ctx.body),
    ),
    on('update', async (ctx) =>
      updatePrize(ctx.services.pool, scopeOf(ctx.requireAuth()), ctx.body),
    ),
    on('delete', async (ctx) => {
      await deletePrize(ctx.services.pool, scopeOf(ctx.requireAuth()), ctx.body.id);
      return { id: ctx.body.id };
    }),
    on('queryById', async (ctx) =>
      getPrize(ctx.services.pool, scopeOf(ctx.requireAuth()), ctx.query.id),
    ),
    on('queryList', async (ctx) =>
      listPrizes(ctx.services.pool, scopeOf(ctx.requireAuth()), ctx.body, ctx.query),
    ),
    on('draw', async (ctx) => {
      const auth = ctx.requireAuth();
      return startDraw(ctx.services.pool, scopeOf(auth), ctx.body.activityId, actorOf(auth, ctx));
    }),
    on('queryAwardList', async (ctx) =>
      listAwards(ctx.services.pool, scopeOf(ctx.requireAuth()), ctx.body, ctx.query),
    ),
    on('collect', async (ctx) => {
      const auth = ctx.requireAuth();
      return collectAward(ctx.services.pool, scopeOf(auth), ctx.body.id, actorOf(auth, ctx));
    }),
    on('express', async (ctx) => {
      const auth = ctx.requireAuth();
      return shipAward(ctx.services.pool, scopeOf(auth), ctx.body, actorOf(auth, ctx));
    }),
  ];
}

const learner = SCOPE_OF_AREA.oj;

export const activityPrizeHandlers = [
  ...staffAreas.flatMap(areaHandlers),
  handle(c['bms.activityPrize.querySimpleList'], async (ctx) =>
    simplePrizes(ctx.services.pool, SCOPE_OF_AREA.bms(ctx.requireAuth()), ctx.body, ctx.query),
  ),
  handle(c['oj.activityPrize.queryList'], async (ctx) =>
    listPrizes(ctx.services.pool, learner(ctx.requireAuth()), ctx.body, ctx.query),
  ),
  handle(c['oj.activityPrize.lottery'], async (ctx) => {
    const auth = ctx.requireAuth();
    return lottery(ctx.services.pool, learner(auth), ctx.body.activityId, actorOf(auth, ctx));
  }),
  handle(c['oj.activityPrize.collect'], async (ctx) => {
    const auth = ctx.requireAuth();
    return collectAward(ctx.services.pool, learner(auth), ctx.body.id, actorOf(auth, ctx));
  }),
  handle(c['oj.activityPrize.express'], async (ctx) => {
    const auth = ctx.requireAuth();
    return addressAward(ctx.services.pool, learner(auth), ctx.body, actorOf(auth, ctx));
  }),
];
