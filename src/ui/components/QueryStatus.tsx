import { Callout } from '@blueprintjs/core';
import type { QueryState } from '../../streams/query-cache.ts';
import { PageSpinner } from './PageSpinner.tsx';

interface QueryStatusProps<T> {
  state: QueryState<T>;
  failedTitle: string;
  children: (data: T) => React.ReactNode;
}

/**
 * Data when there is some (stale data stays while revalidating), a spinner on the first load,
 * the failure when the first load failed. The cache keeps retrying while the screen is open.
 */
export function QueryStatus<T>({ state, failedTitle, children }: QueryStatusProps<T>) {
  if (state.data !== undefined) return <>{children(state.data)}</>;
  if (state.error !== undefined) {
    const message = state.error instanceof Error ? state.error.message : String(state.error);
    return (
      <Callout intent="danger" title={failedTitle} role="alert">
        {message}
      </Callout>
    );
  }
  return <PageSpinner />;
}
