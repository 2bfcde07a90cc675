/**
 * A prize a learner won in an activity's draw (issue 10 item 2), from the draw to the learner's
 * hands. How it travels is the prize's `delivery`, fixed when the prize is created and passed
 * with every event:
 *
 *   won ──collect {aiTokens}──► collected            (tokens credited; the winner or staff)
 *   won ──collect {onsite, by staff}──► collected    (staff record the handover at the venue)
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

/**
 * Who moves the award: the winner, or staff of the activity. An onsite prize is collected only
 * when staff record the handover — a learner saying so themselves would make the venue's
 * record final before anything was handed over.
 */
export type AwardActor = 'learner' | 'staff';

type AwardEvent = { type: PrizeAwardAction; delivery?: PrizeDelivery; by?: AwardActor };

const deliveryIs =
  (...deliveries: PrizeDelivery[]) =>
  ({ event }: { event: AwardEvent }) =>
    event.delivery !== undefined && deliveries.includes(event.delivery);

export const prizeAwardMachine = setup({
  types: { events: {} as AwardEvent },
  guards: {
    credited: deliveryIs('aiTokens'),
    handedOver: ({ event }) => deliveryIs('onsite')({ event }) && event.by === 'staff',
    express: deliveryIs('express'),
  },
}).createMachine({
  id: 'prizeAward',
  initial: 'won',
  states: {
    won: {
      on: {
        collect: [
          { guard: 'credited', target: 'collected' },
          { guard: 'handedOver', target: 'collected' },
        ],
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

/**
 * Where `action` by `by` leads an award of a prize delivered by `delivery`, or null when
 * refused.
 */
export const nextAwardState = (
  state: PrizeAwardState,
  action: PrizeAwardAction,
  delivery: PrizeDelivery,
  by: AwardActor,
): PrizeAwardState | null => nextState(prizeAwardLifecycle, state, action, { delivery, by });

/** The actions `by` may take on an award now, for the screens' buttons. */
export const awardActions = (
  state: PrizeAwardState,
  delivery: PrizeDelivery,
  by: AwardActor,
): PrizeAwardAction[] =>
  prizeAwardLifecycle.actions.filter((a) => nextAwardState(state, a, delivery, by) !== null);
