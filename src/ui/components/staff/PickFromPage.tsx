import { Button, HTMLTable, InputGroup } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../contract/paging.ts';
import type { QueryState } from '../../../streams/query-cache.ts';
import { Pager } from '../Pager.tsx';
import { QueryStatus } from '../QueryStatus.tsx';

/**
 * Rows to add to a list being arranged (chapters into a course, questions into a unit): search
 * on Enter, a page of what was found with an add button each (spent once added, or when the
 * list is full), and a pager. The caller owns the query: `onSearch` starts a new one.
 */
export function PickFromPage<T extends { id: number }>({
  state,
  placeholder,
  failedTitle,
  onSearch,
  onPage,
  cells,
  isAdded,
  full,
  onAdd,
  testId,
}: {
  state: QueryState<Page<T>>;
  placeholder: string;
  failedTitle: string;
  onSearch: (keyword: string) => void;
  onPage: (page: number) => void;
  cells: (row: T) => ReactNode;
  isAdded: (row: T) => boolean;
  full: boolean;
  onAdd: (row: T) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  return (
    <>
      <InputGroup
        leftIcon="search"
        placeholder={placeholder}
        value={keyword}
        onValueChange={setKeyword}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSearch(keyword.trim());
        }}
        data-testid={`${testId}-search`}
      />
      <QueryStatus state={state} failedTitle={failedTitle}>
        {(found) => (
          <>
            <HTMLTable className="xa-table" data-testid={testId}>
              <tbody>
                {found.content.map((row) => {
                  const added = isAdded(row);
                  return (
                    <tr key={row.id}>
                      {cells(row)}
                      <td>
                        <Button
                          size="small"
                          icon="plus"
                          disabled={added || full}
                          text={added ? t('staffExam.added') : t('staffExam.add')}
                          onClick={() => onAdd(row)}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>
            <Pager
              page={found.number}
              totalPages={found.totalPages}
              totalElements={found.totalElements}
              onChange={onPage}
              testId={`${testId}-pager`}
            />
          </>
        )}
      </QueryStatus>
    </>
  );
}
