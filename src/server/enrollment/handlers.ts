/**
 * The handlers of the enrollment calls every enrollable kind shares (contract/enrollment/
 * calls.ts enrollmentSpecs: enroll, pay, cancel, the quit flow, refund, setPaid, the batch
 * forms, the lists and the xlsx list, statistics, the learner's own queries, staff's create,
 * remark, delete and the provider's notifications), wired from the kind's definition
 * (./enrollable.ts) in every area whose contract has the call, under that area's scope
 * (access/scope.ts SCOPE_OF_AREA). A kind that answers one of these its own way names it in
 * `answersOwn` and wires it beside. The entries' type names exactly the calls wired, so the
 * composition root's check that every call has a handler (server/handlers.ts) holds.
 */
import type { z } from 'zod';
import type { CallDef } from '../../contract/call.ts';
import type { BatchAnswer } from '../../contract/enrollment/batch.ts';
import type { OrderKind } from '../../contract/order/calls.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { actionsOf } from '../../contract/resource.ts';
import { learnerScope, SCOPE_OF_AREA, type LearnerScope, type Scope } from '../access/scope.ts';
import type { Queryable } from '../db/pool.ts';
import type { FileAnswer } from '../http/multipart.ts';
import {
  handle,
  type HandlerContext,
  type HandlerEntry,
  type IdsIn,
  type ResultOf,
} from '../http/handler.ts';
import { ALL_AREAS, type Area } from '../http/wire.ts';
import { moveOrder, refundOrder, type FlowContext } from '../orders/flow.ts';
import { detailOf, flowOf, notifyHandlers, orderHandlers } from '../orders/handlers.ts';
import { allOrders, ownOrders } from '../orders/rows.ts';
import { BATCH_ENROLL_ACTIONS, candidatesOf, type Candidate } from './candidates.ts';

/** A call whose parsed query is `Q` and body `B` (answering what the kind's store answers). */
type Taking<Q, B> = CallDef<z.ZodType<Q>, z.ZodType<B>>;
type IdReason = { id: number; reason?: string | undefined };
type ItemId<K extends string> = { [P in K]: number };
type NotifyCall = Parameters<typeof notifyHandlers>[0]['paidNotify'];

/** The shared enrollment calls of one area, by action, each taking the input its handler reads. */
export interface EnrollmentCalls<K extends string, Filter> {
  enroll: Taking<unknown, ItemId<K>>;
  payment: Taking<unknown, { id: number; method: 'wallet' | 'provider' }>;
  pay: Taking<unknown, { id: number; method: 'wallet' | 'provider' }>;
  cancel: Taking<unknown, IdReason>;
  cancelEnrollOrder: Taking<unknown, IdReason>;
  applyQuit: Taking<unknown, IdReason>;
  passQuit: Taking<unknown, IdReason>;
  rejectQuit: Taking<unknown, IdReason>;
  finishQuit: Taking<unknown, IdReason>;
  setPaid: Taking<unknown, IdReason>;
  refund: Taking<unknown, IdReason & { amountFen?: number | undefined }>;
  batchEnroll: Taking<unknown, ItemId<K> & { charge: boolean; memberIds: number[] }>;
  batchEnrollByMobile: Taking<unknown, ItemId<K> & { charge: boolean; mobiles: string[] }>;
  batchEnrollByTags: Taking<unknown, ItemId<K> & { charge: boolean; tags: string[] }>;
  batchEnrollByGroups: Taking<
    unknown,
    ItemId<K> & { charge: boolean; gradeIds: number[]; groups?: string[] | undefined }
  >;
  downloadEnrollList: Taking<unknown, Filter>;
  queryEnrollList: Taking<PageQuery, Filter>;
  queryList: Taking<PageQuery, Filter>;
  queryListByTeacher: Taking<PageQuery, Filter>;
  querySimpleList: Taking<PageQuery, Filter>;
  queryEnrollStatistics: Taking<ItemId<K>, unknown>;
  queryMineEnrollByEnrollId: Taking<{ id: number }, unknown>;
  queryMineLatestEnroll: Taking<ItemId<K>, unknown>;
  queryMineStatistics: CallDef;
  create: Taking<unknown, ItemId<K> & { memberId: number; remark: string; paidOffline: boolean }>;
  queryById: Taking<{ id: number }, unknown>;
  update: Taking<unknown, { id: number; remark: string }>;
  delete: Taking<unknown, { id: number }>;
  paidNotify: NotifyCall;
  refundNotify: NotifyCall;
}

/** How a kind's enrollments are read: by the staff who run its items and their learners. */
export interface EnrollmentReads<Filter, Item> {
  /** Throws unless the scope may act on the enrollment (NOT_FOUND, in the kind's words). */
  authorize(db: Queryable, scope: Scope, id: number): Promise<unknown>;
  list(db: Queryable, scope: Scope, filter: Filter, page: PageQuery): Promise<Page<Item>>;
  /** The orders alone, for the simple lists (a kind without one wires its own). */
  simpleList?(db: Queryable, scope: Scope, filter: Filter, page: PageQuery): Promise<Page<unknown>>;
  export(db: Queryable, scope: Scope, filter: Filter): Promise<FileAnswer>;
  /** The member's latest enrollment in the item, or null. */
  latestId?(db: Queryable, memberId: number, itemId: number): Promise<number | null>;
}

/** The filter a kind's lists take: what its xlsx list reads. */
export type FilterOf<Reads extends EnrollmentReads<never, unknown>> = Parameters<
  Reads['export']
>[2];

/** The learner's view of one of their enrollments (queryMineEnrollByEnrollId). */
export type MineRead = (ctx: HandlerContext, id: number) => Promise<unknown>;

/**
 * What the shared handlers ask of a kind's definition (./enrollable.ts defineEnrollable).
 * `Reads` and `Mine` say which of the learner's reads and the simple list it can answer.
 */
export interface EnrollmentStore<
  K extends string,
  Filter,
  Reads extends EnrollmentReads<Filter, unknown>,
  Mine extends MineRead | undefined,
> {
  kinds: readonly [OrderKind];
  itemField: K;
  enrollments: Reads;
  enrollSelf(flow: FlowContext, learner: LearnerScope, itemId: number): Promise<number>;
  batchEnroll(
    flow: FlowContext,
    scope: Scope,
    itemId: number,
    candidates: Candidate[],
    charge: boolean,
  ): Promise<BatchAnswer>;
  staffEnroll(
    flow: FlowContext,
    scope: Scope,
    input: ItemId<K> & { memberId: number; remark: string; paidOffline: boolean },
  ): Promise<number>;
  statistics(db: Queryable, scope: Scope, itemId: number): Promise<unknown>;
  mineStatistics(db: Queryable, memberId: number): Promise<unknown>;
  mine?: Mine | undefined;
}

/** A group's calls in each area (`examEnroll`, `grade.enroll` …), by action. */
export const enrollmentCallsOf = <T extends Record<string, CallDef>, const G extends string>(
  calls: T,
  group: G,
) => ({
  bms: actionsOf(calls, 'bms', group),
  edms: actionsOf(calls, 'edms', group),
  app: actionsOf(calls, 'app', group),
  oj: actionsOf(calls, 'oj', group),
});

/** An action of the shared calls (`enroll`, `queryList` …). */
export type SharedAction = keyof EnrollmentCalls<string, never>;
/** A kind's calls in each area, each taking what its handler reads; `Own` left to the kind. */
export type EnrollmentCallsByArea<K extends string, Filter, Own extends SharedAction> = {
  [A in Area]?: Partial<Omit<EnrollmentCalls<K, Filter>, Own>>;
};
const STAFF_MOVES = ['passQuit', 'rejectQuit', 'finishQuit', 'setPaid'] as const;
const LISTS = ['queryEnrollList', 'queryList', 'queryListByTeacher'] as const;

type Fn = (...args: never[]) => unknown;
/** The shared reads a store cannot answer: without `mine`, `latestId` or `simpleList`. */
type Unanswered<Reads, Mine> =
  | ([Mine] extends [Fn] ? never : 'queryMineEnrollByEnrollId' | 'queryMineLatestEnroll')
  | ([Reads] extends [{ latestId: Fn }] ? never : 'queryMineLatestEnroll')
  | ([Reads] extends [{ simpleList: Fn }] ? never : 'querySimpleList');
/** What one area's calls hold but leave unwired: `pay` beside `payment`, a notify call alone. */
type UnwiredIn<Calls> =
  | ([Calls] extends [{ payment: CallDef }] ? 'pay' : never)
  | ([Calls] extends [{ paidNotify: CallDef; refundNotify: CallDef }]
      ? never
      : 'paidNotify' | 'refundNotify');
/** The ids of the `Served` calls `ByArea` holds, area by area: what enrollmentHandlers wires. */
type EnrollmentIds<ByArea, Served extends PropertyKey> = {
  [A in keyof ByArea]-?: IdsIn<
    Pick<
      NonNullable<ByArea[A]>,
      Exclude<Served, UnwiredIn<NonNullable<ByArea[A]>>> & keyof NonNullable<ByArea[A]>
    >
  >;
}[keyof ByArea];

export function enrollmentHandlers<
  K extends string,
  Filter,
  Reads extends EnrollmentReads<Filter, unknown>,
  Mine extends MineRead | undefined,
  const Own extends SharedAction,
  ByArea extends EnrollmentCallsByArea<K, Filter, Own>,
>(
  store: EnrollmentStore<K, Filter, Reads, Mine>,
  byArea: ByArea,
  own: readonly Own[],
): HandlerEntry<EnrollmentIds<ByArea, Exclude<SharedAction, Own | Unanswered<Reads, Mine>>>>[] {
  const entries: HandlerEntry[] = [];
  const kinds = store.kinds;
  const detail = (ctx: HandlerContext, id: number) =>
    detailOf(ctx.services, allOrders(), kinds, id);

  for (const area of ALL_AREAS) {
    const served: Partial<EnrollmentCalls<K, Filter>> = byArea[area] ?? {};
    const callOf = <A extends SharedAction>(action: A) =>
      (own as readonly string[]).includes(action) ? undefined : served[action];
    const scopeOf = (ctx: HandlerContext) => SCOPE_OF_AREA[area](ctx.requireAuth());
    const on = <C extends CallDef>(
      call: C | undefined,
      fn: (ctx: HandlerContext<C>) => Promise<ResultOf<C>>,
    ) => {
      if (call) entries.push(handle(call, fn));
    };

    // The learner's own: enrolling, then paying, cancelling and applying to quit their order.
    on(callOf('enroll'), async (ctx) => {
      const learner = learnerScope(ctx.requireAuth());
      return detail(ctx, await store.enrollSelf(flowOf(ctx), learner, ctx.body[store.itemField]));
    });
    entries.push(
      ...orderHandlers(
        {
          payment: callOf('payment') ?? callOf('pay'),
          cancel: callOf('cancel'),
          cancelEnrollOrder: callOf('cancelEnrollOrder'),
          applyQuit: callOf('applyQuit'),
        },
        ownOrders,
        kinds,
      ),
    );
    // Without a learner's view of one enrollment these stay unwired (Unanswered).
    const { mine } = store;
    const { latestId } = store.enrollments;
    if (mine) on(callOf('queryMineEnrollByEnrollId'), (ctx) => mine(ctx, ctx.query.id));
    if (mine && latestId) {
      on(callOf('queryMineLatestEnroll'), async (ctx) => {
        const memberId = ctx.requireAuth().memberId;
        const id = await latestId(ctx.services.pool, memberId, ctx.query[store.itemField]);
        return id === null ? null : mine(ctx, id);
      });
    }
    on(callOf('queryMineStatistics'), (ctx) =>
      store.mineStatistics(ctx.services.pool, ctx.requireAuth().memberId),
    );

    // Staff: the quit decisions and the desk's payment, on an enrollment the scope may act on.
    for (const action of STAFF_MOVES) {
      on(callOf(action), async (ctx) => {
        const { id, reason } = ctx.body;
        await store.enrollments.authorize(ctx.services.pool, scopeOf(ctx), id);
        await moveOrder(flowOf(ctx), allOrders(), kinds, id, action, reason);
        return detail(ctx, id);
      });
    }
    on(callOf('refund'), async (ctx) => {
      const b = ctx.body;
      await store.enrollments.authorize(ctx.services.pool, scopeOf(ctx), b.id);
      await refundOrder(flowOf(ctx), allOrders(), kinds, b.id, b);
      return detail(ctx, b.id);
    });
    for (const action of BATCH_ENROLL_ACTIONS) {
      on(callOf(action), async (ctx) => {
        const b = ctx.body;
        const scope = scopeOf(ctx);
        const candidates = await candidatesOf(ctx.services.pool, scope, action, b);
        return store.batchEnroll(flowOf(ctx), scope, b[store.itemField], candidates, b.charge);
      });
    }
    on(callOf('create'), async (ctx) =>
      detail(ctx, await store.staffEnroll(flowOf(ctx), scopeOf(ctx), ctx.body)),
    );
    entries.push(
      ...orderHandlers(
        { queryById: callOf('queryById'), update: callOf('update'), delete: callOf('delete') },
        allOrders,
        kinds,
      ),
    );

    // Reading: the lists, the xlsx list and the statistics, as the area's scope reads them.
    for (const action of LISTS) {
      on(callOf(action), (ctx) =>
        store.enrollments.list(ctx.services.pool, scopeOf(ctx), ctx.body, ctx.query),
      );
    }
    const simpleList = store.enrollments.simpleList;
    if (simpleList) {
      on(callOf('querySimpleList'), (ctx) =>
        simpleList(ctx.services.pool, scopeOf(ctx), ctx.body, ctx.query),
      );
    }
    on(callOf('downloadEnrollList'), (ctx) =>
      store.enrollments.export(ctx.services.pool, scopeOf(ctx), ctx.body),
    );
    on(callOf('queryEnrollStatistics'), (ctx) =>
      store.statistics(ctx.services.pool, scopeOf(ctx), ctx.query[store.itemField]),
    );

    const paidNotify = callOf('paidNotify');
    const refundNotify = callOf('refundNotify');
    if (paidNotify && refundNotify) entries.push(...notifyHandlers({ paidNotify, refundNotify }));
  }
  // Each shared action outside `own` that the store answers is wired in every area whose calls
  // hold it (`pay` only where there is no `payment`, the notify calls in pairs): EnrollmentIds.
  return entries as HandlerEntry<
    EnrollmentIds<ByArea, Exclude<SharedAction, Own | Unanswered<Reads, Mine>>>
  >[];
}
