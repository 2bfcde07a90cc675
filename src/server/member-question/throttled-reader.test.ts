import { describe, expect, it } from 'vitest';
import { throttledReader, type Clock } from './throttled-reader.ts';

/** A clock the test moves by hand; due timers run as it passes them. */
function fakeClock() {
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let next = 1;
  const clock: Clock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = next++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
  };
  const advance = async (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.fn();
      await flush();
    }
    now = until;
  };
  return { clock, advance };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function counter(clock: Clock) {
  let state = 0;
  let reads = 0;
  const seen: number[] = [];
  const reader = throttledReader({
    intervalMs: 100,
    clock,
    read: async () => {
      reads += 1;
      return state;
    },
    onValue: (v) => seen.push(v),
    onError: () => {},
  });
  return {
    reader,
    set: (v: number) => {
      state = v;
      reader.changed();
    },
    reads: () => reads,
    seen,
  };
}

describe('throttledReader', () => {
  it('reads at once after a quiet spell', async () => {
    const { clock } = fakeClock();
    const c = counter(clock);
    c.set(1);
    await flush();
    expect(c.seen).toEqual([1]);
  });

  it('turns a burst into one read per interval, and always reads the state after the last change', async () => {
    const { clock, advance } = fakeClock();
    const c = counter(clock);
    for (let k = 1; k <= 50; k += 1) {
      c.set(k);
      await advance(5);
    }
    await advance(500);
    // 50 changes over 250 ms: the first at once, then one per 100 ms, then the trailing read.
    expect(c.reads()).toBeLessThanOrEqual(5);
    expect(c.seen.at(-1)).toBe(50);
    expect([...c.seen].sort((a, b) => a - b)).toEqual(c.seen);
  });

  it('does not read again without a change', async () => {
    const { clock, advance } = fakeClock();
    const c = counter(clock);
    c.set(1);
    await advance(1000);
    expect(c.reads()).toBe(1);
  });

  it('reads nothing once stopped', async () => {
    const { clock, advance } = fakeClock();
    const c = counter(clock);
    c.set(1);
    await flush();
    c.set(2);
    c.reader.stop();
    await advance(1000);
    expect(c.seen).toEqual([1]);
  });
});
