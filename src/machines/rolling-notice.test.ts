import { describe, expect, it, vi } from 'vitest';
import { createActor, initialTransition, transition } from 'xstate';
import { dayOfMonth, isNoticeHidden, rollingNoticeMachine } from './rolling-notice.ts';

/** A Shanghai wall-clock time (UTC+8) as epoch milliseconds. */
const shanghai = (isoLocal: string): number => Date.parse(`${isoLocal}+08:00`);

describe('rolling notice rule (docs/product-rules.md#rolling-notice, as written)', () => {
  it('shows a notice that was never dismissed', () => {
    expect(isNoticeHidden(null, shanghai('2025-03-10T12:00:00'))).toBe(false);
  });

  it('hides it on the day of dismissal (difference 0)', () => {
    expect(isNoticeHidden(shanghai('2025-03-10T08:00:00'), shanghai('2025-03-10T23:59:00'))).toBe(
      true,
    );
  });

  it('keeps it hidden on any later day of the same month (negative difference)', () => {
    expect(isNoticeHidden(shanghai('2025-03-10T08:00:00'), shanghai('2025-03-11T08:00:00'))).toBe(
      true,
    );
    expect(isNoticeHidden(shanghai('2025-03-01T08:00:00'), shanghai('2025-03-31T08:00:00'))).toBe(
      true,
    );
  });

  it('compares days of month across a month wrap: shown once stored − today exceeds 2', () => {
    // 30 − 2 = 28 > 2: shown again two days after a dismissal at the end of the month.
    expect(isNoticeHidden(shanghai('2025-01-30T08:00:00'), shanghai('2025-02-02T08:00:00'))).toBe(
      false,
    );
    // 5 − 2 = 3 > 2 → shown; 4 − 2 = 2 → hidden (the boundary is inclusive).
    expect(isNoticeHidden(shanghai('2025-03-05T08:00:00'), shanghai('2025-04-02T08:00:00'))).toBe(
      false,
    );
    expect(isNoticeHidden(shanghai('2025-03-04T08:00:00'), shanghai('2025-04-02T08:00:00'))).toBe(
      true,
    );
  });

  it('reads the day of month in Asia/Shanghai, whatever the host time zone', () => {
    // 2024-01-31T16:30Z is 1 February 00:30 in Shanghai.
    expect(dayOfMonth(Date.parse('2024-01-31T16:30:00Z'))).toBe(1);
    expect(dayOfMonth(Date.parse('2024-01-31T15:59:59Z'))).toBe(31);
    // Dismissed 31 Jan 23:30 Shanghai, now 1 Feb 00:30 Shanghai: 31 − 1 = 30 → shown.
    expect(isNoticeHidden(shanghai('2024-01-31T23:30:00'), shanghai('2024-02-01T00:30:00'))).toBe(
      false,
    );
  });
});

describe('rollingNoticeMachine', () => {
  it('starts shown when never dismissed and hidden after a recent dismissal', () => {
    const now = shanghai('2025-03-10T12:00:00');
    expect(initialTransition(rollingNoticeMachine, { dismissedAt: null, now })[0].value).toBe(
      'shown',
    );
    expect(
      initialTransition(rollingNoticeMachine, {
        dismissedAt: shanghai('2025-03-09T12:00:00'),
        now,
      })[0].value,
    ).toBe('hidden');
  });

  it('hides on DISMISS, storing the timestamp through persistDismissal', () => {
    const now = shanghai('2025-03-10T12:00:00');
    const [shown] = initialTransition(rollingNoticeMachine, { dismissedAt: null, now });
    const [hidden, actions] = transition(rollingNoticeMachine, shown, {
      type: 'DISMISS',
      now: now + 5000,
    });
    expect(hidden.value).toBe('hidden');
    expect(hidden.context.dismissedAt).toBe(now + 5000);
    expect(actions.find((a) => a.type === 'persistDismissal')?.params).toEqual({ now: now + 5000 });
  });

  it('calls the provided persistDismissal once', () => {
    const persistDismissal = vi.fn();
    const actor = createActor(
      rollingNoticeMachine.provide({
        actions: { persistDismissal: (_, params) => persistDismissal(params.now) },
      }),
      { input: { dismissedAt: null, now: 1_000 } },
    ).start();
    actor.send({ type: 'DISMISS', now: 2_000 });
    actor.send({ type: 'DISMISS', now: 3_000 });
    expect(persistDismissal.mock.calls).toEqual([[2_000]]);
    actor.stop();
  });
});
