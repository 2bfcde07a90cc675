/**
 * Reads a value when told it changed, at most once per interval, always once more after the
 * last change: a burst of progress notifications (one per test case) becomes a few reads, and
 * the state after the burst — the verdict — is always read. A read never overlaps another, so
 * results arrive in the order the changes happened. (Hydro throttles its judge's progress
 * pushes the same way.) Pure apart from the clock and the reader, both injected.
 */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ThrottledReader {
  /** The value may have changed: read it soon (now, or when the interval allows). */
  changed(): void;
  /** No more reads. */
  stop(): void;
}

export function throttledReader<T>(options: {
  intervalMs: number;
  read: () => Promise<T>;
  /** Each read's result, in order. */
  onValue: (value: T) => void;
  onError: (error: unknown) => void;
  clock?: Clock;
}): ThrottledReader {
  const clock = options.clock ?? systemClock;
  let lastReadAt = Number.NEGATIVE_INFINITY;
  let reading = false;
  let dirty = false;
  let timer: unknown = null;
  let stopped = false;

  const schedule = () => {
    if (stopped || reading || timer !== null || !dirty) return;
    const wait = Math.max(0, lastReadAt + options.intervalMs - clock.now());
    if (wait === 0) void read();
    else
      timer = clock.setTimeout(() => {
        timer = null;
        void read();
      }, wait);
  };

  const read = async () => {
    dirty = false;
    reading = true;
    lastReadAt = clock.now();
    try {
      const value = await options.read();
      if (!stopped) options.onValue(value);
    } catch (error) {
      if (!stopped) options.onError(error);
    } finally {
      reading = false;
      schedule();
    }
  };

  return {
    changed() {
      dirty = true;
      schedule();
    },
    stop() {
      stopped = true;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
  };
}
