import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EnrollmentAction } from '../../contract/lifecycle-actions.ts';
import {
  ENROLLMENT_STATES,
  HOLDS_PLACE,
  enrollmentLifecycle,
  enrollmentMachine,
  holdsPlace,
  type EnrollmentState,
} from './enrollment.ts';
import { allowedActions, nextState, refusalOf } from './lifecycle.ts';

/** The whole table: for each state, where each action leads; absent means refused. */
const EXPECTED: Record<EnrollmentState, Partial<Record<EnrollmentAction, EnrollmentState>>> = {
  none: { enroll: 'awaitingPayment' },
  awaitingPayment: {
    pay: 'enrolled',
    setPaid: 'enrolled',
    cancel: 'cancelled',
    cancelEnrollOrder: 'cancelled',
  },
  enrolled: { applyQuit: 'quitApplied', forceQuit: 'quit' },
  quitApplied: { passQuit: 'quitApproved', rejectQuit: 'enrolled', forceQuit: 'quit' },
  quitApproved: { finishQuit: 'quit' },
  quit: { refund: 'refunded' },
  cancelled: {},
  refunded: {},
};

describe('the enrollment lifecycle', () => {
  it('starts with no order', () => {
    expect(enrollmentMachine.config.initial).toBe('none');
  });

  describe('every state × every action, allowed or refused', () => {
    for (const state of ENROLLMENT_STATES) {
      for (const action of enrollmentLifecycle.actions) {
        const to = EXPECTED[state][action] ?? null;
        it(`${state} × ${action} → ${to ?? 'refused'}`, () => {
          expect(nextState(enrollmentLifecycle, state, action)).toBe(to);
          if (to === null) {
            expect(refusalOf(enrollmentLifecycle, state, action)).toMatch(
              new RegExp(`^订单当前为「${enrollmentLifecycle.states[state]}」，不能`),
            );
          }
        });
      }
    }
  });

  it('enrols a free item straight away: no payment step', () => {
    expect(nextState(enrollmentLifecycle, 'none', 'enroll', { free: true })).toBe('enrolled');
    expect(nextState(enrollmentLifecycle, 'none', 'enroll', { free: false })).toBe(
      'awaitingPayment',
    );
  });

  it('offers a screen exactly the actions of the table', () => {
    for (const state of ENROLLMENT_STATES) {
      expect(allowedActions(enrollmentLifecycle, state)).toEqual(
        enrollmentLifecycle.actions.filter((a) => EXPECTED[state][a] !== undefined),
      );
    }
  });

  it('names the current state when it refuses: 订单当前为「待支付」，不能退款', () => {
    expect(refusalOf(enrollmentLifecycle, 'awaitingPayment', 'refund')).toBe(
      '订单当前为「待支付」，不能退款',
    );
  });

  // A free order that quits may reach `refunded` with nothing to give back: the server checks
  // the amount before it moves money, so the machine leaves that to it.
  it('whatever the actions, a paid order is paid once and refunded at most once, after paying', () => {
    const action = fc.constantFrom(...enrollmentLifecycle.actions);
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), fc.boolean(), (actions, free) => {
        let state: EnrollmentState = 'none';
        let payments = 0;
        let refunds = 0;
        for (const a of actions) {
          const next: EnrollmentState | null = nextState(
            enrollmentLifecycle,
            state,
            a,
            a === 'enroll' ? { free } : {},
          );
          if (next === null) continue;
          if (a === 'pay' || a === 'setPaid') payments += 1;
          if (a === 'refund') refunds += 1;
          state = next;
        }
        expect(payments).toBeLessThanOrEqual(1);
        expect(refunds).toBeLessThanOrEqual(1);
        if (free) expect(payments).toBe(0);
        else expect(refunds).toBeLessThanOrEqual(payments);
      }),
    );
  });
});

describe('holding a place', () => {
  it('is an order in one of the states tagged holdsPlace, whatever its kind', () => {
    expect(holdsPlace({ state: 'enrolled' })).toBe(true);
    expect(holdsPlace({ state: 'quitApplied' })).toBe(true);
    expect(holdsPlace({ state: 'awaitingPayment' })).toBe(false);
    expect(holdsPlace({ state: 'quit' })).toBe(false);
    expect(ENROLLMENT_STATES.filter((state) => holdsPlace({ state }))).toEqual(HOLDS_PLACE);
  });
});
