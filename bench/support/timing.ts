/** The p-th percentile (0–100) of latencies sorted ascending; NaN for none. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Milliseconds of `rounds` calls made one after another, sorted ascending. */
export async function timed(rounds: number, call: () => Promise<unknown>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await call();
    ms.push(performance.now() - start);
  }
  return ms.sort((a, b) => a - b);
}
