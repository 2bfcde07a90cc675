/**
 * An enrollable kind, defined once (docs/architecture.md "Adding an enrollable kind"): an exam,
 * a class, an activity, homework. Each enrollment is an order of the kind on the shared order
 * flow (server/orders/), so paying, cancelling, quitting, refunds, the ledger and the approval
 * queue are the commerce issue's; what a kind says is only what differs — its item, who may
 * enroll in it and when (with the Chinese refusals), how its enrollments read, and its
 * statistics, its calls and what its orders do beyond the shared (a roster, a capacity). From
 * that one definition come the store functions below, the handlers of the calls every kind
 * shares (./handlers.ts) and the kind's order behaviour (./order-kind.ts): a domain's server
 * module takes the result whole (server/server-module.ts `enrollables`).
 */
import type { BatchAnswer } from '../../contract/enrollment/batch.ts';
import type { OrderKind } from '../../contract/order/calls.ts';
import type { LearnerScope, Scope } from '../access/scope.ts';
import type { Queryable } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import type { FlowContext } from '../orders/flow.ts';
import {
  batchEnrollIn,
  orderFor,
  placeEnrollment,
  staffEnrollIn,
  type EnrollableItem,
} from './batch.ts';
import type { Candidate } from './candidates.ts';
import {
  enrollmentHandlers,
  type EnrollmentCallsByArea,
  type EnrollmentReads,
  type FilterOf,
  type MineRead,
  type SharedAction,
} from './handlers.ts';
import { enrollmentOrderKind, type EnrollmentOrderHooks } from './order-kind.ts';

export interface EnrollableOf<K extends string, Row, Reads, Stats, MineStats, Mine, Own, ByArea> {
  kind: OrderKind;
  /** The body and query field naming the item (`examId` …), as in contract/enrollment/. */
  itemField: K;
  /** The item as its orders name it: id, name and fee. */
  item(row: Row): { id: number; name: string; priceFen: number };
  /**
   * A learner enrolling themselves: `admit` reads the item open to them as they read it, or
   * refuses (not found, not open, over, full); `alreadyEnrolled` is the CONFLICT of enrolling
   * again. Absent for a kind only staff enroll in (homework).
   */
  learner?: {
    admit(db: Queryable, learner: LearnerScope, itemId: number): Promise<Row>;
    alreadyEnrolled: string;
  };
  /**
   * Staff enrolling learners: `admit` reads the item theirs to manage, not over, reviewed — or
   * refuses; `alreadyEnrolled` is the CONFLICT of enrolling one who is (by default a batch
   * row's wording).
   */
  staff: {
    admit(db: Queryable, scope: Scope, itemId: number): Promise<Row>;
    alreadyEnrolled?: string;
  };
  /** Staff enrollments never charge the fee (homework is free), whatever the batch asks. */
  free?: boolean;
  enrollments: Reads;
  statistics(db: Queryable, scope: Scope, itemId: number): Promise<Stats>;
  mineStatistics(db: Queryable, memberId: number): Promise<MineStats>;
  /**
   * The learner's view of one of their enrollments (queryMineEnrollByEnrollId and, with the
   * reads' `latestId`, queryMineLatestEnroll); without it those calls are the kind's to wire.
   */
  mine?: Mine;
  /** The kind's calls in each area (`enrollmentCallsOf(calls, 'examEnroll')`). */
  calls: ByArea;
  /** Shared calls the kind answers its own way, wired beside in its domain (activity: refund). */
  answersOwn?: readonly Own[];
  /** What the kind's orders do beyond the shared behaviour (enrollment/order-kind.ts). */
  order?: EnrollmentOrderHooks;
}

export function defineEnrollable<
  const K extends string,
  Row,
  // Any filter and item: each kind's own (method parameters are read bivariantly).
  Reads extends EnrollmentReads<never, unknown>,
  Stats,
  MineStats,
  Mine extends MineRead | undefined = undefined,
  const Own extends SharedAction = never,
  ByArea extends EnrollmentCallsByArea<K, FilterOf<Reads>, Own> = EnrollmentCallsByArea<
    K,
    FilterOf<Reads>,
    Own
  >,
>(def: EnrollableOf<K, Row, Reads, Stats, MineStats, Mine, Own, ByArea>) {
  const item = (row: Row): EnrollableItem => ({ kind: def.kind, ...def.item(row) });
  const member = (learner: { memberId: number; organizationId: number }) => ({
    memberId: learner.memberId,
    organizationId: learner.organizationId,
  });
  const store = {
    ...def,
    /** The order kinds an enrollment's calls act on (server/orders/ findOrder). */
    kinds: [def.kind] as const,

    /** Places a member's enrollment at `amountFen`; null when they already hold one. */
    place: (
      flow: FlowContext,
      row: Row,
      to: { memberId: number; organizationId: number },
      amountFen: number,
      remark: string,
    ) => placeEnrollment(flow, orderFor(item(row), member(to), amountFen, remark)),

    /** A learner enrolls themselves, at the item's fee. */
    async enrollSelf(flow: FlowContext, learner: LearnerScope, itemId: number): Promise<number> {
      if (!def.learner) throw fail('FORBIDDEN');
      const row = await def.learner.admit(flow.services.pool, learner, itemId);
      const order = orderFor(item(row), member(learner), item(row).priceFen, '');
      const id = await placeEnrollment(flow, order);
      if (id === null) throw fail('CONFLICT', def.learner.alreadyEnrolled);
      return id;
    },

    /** Staff enroll each candidate, row by row; one row's refusal never stops the others. */
    async batchEnroll(
      flow: FlowContext,
      scope: Scope,
      itemId: number,
      candidates: Candidate[],
      charge: boolean,
    ): Promise<BatchAnswer> {
      const row = await def.staff.admit(flow.services.pool, scope, itemId);
      return batchEnrollIn(flow, scope, item(row), candidates, charge && !def.free);
    },

    /** Staff place one enrollment for a member, optionally paid at the desk. */
    async staffEnroll(
      flow: FlowContext,
      scope: Scope,
      input: { [P in K]: number } & { memberId: number; remark: string; paidOffline: boolean },
    ): Promise<number> {
      const row = await def.staff.admit(flow.services.pool, scope, input[def.itemField]);
      return staffEnrollIn(flow, item(row), input, def.staff.alreadyEnrolled ?? '已报名');
    },
  };
  return {
    ...store,
    /** The handlers of the shared calls, in every area the kind's contract serves them. */
    handlers: enrollmentHandlers<K, FilterOf<Reads>, Reads, Mine, Own, ByArea>(
      store,
      def.calls,
      def.answersOwn ?? [],
    ),
    /** The kind's order behaviour: the shared part and the definition's `order` hooks. */
    orderKinds: enrollmentOrderKind(def.kind, def.calls, def.order),
  };
}
