import { z } from 'zod';

import { MAX_ID, wholeNumber } from './fields.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './page-size.ts';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

/**
 * `?page=0&size=20&sort=field,asc` — the query of a paged list that can be sorted by
 * `sortFields` (the server maps each to a column: server/http/paging.ts SortColumns). The
 * fields are part of the contract, so docs/api.md lists them and anything else is refused.
 */
export function pageQueryOf<const F extends readonly [string, ...string[]]>(sortFields: F) {
  const names = sortFields.join('、');
  return z.strictObject({
    page: wholeNumber(0, MAX_ID).default(0),
    size: wholeNumber(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    sort: z
      .string()
      .max(64)
      .regex(
        new RegExp(`^(${sortFields.join('|')})(,(asc|desc))?$`),
        `可排序字段：${names}（格式 字段,asc 或 字段,desc）`,
      )
      // Read back from the JSON Schema by the API reference and the tests (json-schema.ts).
      .meta({ sortFields: [...sortFields] })
      .optional(),
  });
}

/** The schema of every paged list's query, whatever it sorts by. */
export type PageQuerySchema = ReturnType<typeof pageQueryOf<readonly [string, ...string[]]>>;
export type PageQuery = z.infer<PageQuerySchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    totalElements: z.number().int().min(0),
    totalPages: z.number().int().min(0),
    number: z.number().int().min(0),
    size: z.number().int().min(1),
  });

export interface Page<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
}

export function toPage<T>(content: T[], totalElements: number, query: PageQuery): Page<T> {
  return {
    content,
    totalElements,
    totalPages: Math.ceil(totalElements / query.size),
    number: query.page,
    size: query.size,
  };
}

/** Parses `sort=field,dir` against the fields a list allows; unknown fields are refused upstream. */
export function parseSort(
  sort: string | undefined,
): { field: string; direction: 'asc' | 'desc' } | undefined {
  if (!sort) return undefined;
  const [field, direction] = sort.split(',');
  return { field: field!, direction: direction === 'desc' ? 'desc' : 'asc' };
}
