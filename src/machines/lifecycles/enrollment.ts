/**
 * Enrollment: one lifecycle for every order a member places — a membership order, and later an
 * exam, class, homework or activity enrollment (docs/product-rules.md#lifecycle-actions
 * "Enrollments and orders"). The states are the values stored in the order's row; the events are
 * the actions of its calls.
 *
 *   none ──enroll──► awaitingPayment ──pay | setPaid──► enrolled
 *     └──enroll {free}───────────────────────────────►  enrolled
 *   awaitingPayment ──cancel | cancelEnrollOrder──► cancelled
 *   enrolled ──applyQuit──► quitApplied ──passQuit──► quitApproved ──finishQuit──► quit
 *                               └──rejectQuit──► enrolled
 *   enrolled | quitApplied ──forceQuit──► quit           (staff; membership orders)
 *   quit ──refund──► refunded                            (paid orders; the server checks the amount)
 *
 * `none` is the state of an order not yet placed: its row is written in the state `enroll`
 * leads to. Which of the enroll transitions applies is said by the event (`free`: the item costs
 * nothing), so the same pure machine decides for the server and for the screens.
 */
import { setup } from 'xstate';
import { defineLifecycle, statesTagged } from './lifecycle.ts';

export const ENROLLMENT_STATES = [
  'none',
  'awaitingPayment',
  'enrolled',
  'cancelled',
  'quitApplied',
  'quitApproved',
  'quit',
  'refunded',
] as const;
export type EnrollmentState = (typeof ENROLLMENT_STATES)[number];

export type EnrollmentEvent =
  | { type: 'enroll'; free?: boolean }
  | { type: 'pay' }
  | { type: 'setPaid' }
  | { type: 'cancel' }
  | { type: 'cancelEnrollOrder' }
  | { type: 'applyQuit' }
  | { type: 'passQuit' }
  | { type: 'rejectQuit' }
  | { type: 'finishQuit' }
  | { type: 'forceQuit' }
  | { type: 'refund' };

export const enrollmentMachine = setup({
  types: { events: {} as EnrollmentEvent },
  guards: {
    free: ({ event }) => event.type === 'enroll' && event.free === true,
  },
}).createMachine({
  id: 'enrollment',
  initial: 'none',
  states: {
    none: {
      on: { enroll: [{ guard: 'free', target: 'enrolled' }, { target: 'awaitingPayment' }] },
    },
    awaitingPayment: {
      on: {
        pay: 'enrolled',
        setPaid: 'enrolled',
        cancel: 'cancelled',
        cancelEnrollOrder: 'cancelled',
      },
    },
    enrolled: { tags: ['holdsPlace'], on: { applyQuit: 'quitApplied', forceQuit: 'quit' } },
    quitApplied: {
      tags: ['holdsPlace'],
      on: { passQuit: 'quitApproved', rejectQuit: 'enrolled', forceQuit: 'quit' },
    },
    quitApproved: { tags: ['holdsPlace'], on: { finishQuit: 'quit' } },
    quit: { on: { refund: 'refunded' } },
    cancelled: { type: 'final' },
    refunded: { type: 'final' },
  },
});

export const enrollmentLifecycle = defineLifecycle({
  noun: '订单',
  machine: enrollmentMachine,
  states: {
    none: '未报名',
    awaitingPayment: '待支付',
    enrolled: '已报名',
    cancelled: '已取消',
    quitApplied: '退出审核中',
    quitApproved: '已同意退出',
    quit: '已退出',
    refunded: '已退款',
  },
  actions: [
    'enroll',
    'pay',
    'setPaid',
    'cancel',
    'cancelEnrollOrder',
    'applyQuit',
    'passQuit',
    'rejectQuit',
    'finishQuit',
    'forceQuit',
    'refund',
  ],
});

/**
 * The same lifecycle as a card or goods order reads it: what is paid for is in effect (已生效)
 * rather than enrolled in.
 */
export const purchaseLifecycle = defineLifecycle({
  ...enrollmentLifecycle,
  noun: '订单',
  states: { ...enrollmentLifecycle.states, none: '未下单', enrolled: '已生效' },
});

/**
 * The states in which the member holds their place (paid or free, not quit yet): they may sit
 * the exam, attend the class. A quit application does not give the place up until it is finished.
 */
export const HOLDS_PLACE: EnrollmentState[] = statesTagged(enrollmentLifecycle, 'holdsPlace');

/** Whether an order's stored state is one of HOLDS_PLACE. */
export const holdsPlace = (order: { state: string }): boolean =>
  HOLDS_PLACE.some((state) => state === order.state);
