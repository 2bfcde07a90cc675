/**
 * Dictionary lookups cached per dictionary code — docs/product-rules.md#the-call-catalogue: a
 * failed lookup returns an empty list, error handling skipped (docs/product-rules.md#errors).
 *
 * A failure resolves to an empty list and is not cached, so the next call asks again.
 * Concurrent calls for one code share a single request.
 */
export interface DictItem {
  value: string;
  label: string;
}

/** Fetches a dictionary's items, e.g. dict.queryByValue(code).itemList via the transport. */
export type FetchDict = (code: string) => Promise<readonly DictItem[]>;

export interface DictCache {
  /** The items of dictionary `code`; never rejects. */
  get(code: string): Promise<DictItem[]>;
  /** The cached items, if the dictionary was loaded successfully before. */
  peek(code: string): DictItem[] | undefined;
  /** Forget one dictionary, or all of them. */
  invalidate(code?: string): void;
}

export function createDictCache(fetchDict: FetchDict): DictCache {
  const loaded = new Map<string, DictItem[]>();
  const pending = new Map<string, Promise<DictItem[]>>();

  const load = (code: string): Promise<DictItem[]> => {
    const request = Promise.resolve()
      .then(() => fetchDict(code))
      .then(
        (items) => {
          const copy = items.map(({ value, label }) => ({ value, label }));
          // A cache cleared while the request was out must not be refilled by it.
          if (pending.get(code) === request) loaded.set(code, copy);
          return copy;
        },
        (): DictItem[] => [],
      )
      .finally(() => {
        if (pending.get(code) === request) pending.delete(code);
      });
    pending.set(code, request);
    return request;
  };

  return {
    get(code) {
      const cached = loaded.get(code);
      if (cached) return Promise.resolve(cached);
      return pending.get(code) ?? load(code);
    },
    peek: (code) => loaded.get(code),
    invalidate(code) {
      if (code === undefined) {
        loaded.clear();
        pending.clear();
      } else {
        loaded.delete(code);
        pending.delete(code);
      }
    },
  };
}
