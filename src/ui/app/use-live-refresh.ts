/**
 * Screens that follow work going on elsewhere (a homework graded, an exam sat, an answer judged)
 * mark their reads stale every few seconds while it goes on; the query cache reads them again
 * for whoever shows them. Stops when `active` is false or the screen closes.
 */
import { useEffect, useRef } from 'react';
import type { KeyMatch } from '../../streams/query-cache.ts';
import { useRuntime } from './context.ts';

export const LIVE_REFRESH_MS = 3_000;

export function useLiveRefresh(keys: KeyMatch, active = true, intervalMs = LIVE_REFRESH_MS): void {
  const runtime = useRuntime();
  // Often an inline predicate: the timer reads the latest one instead of restarting each render.
  const latest = useRef(keys);
  useEffect(() => {
    latest.current = keys;
  });
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => runtime.queries.cache.invalidate(latest.current), intervalMs);
    return () => clearInterval(timer);
  }, [runtime, active, intervalMs]);
}
