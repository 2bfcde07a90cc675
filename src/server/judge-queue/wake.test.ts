import { describe, expect, it } from 'vitest';
import { WakeSignal, sleep } from './wake.ts';

describe('WakeSignal', () => {
  it('returns at once when a wake came after the generation was read', async () => {
    const wake = new WakeSignal();
    const since = wake.generation;
    wake.wake();
    const started = Date.now();
    expect(await wake.wait(since, 10_000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('wakes every waiting slot', async () => {
    const wake = new WakeSignal();
    const since = wake.generation;
    const waits = [wake.wait(since, 10_000), wake.wait(since, 10_000)];
    wake.wake();
    expect(await Promise.all(waits)).toEqual([true, true]);
  });

  it('times out without a wake and ignores wakes from before the generation', async () => {
    const wake = new WakeSignal();
    wake.wake();
    const started = Date.now();
    expect(await wake.wait(wake.generation, 30)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('stops waiting when aborted, also when aborted before', async () => {
    const wake = new WakeSignal();
    const controller = new AbortController();
    const waiting = wake.wait(wake.generation, 10_000, controller.signal);
    controller.abort();
    expect(await waiting).toBe(false);
    expect(await wake.wait(wake.generation, 10_000, controller.signal)).toBe(false);
  });

  it('forgets a finished wait: a later wake does not reach it', async () => {
    const wake = new WakeSignal();
    expect(await wake.wait(wake.generation, 1)).toBe(false);
    wake.wake();
    expect(wake.generation).toBe(1);
  });
});

describe('sleep', () => {
  it('ends early on abort', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const sleeping = sleep(10_000, controller.signal);
    controller.abort();
    await sleeping;
    expect(Date.now() - started).toBeLessThan(100);
  });
});
