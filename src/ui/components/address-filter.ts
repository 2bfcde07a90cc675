import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A public list's filter kept in the address (`?q=…&tag=…`), so reload, a shared link and Back
 * keep it (docs/architecture.md, "Paging a list"): `value(name)` reads one, `setFilter` changes
 * one and goes back to the first page, and the keyword is typed into `draft` and applied by
 * `search` (the search form's submit), not on every key.
 */
export function useAddressFilter() {
  const [params, setParams] = useSearchParams();
  const value = (name: string) => params.get(name) ?? '';
  const [draft, setDraft] = useState(value('q'));
  const setFilter = (name: string, next: string) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set(name, next);
      else updated.delete(name);
      updated.delete('page');
      return updated;
    });
  const search = (e: FormEvent) => {
    e.preventDefault();
    setFilter('q', draft.trim());
  };
  return { value, setFilter, draft, setDraft, search };
}
