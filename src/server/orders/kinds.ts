/**
 * What each kind of order does beyond its lifecycle: which machine it runs on, where paid
 * money goes, which notify path its provider calls, and what paying and quitting give and
 * take back (a card, AI tokens). Later domains (exams, classes, activities) add their kinds
 * here, and the order flow (./flow.ts) stays the same.
 */
import type { EnrollmentAction } from '../../contract/lifecycle-actions.ts';
import { exam } from '../../contract/exam/calls.ts';
import { membership } from '../../contract/membership/calls.ts';
import { order as orderCalls } from '../../contract/order/calls.ts';
import type { OrderKind } from '../../contract/order/calls.ts';
import { wallet } from '../../contract/wallet/calls.ts';
import { purchaseLifecycle } from '../../machines/lifecycles/enrollment.ts';
import type { Lifecycle } from '../../machines/lifecycles/lifecycle.ts';
import { orderLifecycleOf } from '../../machines/lifecycles/orders.ts';
import { fail } from '../http/app-error.ts';
import { rechargeLifecycle } from '../../machines/lifecycles/recharge.ts';
import type { PoolClient } from '../db/pool.ts';
import { ledgerAccount, postJournal } from '../ledger/ledger.ts';
import { endCard, grantCard } from '../membership/grants.ts';
import { gradeOrderKind } from '../grade/order-kind.ts';
import { homeworkOrderKind } from '../homework/order-kind.ts';
import { contentOrderKind } from '../course/order-kind.ts';
import { activityOrderKind } from '../activity/order-kind.ts';

/** The fields of an order row the kinds act on. */
export interface OrderFacts {
  id: number;
  kind: OrderKind;
  member_id: number;
  item_id: number | null;
  item_units: number | null;
}

export interface OrderKindBehaviour {
  lifecycle: Lifecycle<string, EnrollmentAction>;
  /** The notify calls the provider is given for this kind's payments. */
  notifyPaths: { paid: string; refund: string };
  /** The account money paid for the order goes to. */
  payee(order: OrderFacts): string;
  /** Paying earns member points (docs/decisions.md "Member points"). */
  earnsPoints: boolean;
  /** What paying (or a free order) gives the member; idempotent. */
  grant(client: PoolClient, order: OrderFacts): Promise<void>;
  /** What quitting takes back; idempotent. */
  revoke(client: PoolClient, order: OrderFacts): Promise<void>;
  /** Refuses an action the machine allows but the kind does not (FAIL), before it is taken. */
  refuse?(client: PoolClient, order: OrderFacts, action: EnrollmentAction): Promise<void>;
  /** Checks a new order in the transaction that writes it (a class's capacity). */
  admit?(client: PoolClient, order: { memberId: number; itemId: number | null }): Promise<void>;
  /** Fen of a paid order its payee keeps whatever happens (class fees already consumed). */
  kept?(client: PoolClient, orderId: number): Promise<number>;
}

const nothing = async () => undefined;

export const ORDER_KIND_BEHAVIOUR: Record<OrderKind, OrderKindBehaviour> = {
  membership: {
    lifecycle: purchaseLifecycle as Lifecycle<string, EnrollmentAction>,
    notifyPaths: {
      paid: membership['bms.membership.order.paidNotify'].path,
      refund: membership['bms.membership.order.refundNotify'].path,
    },
    payee: () => ledgerAccount.revenue,
    earnsPoints: true,
    grant: (client, order) =>
      grantCard(client, {
        orderId: order.id,
        memberId: order.member_id,
        membershipId: order.item_id!,
        days: order.item_units!,
      }),
    revoke: (client, order) => endCard(client, order.id),
  },
  aiTokens: {
    lifecycle: purchaseLifecycle as Lifecycle<string, EnrollmentAction>,
    notifyPaths: {
      paid: orderCalls['bms.member.order.paidNotify'].path,
      refund: orderCalls['bms.member.order.refundNotify'].path,
    },
    payee: () => ledgerAccount.revenue,
    earnsPoints: true,
    grant: async (client, order) => {
      await postJournal(client, {
        idempotencyKey: `aiTokensGranted:${order.id}`,
        kind: 'aiTokensGranted',
        orderId: order.id,
        entries: [
          { account: ledgerAccount.aiTokensIssued, amount: -order.item_units! },
          { account: ledgerAccount.aiTokens(order.member_id), amount: order.item_units! },
        ],
      });
    },
    // Tokens already spent cannot come back: the ledger refuses, and the quit with it.
    revoke: async (client, order) => {
      await postJournal(client, {
        idempotencyKey: `aiTokensReturned:${order.id}`,
        kind: 'aiTokensReturned',
        orderId: order.id,
        entries: [
          { account: ledgerAccount.aiTokens(order.member_id), amount: -order.item_units! },
          { account: ledgerAccount.aiTokensIssued, amount: order.item_units! },
        ],
      });
    },
  },
  exam: {
    lifecycle: orderLifecycleOf('exam'),
    notifyPaths: {
      paid: exam['examEnroll.paidNotify'].path,
      refund: exam['examEnroll.refundNotify'].path,
    },
    payee: () => ledgerAccount.revenue,
    earnsPoints: true,
    // The enrollment is the place; sittings stay on record after a quit.
    grant: nothing,
    revoke: nothing,
    refuse: async (client, order, action) => {
      if (action !== 'applyQuit' && action !== 'forceQuit') return;
      const sat = await client.query(
        'SELECT 1 FROM exam_paper_enrolls WHERE order_id = $1 AND deleted_at IS NULL LIMIT 1',
        [order.id],
      );
      if (sat.rows.length > 0) throw fail('CONFLICT', '已开始作答的考试不能退出');
    },
  },
  grade: gradeOrderKind,
  homework: homeworkOrderKind,
  chapter: contentOrderKind('chapter'),
  question: contentOrderKind('question'),
  activity: activityOrderKind,
  recharge: {
    lifecycle: rechargeLifecycle as unknown as Lifecycle<string, EnrollmentAction>,
    notifyPaths: {
      paid: wallet['bms.memberWallet.rechargeOrder.paidNotify'].path,
      refund: wallet['bms.memberWallet.rechargeOrder.refundNotify'].path,
    },
    // A recharge is the member's own money: it lands in their wallet.
    payee: (order) => ledgerAccount.wallet(order.member_id),
    earnsPoints: false,
    grant: nothing,
    revoke: nothing,
  },
};

export const behaviourOf = (kind: OrderKind): OrderKindBehaviour => ORDER_KIND_BEHAVIOUR[kind];
