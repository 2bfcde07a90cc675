import { describe, expect, it } from 'vitest';
import type { PrizeAwardAction } from '../../contract/lifecycle-actions.ts';
import { isFinalState } from './lifecycle.ts';
import {
  PRIZE_AWARD_STATES,
  PRIZE_DELIVERIES,
  awardActions,
  nextAwardState,
  prizeAwardLifecycle,
  type PrizeAwardState,
  type PrizeDelivery,
} from './prize-award.ts';

/** The whole table by delivery: for each state, where each action leads; absent = refused. */
const EXPECTED: Record<
  PrizeDelivery,
  Record<PrizeAwardState, Partial<Record<PrizeAwardAction, PrizeAwardState>>>
> = {
  express: {
    won: { address: 'addressed' },
    addressed: { address: 'addressed', ship: 'shipped' },
    shipped: { ship: 'shipped', collect: 'received' },
    collected: {},
    received: {},
  },
  aiTokens: {
    won: { collect: 'collected' },
    addressed: { address: 'addressed', ship: 'shipped' },
    shipped: { ship: 'shipped', collect: 'received' },
    collected: {},
    received: {},
  },
  onsite: {
    won: { collect: 'collected' },
    addressed: { address: 'addressed', ship: 'shipped' },
    shipped: { ship: 'shipped', collect: 'received' },
    collected: {},
    received: {},
  },
};

/** The one move the table allows staff and refuses the winner: recording an onsite handover. */
const STAFF_ONLY = (delivery: PrizeDelivery, state: PrizeAwardState, action: PrizeAwardAction) =>
  delivery === 'onsite' && state === 'won' && action === 'collect';

describe('the prize award lifecycle', () => {
  for (const by of ['staff', 'learner'] as const) {
    for (const delivery of PRIZE_DELIVERIES) {
      for (const state of PRIZE_AWARD_STATES) {
        for (const action of prizeAwardLifecycle.actions) {
          const allowed = by === 'staff' || !STAFF_ONLY(delivery, state, action);
          const to = allowed ? (EXPECTED[delivery][state][action] ?? null) : null;
          it(`${by} · ${delivery}: ${state} × ${action} → ${to ?? 'refused'}`, () => {
            expect(nextAwardState(state, action, delivery, by)).toBe(to);
          });
        }
      }
    }
  }

  it('the winner collects AI tokens and confirms a shipped prize, but not an onsite handover', () => {
    expect(awardActions('won', 'aiTokens', 'learner')).toEqual(['collect']);
    expect(awardActions('shipped', 'express', 'learner')).toContain('collect');
    expect(awardActions('won', 'onsite', 'learner')).toEqual([]);
    expect(awardActions('won', 'onsite', 'staff')).toEqual(['collect']);
  });

  it('a collected or received prize is final: collecting twice is refused', () => {
    expect(isFinalState(prizeAwardLifecycle, 'collected')).toBe(true);
    expect(isFinalState(prizeAwardLifecycle, 'received')).toBe(true);
    expect(nextAwardState('collected', 'collect', 'onsite', 'staff')).toBeNull();
    expect(nextAwardState('received', 'collect', 'express', 'learner')).toBeNull();
  });

  it('without its delivery a won prize moves nowhere', () => {
    expect(awardActions('won', 'express', 'learner')).toEqual(['address']);
    expect(awardActions('won', 'onsite', 'staff')).toEqual(['collect']);
  });
});
