import { describe, expect, it } from 'vitest';
import { clampPage, pageFromParam, pageKey, pagerItems, paramOfPage } from './paging.ts';

describe('the page in the address', () => {
  it('is 1-based for people and 0-based for the wire', () => {
    expect(pageFromParam('3')).toBe(2);
    expect(paramOfPage(2)).toBe('3');
    expect(paramOfPage(0)).toBeNull();
  });

  it('falls back to the first page for anything unreadable', () => {
    for (const bad of [null, '', '0', '-2', '1.5', 'abc']) expect(pageFromParam(bad)).toBe(0);
  });

  it('goes to the last page past the end, and to page 0 for an empty list', () => {
    expect(clampPage(9, 3)).toBe(2);
    expect(clampPage(1, 3)).toBe(1);
    expect(clampPage(4, 0)).toBe(0);
  });
});

describe('pagerItems', () => {
  it('lists every page of a short list', () => {
    expect(pagerItems(0, 1)).toEqual([0]);
    expect(pagerItems(1, 4)).toEqual([0, 1, 2, 3]);
    expect(pagerItems(0, 0)).toEqual([]);
  });

  it('keeps the first, the last and the neighbours, with gaps between', () => {
    expect(pagerItems(5, 12)).toEqual([0, 'gap', 4, 5, 6, 'gap', 11]);
    expect(pagerItems(0, 12)).toEqual([0, 1, 'gap', 11]);
    // A gap of one page shows that page instead.
    expect(pagerItems(3, 12)).toEqual([0, 1, 2, 3, 4, 'gap', 11]);
  });
});

describe('pageKey', () => {
  it('caches each page and size apart', () => {
    expect(pageKey('oj.question.queryList:programming', 1)).toBe(
      'oj.question.queryList:programming|page=1|size=20',
    );
    expect(pageKey('x', 1, 50)).not.toBe(pageKey('x', 1));
  });
});
