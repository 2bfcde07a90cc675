import { z } from 'zod';

import { MAX_ID, wholeNumber } from './fields.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './page-size.ts';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

/** `?page=0&size=20&sort=field,asc` — the query of every paged list. */
export const pageQuery = z.strictObject({
  page: wholeNumber(0, MAX_ID).default(0),
  size: wholeNumber(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sort: z
    .string()
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9]*(,(asc|desc))?$/, '格式应为 字段,asc 或 字段,desc')
    .optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

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
