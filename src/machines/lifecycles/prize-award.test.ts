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

describe('the prize award lifecycle', () => {
  for (const delivery of PRIZE_DELIVERIES) {
    for (const state of PRIZE_AWARD_STATES) {
      for (const action of prizeAwardLifecycle.actions) {
        const to = EXPECTED[delivery][state][action] ?? null;
        it(`${delivery}: ${state} × ${action} → ${to ?? 'refused'}`, () => {
          expect(nextAwardState(state, action, delivery)).toBe(to);
        });
      }
    }
  }

  it('a collected or received prize is final: collecting twice is refused', () => {
    expect(isFinalState(prizeAwardLifecycle, 'collected')).toBe(true);
    expect(isFinalState(prizeAwardLifecycle, 'received')).toBe(true);
    expect(nextAwardState('collected', 'collect', 'onsite')).toBeNull();
    expect(nextAwardState('received', 'collect', 'express')).toBeNull();
  });

  it('without its delivery a won prize moves nowhere', () => {
    expect(awardActions('won', 'express')).toEqual(['address']);
    expect(awardActions('won', 'onsite')).toEqual(['collect']);
  });
});
