/**
 * The page of one list, kept in the address (`?page=2`, or the list's own parameter when a
 * screen has several), so a reload or a shared link opens the same page and Back returns to
 * the previous one.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { pageFromParam, paramOfPage } from '../../streams/paging.ts';

export function usePageParam(name = 'page'): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = pageFromParam(params.get(name));
  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        const value = paramOfPage(next);
        if (value === null) updated.delete(name);
        else updated.set(name, value);
        return updated;
      }),
    [name, setParams],
  );
  return [page, setPage];
}

/** The `?id=` of a screen about one row: a positive whole number, else 0 (the row is absent). */
export function useIdParam(name = 'id'): number {
  const [params] = useSearchParams();
  const id = Number(params.get(name));
  return Number.isInteger(id) && id > 0 ? id : 0;
}
