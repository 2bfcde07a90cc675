import type { Page, PageQuery } from '../../contract/paging.ts';
import { parseSort, toPage } from '../../contract/paging.ts';
import type { Queryable } from '../db/pool.ts';
import { validationError } from './validation-error.ts';

/**
 * A list's columns by the sort fields its contract call declares (`pageQueryOf(FIELDS)`):
 * exactly those fields, so the contract, the docs and the SQL cannot disagree.
 */
export type SortColumns<F extends readonly string[]> = { readonly [K in F[number]]: string };

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

/**
 * One page of a query and its total. `from` is everything after the select list up to ORDER BY
 * (FROM, joins, WHERE) and uses `params`; limit and offset follow them. The total rides along
 * with the rows (`count(*) OVER ()`, one round trip); only a page past the end, which has no rows
 * to carry it, asks for the count separately.
 */
export async function pagedRows<Row>(
  db: Queryable,
  query: { select: string; from: string; params: unknown[]; order: string },
  page: PageQuery,
): Promise<Page<Row>> {
  const [limit, offset] = limitOffset(page);
  const n = query.params.length;
  const { rows } = await db.query<Row & { __total: number }>(
    `SELECT ${query.select}, count(*) OVER ()::int AS __total ${query.from}
      ORDER BY ${query.order} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...query.params, limit, offset],
  );
  let total = rows[0]?.__total ?? 0;
  if (rows.length === 0 && offset > 0) {
    // As a subquery, so a grouped `from` counts its groups.
    const count = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM (SELECT 1 ${query.from}) page_rows`,
      query.params,
    );
    total = count.rows[0]!.total;
  }
  const content = rows.map(({ __total: _, ...row }) => row as Row);
  return toPage(content, total, page);
}
