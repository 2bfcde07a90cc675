/**
 * The paging pattern every list uses (issue 12): the page lives in the address (1-based for
 * people, `?page=2`; 0-based on the wire), one parameter per list on a screen; pages are
 * cached apart (the key names page and size); a page past the end shows the last page. Pure:
 * the pager component and the list hooks build on these.
 */
import { DEFAULT_PAGE_SIZE } from '../contract/page-size.ts';

export { DEFAULT_PAGE_SIZE };

/** The 0-based page a 1-based address parameter names; anything unreadable is the first. */
export function pageFromParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n - 1 : 0;
}

/** The address parameter of a 0-based page; the first page needs none. */
export const paramOfPage = (page: number): string | null => (page > 0 ? String(page + 1) : null);

/** A page that exists: past the end is the last page, an empty list has page 0. */
export const clampPage = (page: number, totalPages: number): number =>
  Math.max(0, Math.min(page, totalPages - 1));

export type PagerItem = number | 'gap';

/**
 * The page buttons a pager shows (0-based): the first and last, the current one with
 * `siblings` on each side, and a gap where pages are left out.
 */
export function pagerItems(current: number, totalPages: number, siblings = 1): PagerItem[] {
  if (totalPages <= 0) return [];
  const shown = new Set<number>([0, totalPages - 1]);
  for (let p = current - siblings; p <= current + siblings; p += 1) {
    if (p >= 0 && p < totalPages) shown.add(p);
  }
  const pages = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  pages.forEach((page, i) => {
    const previous = pages[i - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push('gap');
    items.push(page);
  });
  return items;
}

/** The cache key of one page of a list: the list's key, the page and its size. */
export const pageKey = (list: string, page: number, size = DEFAULT_PAGE_SIZE): string =>
  `${list}|page=${page}|size=${size}`;
