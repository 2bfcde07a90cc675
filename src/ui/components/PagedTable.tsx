import { HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { Page } from '../../contract/paging.ts';
import type { QueryState } from '../../streams/query-cache.ts';
import { EmptyState } from './EmptyState.tsx';
import { Pager } from './Pager.tsx';
import { QueryStatus } from './QueryStatus.tsx';

interface PagedTableProps<T> {
  state: QueryState<Page<T>>;
  failedTitle: string;
  /**
   * What an empty page shows: an empty state, a one-line note, or (absent) the table with its
   * headers and no rows, so a short settings list still says what its columns would hold.
   */
  empty?: { title: string; description: string } | string;
  headers: readonly string[];
  /** One `<tr>` per item. */
  row: (item: T) => ReactNode;
  page: number;
  onPage: (page: number) => void;
  testId: string;
  /** Rows react to a click (a hover highlight). */
  interactive?: boolean;
}

/** A server-paged list as a table: the load's state, an empty state, the rows and the pager. */
export function PagedTable<T>({
  state,
  failedTitle,
  empty,
  headers,
  row,
  page,
  onPage,
  testId,
  interactive = false,
}: PagedTableProps<T>) {
  return (
    <QueryStatus state={state} failedTitle={failedTitle}>
      {(data) =>
        data.content.length === 0 && empty !== undefined ? (
          typeof empty === 'string' ? (
            <p className="xa-muted">{empty}</p>
          ) : (
            <EmptyState title={empty.title} description={empty.description} />
          )
        ) : (
          <>
            <HTMLTable className="xa-table" striped interactive={interactive} data-testid={testId}>
              <thead>
                <tr>
                  {headers.map((header) => (
                    <th key={header}>{header}</th>
                  ))}
                </tr>
              </thead>
              <tbody>{data.content.map(row)}</tbody>
            </HTMLTable>
            <Pager
              page={page}
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
