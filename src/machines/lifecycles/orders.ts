/**
 * Which lifecycle an order of each kind runs on, for the server (server/orders/kinds.ts) and the
 * screens alike, and the actions a learner takes on their own orders (the rest are staff's).
 */
import type { EnrollmentAction } from '../../contract/lifecycle-actions.ts';
import { enrollmentLifecycle, purchaseLifecycle } from './enrollment.ts';
import { allowedActions, type Lifecycle } from './lifecycle.ts';
import { rechargeLifecycle } from './recharge.ts';

/** The kinds of order (contract/order/calls.ts ORDER_KINDS), zod-free for the browser. */
export const ORDER_KIND_NAMES = [
  'membership',
  'recharge',
  'aiTokens',
  'exam',
  'grade',
  'homework',
  'chapter',
  'question',
  'activity',
] as const;
export type OrderKindName = (typeof ORDER_KIND_NAMES)[number];

/** Recharges on their own machine; exams, classes, homework and activities are enrolled in; cards, packs, units and questions are bought. */
export const orderLifecycleOf = (kind: OrderKindName): Lifecycle<string, EnrollmentAction> =>
  (kind === 'recharge'
    ? rechargeLifecycle
    : kind === 'exam' || kind === 'grade' || kind === 'homework' || kind === 'activity'
      ? enrollmentLifecycle
      : purchaseLifecycle) as unknown as Lifecycle<string, EnrollmentAction>;

/** What a learner may do to their own order, when its machine allows it. */
export const LEARNER_ORDER_ACTIONS = ['pay', 'cancel', 'applyQuit'] as const;
export type LearnerOrderAction = (typeof LEARNER_ORDER_ACTIONS)[number];

export function learnerActions(order: {
  kind: OrderKindName;
  state: string;
}): LearnerOrderAction[] {
  const allowed = allowedActions(orderLifecycleOf(order.kind), order.state);
  return LEARNER_ORDER_ACTIONS.filter((a) => allowed.includes(a));
}

/** The order still waits for its money. */
export const awaitsPayment = (order: { kind: OrderKindName; state: string }) =>
  allowedActions(orderLifecycleOf(order.kind), order.state).includes('pay');

/** The state as the screens name it, e.g. 待支付, 已生效, 已到账. */
export const orderStateName = (order: { kind: OrderKindName; state: string }) =>
  (orderLifecycleOf(order.kind).states as Record<string, string>)[order.state] ?? order.state;

/** What platform staff do to an order, when its machine allows it (the approval queue). */
export const STAFF_ORDER_ACTIONS = [
  'passQuit',
  'rejectQuit',
  'finishQuit',
  'refund',
  'forceQuit',
  'cancel',
] as const;
export type StaffOrderAction = (typeof STAFF_ORDER_ACTIONS)[number];

export function staffActions(order: { kind: OrderKindName; state: string }): StaffOrderAction[] {
  const allowed = allowedActions(orderLifecycleOf(order.kind), order.state);
  return STAFF_ORDER_ACTIONS.filter((a) => allowed.includes(a));
}

/** Every state an order row can be in, with its name, for the staff's state filter. */
export const ORDER_STATE_NAMES: Record<string, string> = Object.fromEntries(
  (['membership', 'recharge'] as const).flatMap((kind) =>
    Object.entries(orderLifecycleOf(kind).states as Record<string, string>).filter(
      ([state]) => state !== 'none',
    ),
  ),
);
