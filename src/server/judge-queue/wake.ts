/**
 * Wakes idle worker slots when a job may be waiting. A slot reads `generation` before it looks
 * for work and passes it to wait(): a wake that came while it was looking (after the read)
 * makes wait() return at once, so no notification falls between "found nothing" and "sleep".
 */
export class WakeSignal {
  private count = 0;
  private readonly waiters = new Set<() => void>();

  get generation(): number {
    return this.count;
  }

  /** Wakes every waiting slot and every slot that will wait with an older generation. */
  wake(): void {
    this.count += 1;
    for (const resolve of [...this.waiters]) resolve();
  }

  /**
   * Resolves on the first of: a wake after `since`, `ms` elapsed, `signal` aborted. Returns
   * true when woken, false otherwise.
   */
  wait(since: number, ms: number, signal?: AbortSignal): Promise<boolean> {
    if (this.count !== since) return Promise.resolve(true);
    if (signal?.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const finish = (woken: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(onWake);
        signal?.removeEventListener('abort', onAbort);
        resolve(woken);
      };
      const onWake = () => finish(true);
      const onAbort = () => finish(false);
      const timer = setTimeout(() => finish(false), Math.max(0, ms));
      this.waiters.add(onWake);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

/** Resolves after `ms`, or at once when `signal` is aborted. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new WakeSignal().wait(0, ms, signal).then(() => undefined);
}
