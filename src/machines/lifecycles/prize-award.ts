/**
 * A prize a learner won in an activity's draw (issue 10 item 2), from the draw to the learner's
 * hands. How it travels is the prize's `delivery`, fixed when the prize is created and passed
 * with every event:
 *
 *   won ──collect {onsite | aiTokens}──► collected   (handed over at the venue; tokens credited)
 *   won ──address {express}──► addressed ──ship──► shipped ──collect──► received
 *               addressed ──address──► addressed             (the address changed before shipping)
 *                                       shipped ──ship──► shipped (a corrected tracking number)
 *
 * `collected` and `received` are final: a second collect is refused and changes nothing. The
 * server moves the award row through it (server/activity-prize/), the screens show its actions.
 */
import { setup } from 'xstate';
import { defineLifecycle, nextState } from './lifecycle.ts';
import type { PrizeAwardAction } from '../../contract/lifecycle-actions.ts';

export const PRIZE_DELIVERIES = ['express', 'onsite', 'aiTokens'] as const;
export type PrizeDelivery = (typeof PRIZE_DELIVERIES)[number];

export const PRIZE_AWARD_STATES = ['won', 'collected', 'addressed', 'shipped', 'received'] as const;
export type PrizeAwardState = (typeof PRIZE_AWARD_STATES)[number];

type AwardEvent = { type: PrizeAwardAction; delivery?: PrizeDelivery };

const deliveryIs =
  (...deliveries: PrizeDelivery[]) =>
  ({ event }: { event: AwardEvent }) =>
    event.delivery !== undefined && deliveries.includes(event.delivery);

export const prizeAwardMachine = setup({
  types: { events: {} as AwardEvent },
  guards: { inHand: deliveryIs('onsite', 'aiTokens'), express: deliveryIs('express') },
}).createMachine({
  id: 'prizeAward',
  initial: 'won',
  states: {
    won: {
      on: {
        collect: { guard: 'inHand', target: 'collected' },
        address: { guard: 'express', target: 'addressed' },
      },
    },
    addressed: { on: { address: 'addressed', ship: 'shipped' } },
    shipped: { on: { ship: 'shipped', collect: 'received' } },
    collected: { type: 'final' },
    received: { type: 'final' },
  },
});

export const prizeAwardLifecycle = defineLifecycle({
  noun: '奖品',
  machine: prizeAwardMachine,
  states: {
    won: '待领取',
    collected: '已领取',
    addressed: '待发货',
    shipped: '已发货',
    received: '已收货',
  },
  actions: ['collect', 'address', 'ship'],
});

/** Where `action` leads an award of a prize delivered by `delivery`, or null when refused. */
export const nextAwardState = (
  state: PrizeAwardState,
  action: PrizeAwardAction,
  delivery: PrizeDelivery,
): PrizeAwardState | null => nextState(prizeAwardLifecycle, state, action, { delivery });

/** The actions allowed on an award now, for the screens' buttons. */
export const awardActions = (state: PrizeAwardState, delivery: PrizeDelivery): PrizeAwardAction[] =>
  prizeAwardLifecycle.actions.filter((a) => nextAwardState(state, a, delivery) !== null);
