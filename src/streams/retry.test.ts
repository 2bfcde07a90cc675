import { describe, expect, it } from 'vitest';
import { defer } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { backoffDelay, retryWithBackoff } from './retry.ts';

const newScheduler = () =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('backoffDelay', () => {
  it('starts at 5 s, doubles, and stops growing at the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n))).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 80_000,
    ]);
    expect(backoffDelay(3, { initialDelayMs: 100, factor: 3, maxDelayMs: 10_000 })).toBe(900);
  });
});

describe('retryWithBackoff', () => {
  it('resubscribes after 5 s, 10 s, 20 s and then lets the error through', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-#', undefined, new Error('Network Error'));
      const result = source.pipe(retryWithBackoff({ maxRetries: 3, scheduler }));
      expectObservable(result).toBe('35004ms #', undefined, new Error('Network Error'));
      expectSubscriptions(source.subscriptions).toBe([
        '^!',
        '5001ms ^!',
        '15002ms ^!',
        '35003ms ^!',
      ]);
    });
  });

  it('delivers the value of a retry that succeeds', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      let attempt = 0;
      const flaky = defer(() => {
        attempt += 1;
        return cold(attempt < 3 ? '-#' : '-a|');
      }).pipe(retryWithBackoff({ scheduler, initialDelayMs: 10 }));
      // Failures at 1 and 12, retries at 11 and 32; the third attempt answers at 33 and completes at 34.
      expectObservable(flaky).toBe('33ms a|');
    });
  });

  it('gives up at once when shouldRetry says so', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const source = cold('--#', undefined, { status: 400 });
      const result = source.pipe(
        retryWithBackoff({
          scheduler,
          shouldRetry: (error) => (error as { status: number }).status >= 500,
        }),
      );
      expectObservable(result).toBe('--#', undefined, { status: 400 });
    });
  });
});
