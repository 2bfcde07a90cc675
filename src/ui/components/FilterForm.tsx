import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import type { useAddressFilter } from './address-filter.ts';

/** One select of the form: a dictionary's items, or all of them (the empty value). */
export interface DictFilter {
  /** The address parameter it sets (`tag`, `level`). */
  name: string;
  label: string;
  /** The choice that filters nothing (全部标签). */
  all: string;
  /** The dictionary's items, while they load none. */
  items: readonly { value: string; label: string }[] | undefined;
}

/**
 * A public list's search form (the course list, the content centre): the keyword, applied on
 * submit, and a select per dictionary, applied at once; both kept in the address.
 */
export function FilterForm({
  filter,
  search,
  selects,
}: {
  filter: ReturnType<typeof useAddressFilter>;
  search: { label: string; placeholder: string };
  selects: readonly DictFilter[];
}) {
  return (
    <form className="xa-course-filters" role="search" onSubmit={filter.search}>
      <InputGroup
        type="search"
        leftIcon={<SearchIcon />}
        placeholder={search.placeholder}
        aria-label={search.label}
        value={filter.draft}
        onValueChange={filter.setDraft}
      />
      {selects.map((select) => (
        <HTMLSelect
          key={select.name}
          aria-label={select.label}
          value={filter.value(select.name)}
          onChange={(e) => filter.setFilter(select.name, e.currentTarget.value)}
          options={[
            { value: '', label: select.all },
            ...(select.items ?? []).map((i) => ({ value: i.value, label: i.label })),
          ]}
        />
      ))}
    </form>
  );
}
