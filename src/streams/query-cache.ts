/**
 * A query cache with SWR semantics (docs/product-rules.md#constants:
 * deduplicate within 2 s, focus revalidation throttle 5 s, error retry 5 s).
 *
 * - `query(key, fetcher)` gives the key's state stream: the cached data at once (stale while
 *   revalidating), then every change. Subscribing starts a fetch unless one for the key is in
 *   flight or started less than `dedupeMs` ago.
 * - Each emission of `focus$` revalidates the keys that have subscribers, at most once per
 *   `focusThrottleMs` per key (and still subject to dedupe).
 * - A failed fetch keeps the last data, exposes the error and retries while someone is
 *   subscribed: after `errorRetryMs`, then backing off exponentially, `errorRetryCount` times.
 * - `mutate` writes data locally (and by default revalidates); `invalidate` marks keys stale
 *   and refetches the subscribed ones.
 * - A key may carry tags, given where the query is defined: the families a change makes stale
 *   together (a member's orders, the back office's reads). `invalidateTags` marks every key
 *   that carries one of them, so whoever reacts to a change names the family, never the shape
 *   of its keys (docs/architecture.md, "Adding a client module").
 *
 * All time comes from the injectable `scheduler` (TestScheduler in tests).
 */
import {
  BehaviorSubject,
  asyncScheduler,
  defer,
  finalize,
  from,
  type Observable,
  type ObservableInput,
  type SchedulerLike,
  type Subscription,
} from 'rxjs';
import {
  SWR_DEDUPE_MS,
  SWR_ERROR_RETRY_COUNT,
  SWR_ERROR_RETRY_MAX_DELAY_MS,
  SWR_ERROR_RETRY_MS,
  SWR_FOCUS_THROTTLE_MS,
} from '../machines/constants.ts';
import { backoffDelay } from './retry.ts';

export interface QueryState<T> {
  key: string;
  data: T | undefined;
  /** The last fetch's failure; undefined once a fetch succeeds. */
  error: unknown;
  isValidating: boolean;
  /** Scheduler time of the last successful fetch or mutation. */
  updatedAt: number | null;
  /** Consecutive failures. */
  errorCount: number;
  /**
   * Marked stale while nobody watched: the data is older than a write since (an editor must not
   * take it as the saved state; the next subscription refetches).
   */
  stale?: true;
}

/** Data that is, as far as the cache knows, the server's current answer: loaded, not stale. */
export const isSettled = <T>(state: QueryState<T>): state is QueryState<T> & { data: T } =>
  state.data !== undefined && !state.isValidating && !state.stale;

export type Fetcher<T> = () => ObservableInput<T>;

/** Which keys to invalidate: one key, or those a predicate over the key and its tags picks. */
export type KeyMatch = string | ((key: string, tags: ReadonlySet<string>) => boolean);

export interface QueryCacheOptions {
  scheduler?: SchedulerLike;
  /** Window focus (or visibility) events; the UI passes fromEvent(window, 'focus'). */
  focus$?: Observable<unknown>;
  dedupeMs?: number;
  focusThrottleMs?: number;
  errorRetryMs?: number;
  errorRetryCount?: number;
  errorRetryMaxDelayMs?: number;
}

export interface MutateOptions {
  /** Fetch fresh data afterwards if the key has subscribers (default true, as in SWR). */
  revalidate?: boolean;
}

export interface QueryCache {
  /** `tags` are the key's families (see above); a key gathers every tag it is queried with. */
  query<T>(key: string, fetcher: Fetcher<T>, tags?: readonly string[]): Observable<QueryState<T>>;
  /** Fetch now unless a fetch is in flight or was started within the dedupe window. */
  revalidate(key: string): void;
  /** Set the key's data (a value or an updater); a fetch in flight for it is abandoned. */
  mutate<T>(key: string, data: T | ((current: T | undefined) => T), options?: MutateOptions): void;
  /** Mark keys stale: subscribed ones refetch now, others on their next subscription. */
  invalidate(keys: KeyMatch): void;
  /** Mark stale, as `invalidate` does, every key that carries one of `tags`. */
  invalidateTags(tags: readonly string[]): void;
  peek<T>(key: string): QueryState<T> | undefined;
  dispose(): void;
}

interface Entry {
  key: string;
  tags: Set<string>;
  state$: BehaviorSubject<QueryState<unknown>>;
  fetcher: Fetcher<unknown> | null;
  subscribers: number;
  inFlight: Subscription | null;
  startedAt: number;
  focusedAt: number;
  retry: Subscription | null;
}

export function createQueryCache({
  scheduler = asyncScheduler,
  focus$,
  dedupeMs = SWR_DEDUPE_MS,
  focusThrottleMs = SWR_FOCUS_THROTTLE_MS,
  errorRetryMs = SWR_ERROR_RETRY_MS,
  errorRetryCount = SWR_ERROR_RETRY_COUNT,
  errorRetryMaxDelayMs = SWR_ERROR_RETRY_MAX_DELAY_MS,
}: QueryCacheOptions = {}): QueryCache {
  const entries = new Map<string, Entry>();

  const entryOf = (key: string): Entry => {
    let entry = entries.get(key);
    if (!entry) {
      entry = {
        key,
        tags: new Set(),
        state$: new BehaviorSubject<QueryState<unknown>>({
          key,
          data: undefined,
          error: undefined,
          isValidating: false,
          updatedAt: null,
          errorCount: 0,
        }),
        fetcher: null,
        subscribers: 0,
        inFlight: null,
        startedAt: Number.NEGATIVE_INFINITY,
        focusedAt: Number.NEGATIVE_INFINITY,
        retry: null,
      };
      entries.set(key, entry);
    }
    return entry;
  };

  const patch = (entry: Entry, change: Partial<QueryState<unknown>>): void => {
    entry.state$.next({ ...entry.state$.getValue(), ...change });
  };

  const stopRetry = (entry: Entry): void => {
    entry.retry?.unsubscribe();
    entry.retry = null;
  };

  const abandonFetch = (entry: Entry): void => {
    entry.inFlight?.unsubscribe();
    entry.inFlight = null;
  };

  const scheduleRetry = (entry: Entry, errorCount: number): void => {
    if (errorCount > errorRetryCount || entry.subscribers === 0) return;
    const delay = backoffDelay(errorCount, {
      initialDelayMs: errorRetryMs,
      maxDelayMs: errorRetryMaxDelayMs,
    });
    entry.retry = scheduler.schedule(() => {
      entry.retry = null;
      if (entry.subscribers > 0) fetchNow(entry);
    }, delay);
  };

  const fetchNow = (entry: Entry): void => {
    const fetcher = entry.fetcher;
    if (!fetcher) return;
    stopRetry(entry);
    entry.startedAt = scheduler.now();
    patch(entry, { isValidating: true });
    let settled = false;
    const subscription = from(fetcher()).subscribe({
      next: (data) => patch(entry, { data }),
      complete: () => {
        settled = true;
        entry.inFlight = null;
        patch(entry, {
          isValidating: false,
          error: undefined,
          errorCount: 0,
          updatedAt: scheduler.now(),
          stale: undefined,
        });
      },
      error: (error: unknown) => {
        settled = true;
        entry.inFlight = null;
        const errorCount = entry.state$.getValue().errorCount + 1;
        patch(entry, { isValidating: false, error, errorCount });
        scheduleRetry(entry, errorCount);
      },
    });
    // A fetcher that answers synchronously has already settled here.
    if (!settled) entry.inFlight = subscription;
  };

  const revalidateEntry = (entry: Entry, force: boolean): void => {
    if (entry.inFlight) return;
    if (!force && scheduler.now() - entry.startedAt < dedupeMs) return;
    fetchNow(entry);
  };

  const invalidateWhere = (keys: KeyMatch): void => {
    const matches = typeof keys === 'string' ? (key: string) => key === keys : keys;
    for (const entry of entries.values()) {
      if (!matches(entry.key, entry.tags)) continue;
      entry.startedAt = Number.NEGATIVE_INFINITY;
      if (entry.subscribers > 0) {
        abandonFetch(entry);
        fetchNow(entry);
      } else if (entry.state$.getValue().data !== undefined) {
        patch(entry, { stale: true });
      }
    }
  };

  const focusSubscription = focus$?.subscribe(() => {
    const now = scheduler.now();
    for (const entry of entries.values()) {
      if (entry.subscribers === 0 || now - entry.focusedAt < focusThrottleMs) continue;
      entry.focusedAt = now;
      revalidateEntry(entry, false);
    }
  });

  return {
    query<T>(
      key: string,
      fetcher: Fetcher<T>,
      tags: readonly string[] = [],
    ): Observable<QueryState<T>> {
      return defer(() => {
        const entry = entryOf(key);
        for (const tag of tags) entry.tags.add(tag);
        // The latest fetcher wins, as in SWR: it closes over the caller's current arguments.
        entry.fetcher = fetcher as Fetcher<unknown>;
        entry.subscribers += 1;
        revalidateEntry(entry, false);
        return (entry.state$ as BehaviorSubject<QueryState<T>>).pipe(
          finalize(() => {
            entry.subscribers -= 1;
            if (entry.subscribers === 0) stopRetry(entry);
          }),
        );
      });
    },

    revalidate(key) {
      const entry = entries.get(key);
      if (entry) revalidateEntry(entry, false);
    },

    mutate<T>(
      key: string,
      data: T | ((current: T | undefined) => T),
      { revalidate = true }: MutateOptions = {},
    ) {
      const entry = entryOf(key);
      // SWR: a response that started before a mutation must not overwrite it.
      abandonFetch(entry);
      stopRetry(entry);
      const current = entry.state$.getValue().data as T | undefined;
      const next =
        typeof data === 'function' ? (data as (current: T | undefined) => T)(current) : data;
      patch(entry, {
        data: next,
        error: undefined,
        errorCount: 0,
        isValidating: false,
        updatedAt: scheduler.now(),
        stale: undefined,
      });
      if (revalidate && entry.subscribers > 0) fetchNow(entry);
    },

    invalidate(keys) {
      invalidateWhere(keys);
    },

    invalidateTags(tags) {
      invalidateWhere((_, keyTags) => tags.some((tag) => keyTags.has(tag)));
    },

    peek<T>(key: string) {
      return entries.get(key)?.state$.getValue() as QueryState<T> | undefined;
    },

    dispose() {
      focusSubscription?.unsubscribe();
      for (const entry of entries.values()) {
        abandonFetch(entry);
        stopRetry(entry);
        entry.state$.complete();
      }
      entries.clear();
    },
  };
}
