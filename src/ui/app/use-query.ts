import { useCallback, useSyncExternalStore } from 'react';
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
