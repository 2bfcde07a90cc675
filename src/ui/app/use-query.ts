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
 * Whether any of these queries has neither data nor an error yet: a form built from them now
 * would open without their choices (a staff form keeps the choices it opened with).
 */
export function stillLoading(...states: QueryState<unknown>[]): boolean {
  return states.some((q) => q.data === undefined && q.error === undefined);
}
