import type { PageQuery } from '../../contract/paging.ts';
import { parseSort } from '../../contract/paging.ts';
import { validationError } from './validation-error.ts';

/**
 * `ORDER BY` for a list from its allow-list of sortable fields (wire name → SQL expression).
 * Anything else is refused naming query.sort, so no caller text ever reaches the SQL.
 */
export function orderBy(
  query: PageQuery,
  sortable: Record<string, string>,
  fallback: string,
  tieBreaker: string,
): string {
  const sort = parseSort(query.sort);
  if (!sort) return `${fallback}, ${tieBreaker}`;
  const column = Object.hasOwn(sortable, sort.field) ? sortable[sort.field] : undefined;
  if (!column) {
    const allowed = Object.keys(sortable).join('、');
    throw validationError([
      { field: 'query.sort', message: `不支持按 ${sort.field} 排序，可选：${allowed}` },
    ]);
  }
  return `${column} ${sort.direction === 'desc' ? 'DESC' : 'ASC'}, ${tieBreaker}`;
}

export const limitOffset = (query: PageQuery): [number, number] => [
  query.size,
  query.page * query.size,
];

/** A LIKE pattern that matches `text` literally anywhere. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
