/**
 * The server's cache of queryByKey (the pages read their texts on every visit). A write clears it
 * here and announces the change, which clears it in every other API process on the database
 * (db/cache-changes.ts).
 */
import type { Pool } from '../db/pool.ts';

export interface CachedConfig {
  id: number;
  key: string;
  value: string;
  kind: 'markdown' | 'text' | 'json';
  isPublic: boolean;
  description: string;
  updatedBy: string | null;
  updatedAt: string;
}

interface Cache {
  entries: Map<string, CachedConfig | null>;
  /** Bumped by every write, so a read that began before it does not store what it loaded. */
  generation: number;
}

/** Per database, so two platforms in one process (tests) never share entries. A miss is kept as null. */
const caches = new WeakMap<Pool, Cache>();

const cacheOf = (pool: Pool): Cache => {
  let cache = caches.get(pool);
  if (!cache) {
    cache = { entries: new Map(), generation: 0 };
    caches.set(pool, cache);
  }
  return cache;
};

export async function cachedByKey(
  pool: Pool,
  key: string,
  load: () => Promise<CachedConfig | null>,
): Promise<CachedConfig | null> {
  const cache = cacheOf(pool);
  if (cache.entries.has(key)) return cache.entries.get(key)!;
  const generation = cache.generation;
  const loaded = await load();
  if (cache.generation === generation) cache.entries.set(key, loaded);
  return loaded;
}

/** After any write: a key may have been created, changed, renamed away or deleted. */
export const invalidateConfigCache = (pool: Pool): void => {
  const cache = cacheOf(pool);
  cache.entries.clear();
  cache.generation += 1;
};
