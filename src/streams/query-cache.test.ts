import { describe, expect, it } from 'vitest';
import { NEVER, map, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createQueryCache, isSettled, type QueryState } from './query-cache.ts';

const newScheduler = () =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

/** A state as a short marble value: data, then V while validating, E on error. */
const brief = (s: QueryState<unknown>) =>
  `${s.data === undefined ? '_' : String(s.data)}${s.isValidating ? 'V' : ''}${s.error === undefined ? '' : 'E'}`;
const briefly = (states: Observable<QueryState<unknown>>) => states.pipe(map(brief));

describe('createQueryCache (marble tests)', () => {
  it('shows the cached data while fetching, then the answer', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const cache = createQueryCache({ scheduler });
      const states = briefly(cache.query('grade/list', () => cold('--a|', { a: 'A' })));
      expectObservable(states).toBe('x-yz', { x: '_V', y: 'AV', z: 'A' });
    });
  });

  it('dedupes requests for a key within 2 s and fetches again after', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const cache = createQueryCache({ scheduler });
      const calls: number[] = [];
      const fetcher = () => {
        calls.push(scheduler.now());
        return cold('-a|', { a: `A${calls.length}` });
      };
      const at = (ms: number) =>
        scheduler.schedule(() => cache.query('k', fetcher).subscribe(), ms);
      at(0);
      at(0); // identical request while in flight
      at(1_500); // finished 1.5 s ago: served from cache
      at(2_100); // outside the window: fetched again
      expectObservable(briefly(cache.query('k', fetcher)), '3000ms ^').toBe('3000ms x', {
        x: 'A2',
      });
      flush();
      expect(calls).toEqual([0, 2_100]);
    });
  });

  it('revalidates subscribed keys on focus, at most once per 5 s', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, flush }) => {
      // Focus at 1000 (within the dedupe window: no fetch, but the throttle window starts),
      // 3000 and 4000 (throttled), 9000 (fetch), 10000 (throttled). As in SWR.
      const focus$ = hot('1000ms f 1999ms f 999ms f 4999ms f 999ms f');
      const cache = createQueryCache({ scheduler, focus$ });
      const calls: number[] = [];
      const fetcher = () => {
        calls.push(scheduler.now());
        return cold('-a|', { a: 'A' });
      };
      const subscription = cache.query('k', fetcher).subscribe();
      flush();
      subscription.unsubscribe();
      expect(calls).toEqual([0, 9_000]);
    });
  });

  it('does not revalidate on focus a key that nobody watches', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, flush }) => {
      const focus$ = hot('10s f');
      const cache = createQueryCache({ scheduler, focus$ });
      let calls = 0;
      const subscription = cache.query('k', () => ((calls += 1), cold('-a|'))).subscribe();
      scheduler.schedule(() => subscription.unsubscribe(), 100);
      flush();
      expect(calls).toBe(1);
    });
  });

  it('keeps the data, shows the error and retries after 5 s, then backs off', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const cache = createQueryCache({ scheduler });
      const calls: number[] = [];
      const fetcher = () => {
        calls.push(scheduler.now());
        return calls.length === 1
          ? cold('-a|', { a: 'A' })
          : calls.length < 4
            ? cold('-#')
            : cold('-b|', { b: 'B' });
      };
      const watched = briefly(cache.query('k', fetcher));
      // Answer at 1–2; a revalidation at 3000 fails at 3001; retries 5 s later (8001, fails)
      // and 10 s after that (18002, answers B). The error stays visible until a success.
      scheduler.schedule(() => cache.revalidate('k'), 3_000);
      expectObservable(watched, '^ 40s !').toBe('xyz 2997ms ve 4999ms we 9999ms wbc', {
        x: '_V',
        y: 'AV',
        z: 'A',
        v: 'AV',
        e: 'AE',
        w: 'AVE',
        b: 'BVE',
        c: 'B',
      });
      flush();
      expect(calls).toEqual([0, 3_000, 8_001, 18_002]);
      expect(cache.peek('k')).toMatchObject({ data: 'B', error: undefined, errorCount: 0 });
    });
  });

  it('stops retrying when the last subscriber leaves, and after the retry budget', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const cache = createQueryCache({ scheduler, errorRetryCount: 2 });
      const calls: number[] = [];
      const failing = () => {
        calls.push(scheduler.now());
        return cold('-#');
      };
      const watched = cache.query('always-fails', failing).subscribe();
      const left = cache.query('left', failing).subscribe();
      scheduler.schedule(() => left.unsubscribe(), 1_000);
      scheduler.schedule(() => watched.unsubscribe(), 60_000);
      flush();
      // 'always-fails': first call, then two retries (5 s, 10 s later); 'left': one call.
      expect(calls).toEqual([0, 0, 5_001, 15_002]);
      expect(cache.peek('always-fails')).toMatchObject({ errorCount: 3, isValidating: false });
    });
  });

  it('mutates locally, abandoning an older fetch, and revalidates by default', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const cache = createQueryCache({ scheduler });
      let calls = 0;
      const fetcher = () => {
        calls += 1;
        return cold('----a|', { a: `server${calls}` });
      };
      const watched = briefly(cache.query('k', fetcher));
      scheduler.schedule(() => cache.mutate('k', 'local', { revalidate: false }), 2);
      scheduler.schedule(() => cache.mutate<string>('k', (current) => `${current}+1`), 10);
      // The first answer (due at 4) is abandoned by the mutation at 2.
      expectObservable(watched, '^ 20ms !').toBe('x-y 7ms (vw)uz', {
        x: '_V',
        y: 'local',
        v: 'local+1',
        w: 'local+1V',
        u: 'server2V',
        z: 'server2',
      });
      flush();
      expect(calls).toBe(2);
    });
  });

  it('invalidates: refetches watched keys at once and others on their next subscription', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const cache = createQueryCache({ scheduler });
      const calls: string[] = [];
      const fetcher = (key: string) => () => {
        calls.push(`${key}@${scheduler.now()}`);
        return cold('-a|', { a: key });
      };
      const watched = cache.query('grade/1', fetcher('grade/1')).subscribe();
      cache.query('grade/2', fetcher('grade/2')).subscribe().unsubscribe();
      scheduler.schedule(() => cache.invalidate((key) => key.startsWith('grade/')), 500);
      scheduler.schedule(
        () => cache.query('grade/2', fetcher('grade/2')).subscribe().unsubscribe(),
        600,
      );
      flush();
      watched.unsubscribe();
      expect(calls).toEqual(['grade/1@0', 'grade/2@0', 'grade/1@500', 'grade/2@600']);
    });
  });

  it('marks an unwatched key stale on invalidation, so nobody takes its data as saved', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const cache = createQueryCache({ scheduler });
      let answer = 'first';
      const fetcher = () => cold('-a|', { a: answer });
      const first = cache.query('units/1', fetcher).subscribe();
      flush();
      first.unsubscribe();
      expect(isSettled(cache.peek('units/1')!)).toBe(true);
      answer = 'second';
      cache.invalidate('units/1');
      const stale = cache.peek<string>('units/1')!;
      expect(stale.data).toBe('first');
      expect(isSettled(stale)).toBe(false);
      const again = cache.query('units/1', fetcher).subscribe();
      expect(isSettled(cache.peek('units/1')!)).toBe(false);
      flush();
      again.unsubscribe();
      const fresh = cache.peek<string>('units/1')!;
      expect(fresh.data).toBe('second');
      expect(isSettled(fresh)).toBe(true);
    });
  });

  it('invalidates by tag: every key of the family, watched now and unwatched when next read', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const cache = createQueryCache({ scheduler });
      const calls: string[] = [];
      const fetcher = (key: string) => () => {
        calls.push(`${key}@${scheduler.now()}`);
        return cold('-a|', { a: key });
      };
      // The keys' shapes say nothing of their families: the tags do.
      const watched = cache.query('a', fetcher('a'), ['orders']).subscribe();
      cache.query('b', fetcher('b'), ['answers', 'orders']).subscribe().unsubscribe();
      cache.query('c', fetcher('c'), ['answers']).subscribe().unsubscribe();
      const staleAt550: (true | undefined)[] = [];
      scheduler.schedule(() => cache.invalidateTags(['orders']), 500);
      scheduler.schedule(
        () => staleAt550.push(cache.peek('b')?.stale, cache.peek('c')?.stale),
        550,
      );
      scheduler.schedule(() => cache.query('b', fetcher('b')).subscribe().unsubscribe(), 600);
      flush();
      expect(staleAt550).toEqual([true, undefined]);
      watched.unsubscribe();
      expect(calls).toEqual(['a@0', 'b@0', 'c@0', 'a@500', 'b@600']);
      expect(isSettled(cache.peek('b')!)).toBe(true);
    });
  });

  it('lets a predicate pick keys by their tags and their shape together', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const cache = createQueryCache({ scheduler });
      const fetcher = () => cold('-a|', { a: 'A' });
      for (const [key, tags] of [
        ['exam:1', ['staff']],
        ['exam:2', ['staff']],
        ['mine:exam:1', []],
      ] as const) {
        cache.query(key, fetcher, tags).subscribe().unsubscribe();
      }
      flush();
      cache.invalidate((key, tags) => tags.has('staff') && key.endsWith(':1'));
      expect(
        [cache.peek('exam:1'), cache.peek('exam:2'), cache.peek('mine:exam:1')].map(
          (s) => s?.stale,
        ),
      ).toEqual([true, undefined, undefined]);
    });
  });

  it('completes the streams on dispose', () => {
    const scheduler = newScheduler();
    scheduler.run(({ expectObservable }) => {
      const cache = createQueryCache({ scheduler });
      const watched = briefly(cache.query('k', () => NEVER));
      scheduler.schedule(() => cache.dispose(), 5);
      expectObservable(watched).toBe('x----|', { x: '_V' });
    });
  });
});
