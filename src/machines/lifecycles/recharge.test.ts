import { describe, expect, it } from 'vitest';
import { allowedActions, isFinalState, nextState, refusalOf } from './lifecycle.ts';
import {
  RECHARGE_STATES,
  rechargeLifecycle,
  type RechargeAction,
  type RechargeState,
} from './recharge.ts';

const EXPECTED: Record<RechargeState, Partial<Record<RechargeAction, RechargeState>>> = {
  none: { enroll: 'awaitingPayment' },
  awaitingPayment: { pay: 'paid', cancel: 'cancelled' },
  paid: {},
  cancelled: {},
};

describe('the recharge lifecycle', () => {
  for (const state of RECHARGE_STATES) {
    for (const action of rechargeLifecycle.actions) {
      const to = EXPECTED[state][action] ?? null;
      it(`${state} × ${action} → ${to ?? 'refused'}`, () => {
        expect(nextState(rechargeLifecycle, state, action)).toBe(to);
        expect(allowedActions(rechargeLifecycle, state).includes(action)).toBe(to !== null);
      });
    }
  }

  it('ends in paid or cancelled, and names the state when it refuses', () => {
    expect(RECHARGE_STATES.filter((s) => isFinalState(rechargeLifecycle, s))).toEqual([
      'paid',
      'cancelled',
    ]);
    expect(refusalOf(rechargeLifecycle, 'paid', 'cancel')).toBe(
      '充值订单当前为「已到账」，不能取消',
    );
  });
});
