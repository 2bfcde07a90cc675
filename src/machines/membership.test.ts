import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import type { MemberMembership } from '../contract/membership/member-memberships.ts';
import { currentVipCardView, isMembershipValid, membershipMachine } from './membership.ts';
import { doneEvent, errorEvent } from './test-support.ts';

const now = Date.parse('2025-06-01T00:00:00Z');

const held = (
  id: number,
  expireDate: string,
  membership: Partial<MemberMembership['membership']> = {},
): MemberMembership => ({
  id,
  startDate: '2024-06-01T00:00:00Z',
  expireDate,
  membership: {
    id: 100 + id,
    name: `卡${id}`,
    type: '0',
    tags: ['student'],
    status: '1',
    publication: 'published',
    description: '',
    sort: 0,
    priceFen: 19_900,
    durationDays: 365,
    rights: [],
    ...membership,
  },
  endedAt: null,
  orderId: null,
});

const defaultRights = [
  'vip.rights.solutionVideo',
  'vip.rights.unlimitedSubmission',
  'vip.rights.mockExam',
  'vip.rights.testCaseView',
  'vip.rights.answerRecordClear',
];

describe('isMembershipValid', () => {
  it('is valid only while expireDate is after now', () => {
    expect(isMembershipValid('2025-06-01T00:00:01Z', now)).toBe(true);
    expect(isMembershipValid('2025-06-01T00:00:00Z', now)).toBe(false);
    expect(isMembershipValid('2025-05-31T23:59:59Z', now)).toBe(false);
  });

  it('is not valid without a readable date', () => {
    expect(isMembershipValid(null, now)).toBe(false);
    expect(isMembershipValid('', now)).toBe(false);
    expect(isMembershipValid('not a date', now)).toBe(false);
  });
});

describe('currentVipCardView', () => {
  it('gives the defaults when the member holds no card', () => {
    expect(currentVipCardView([], now)).toEqual({
      name: null,
      nameKey: 'vip.card.defaultName',
      typeLabelKey: 'vip.card.type.parentStudent',
      validUntil: null,
      valid: false,
      cardType: '0',
      rights: defaultRights,
    });
  });

  it('describes the valid card that lasts longest, with the five default rights', () => {
    const view = currentVipCardView(
      [
        held(1, '2025-07-01T00:00:00Z'),
        held(2, '2026-01-01T00:00:00Z'),
        held(3, '2025-01-01T00:00:00Z'),
      ],
      now,
    );
    expect(view).toMatchObject({ name: '卡2', validUntil: '2026-01-01T00:00:00Z', valid: true });
    expect(view.rights).toEqual(defaultRights);
  });

  it('prefers a valid card over a later-listed expired one, and reports expiry otherwise', () => {
    expect(
      currentVipCardView([held(1, '2025-07-01T00:00:00Z'), held(2, '2025-05-01T00:00:00Z')], now)
        .name,
    ).toBe('卡1');
    const expired = currentVipCardView(
      [held(1, '2025-03-01T00:00:00Z'), held(2, '2025-05-01T00:00:00Z')],
      now,
    );
    expect(expired).toMatchObject({
      name: '卡2',
      valid: false,
      validUntil: '2025-05-01T00:00:00Z',
    });
  });

  it('does not count a card ended early (its order quit or refunded)', () => {
    const ended = { ...held(1, '2026-07-01T00:00:00Z'), endedAt: '2025-05-20T00:00:00Z' };
    expect(currentVipCardView([ended, held(2, '2025-05-01T00:00:00Z')], now)).toMatchObject({
      name: '卡2',
      valid: false,
    });
    expect(currentVipCardView([ended], now)).toMatchObject({ name: null, valid: false });
  });

  it("uses the card's own type and rights when it has them", () => {
    const view = currentVipCardView(
      [held(1, '2026-01-01T00:00:00Z', { type: '1', rights: ['unlimitedSubmission', 'aiTokens'] })],
      now,
    );
    expect(view.cardType).toBe('1');
    expect(view.typeLabelKey).toBe('vip.card.type.teacher');
    expect(view.rights).toEqual(['vip.rights.unlimitedSubmission', 'vip.rights.aiTokens']);
  });
});

describe('membershipMachine', () => {
  it('loads the member memberships and derives the view at the given time', () => {
    const [idle] = initialTransition(membershipMachine);
    expect(idle.value).toBe('idle');
    expect(idle.context.view.valid).toBe(false);
    const [loading] = transition(membershipMachine, idle, { type: 'LOAD', now });
    expect(loading.value).toBe('loading');
    const [ready] = transition(
      membershipMachine,
      loading,
      doneEvent('loadMemberMemberships', [held(1, '2025-07-01T00:00:00Z')]),
    );
    expect(ready.value).toBe('ready');
    expect(ready.context.view).toMatchObject({ name: '卡1', valid: true });
    // Time moves on: the same card is no longer valid.
    const [later] = transition(membershipMachine, ready, {
      type: 'NOW',
      now: Date.parse('2025-08-01T00:00:00Z'),
    });
    expect(later.context.view.valid).toBe(false);
    const [cleared] = transition(membershipMachine, later, { type: 'CLEAR' });
    expect(cleared.value).toBe('idle');
    expect(cleared.context.memberMemberships).toEqual([]);
    expect(cleared.context.view.name).toBeNull();
  });

  it('records a failed load', () => {
    const [loading] = transition(membershipMachine, initialTransition(membershipMachine)[0], {
      type: 'LOAD',
      now,
    });
    const [failed] = transition(
      membershipMachine,
      loading,
      errorEvent('loadMemberMemberships', { message: '请先登录', code: 40100 }),
    );
    expect(failed.value).toBe('failed');
    expect(failed.context.error).toEqual({ message: '请先登录', code: 40100 });
  });

  it('runs with the provided loader', async () => {
    const actor = createActor(
      membershipMachine.provide({
        actors: {
          loadMemberMemberships: fromPromise(async () => [held(4, '2030-01-01T00:00:00Z')]),
        },
      }),
    ).start();
    actor.send({ type: 'LOAD', now });
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context.view).toMatchObject({
      name: '卡4',
      valid: true,
      validUntil: '2030-01-01T00:00:00Z',
    });
    actor.stop();
  });
});
