import { useCallback, useSyncExternalStore } from 'react';
import { NEVER } from 'rxjs';
import type { QueryState } from '../../streams/query-cache.ts';
import { useRuntime } from './context.ts';
import type { QueryDef } from './queries.ts';

const EMPTY: QueryState<never> = {
  key: '',
  data: undefined,
  error: undefined,
  isValidating: true,
  updatedAt: null,
  errorCount: 0,
};

/**
 * A query never asked (a read the session may not make): no data, no error, never loads. Pass it
 * to useQuery in place of the real one, since a hook cannot be called conditionally.
 */
export const IDLE_QUERY: QueryDef<never> = { key: '', state$: NEVER };

/**
 * Subscribes to a query stream for as long as the component is mounted. Subscribing is what
 * starts (or dedupes) the fetch inside the cache; the snapshot is the cache's current state.
 */
export function useQuery<T>(query: QueryDef<T>): QueryState<T> {
  const { cache } = useRuntime().queries;
  const { key, state$ } = query;
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = state$.subscribe(() => onChange());
      return () => subscription.unsubscribe();
    },
    [state$],
  );
  const getSnapshot = useCallback(
    () => cache.peek<T>(key) ?? (EMPTY as QueryState<T>),
    [cache, key],
  );
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/**
 * Whether any of these queries has no answer to offer yet: neither data nor an error, or data a
 * write has made stale while nobody watched and whose refetch has not answered. A form built
 * from them now would open without their choices, or with yesterday's (a staff form keeps the
 * choices it opened with: a coach who made a paper and went straight to 新建考试 met a list
 * without it). A failed refetch counts as an answer, so the form still opens.
 */
export function stillLoading(...states: QueryState<unknown>[]): boolean {
  return states.some((q) => (q.data === undefined || q.stale === true) && q.error === undefined);
}
