import type { ReactNode } from 'react';
import type { Page } from '../../contract/paging.ts';
import type { QueryState } from '../../streams/query-cache.ts';
import { EmptyState } from './EmptyState.tsx';
import { Pager } from './Pager.tsx';
import { QueryStatus } from './QueryStatus.tsx';

/** A server-paged list as cards (courses, articles): the load's state, an empty state, the pager. */
export function CardPage<T>({
  state,
  failedTitle,
  empty,
  className,
  testId,
  card,
  page,
  onPage,
}: {
  state: QueryState<Page<T>>;
  failedTitle: string;
  empty: { title: string; description: string };
  className: string;
  testId: string;
  card: (item: T) => ReactNode;
  /** The page the pager shows (0-based); the page answered when absent. */
  page?: number;
  onPage: (page: number) => void;
}) {
  return (
    <QueryStatus state={state} failedTitle={failedTitle}>
      {(data) =>
        data.content.length === 0 ? (
          <EmptyState title={empty.title} description={empty.description} />
        ) : (
          <>
            <div className={className} data-testid={testId}>
              {data.content.map(card)}
            </div>
            <Pager
              page={page ?? data.number}
              totalPages={data.totalPages}
              totalElements={data.totalElements}
              onChange={onPage}
            />
          </>
        )
      }
    </QueryStatus>
  );
}
