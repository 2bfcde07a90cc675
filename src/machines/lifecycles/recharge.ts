/**
 * A wallet recharge order: money in, nothing to quit. It is placed awaiting payment, paid
 * through the provider (the wallet is credited in the same commit), or cancelled before that.
 *
 *   none ──enroll──► awaitingPayment ──pay──► paid
 *                         └──cancel──► cancelled
 *
 * The states and events are the enrollment lifecycle's names where they mean the same, so the
 * order list and the event log read one vocabulary.
 */
import { setup } from 'xstate';
import { defineLifecycle } from './lifecycle.ts';

export const RECHARGE_STATES = ['none', 'awaitingPayment', 'paid', 'cancelled'] as const;
export type RechargeState = (typeof RECHARGE_STATES)[number];
export type RechargeAction = 'enroll' | 'pay' | 'cancel';

export const rechargeMachine = setup({
  types: { events: {} as { type: RechargeAction } },
}).createMachine({
  id: 'recharge',
  initial: 'none',
  states: {
    none: { on: { enroll: 'awaitingPayment' } },
    awaitingPayment: { on: { pay: 'paid', cancel: 'cancelled' } },
    paid: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export const rechargeLifecycle = defineLifecycle({
  noun: '充值订单',
  machine: rechargeMachine,
  states: { none: '未下单', awaitingPayment: '待支付', paid: '已到账', cancelled: '已取消' },
  actions: ['enroll', 'pay', 'cancel'],
});
