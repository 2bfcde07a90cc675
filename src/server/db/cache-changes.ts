/**
 * Caches every API process keeps of rarely changed rows (the site's texts and settings, the
 * registered apps), cleared in every process when one of them changes those rows: the writer
 * announces the change with NOTIFY, each process LISTENs and clears its copy (issue 28;
 * docs/decisions/scale-out.md "Caches across processes"). The writer also clears its own at once, so its
 * next read never waits for the round trip. A lost connection clears everything: what was
 * announced meanwhile is gone.
 */
import type { Logger } from '../logger.ts';
import { PgListener } from './pg-listener.ts';
import { randomBytes } from 'node:crypto';
import type { Pool } from './pool.ts';

export const CACHE_CHANNEL = 'xinao_cache_changed';

export const CACHE_NAMES = ['siteConfig', 'apps'] as const;
export type CacheName = (typeof CACHE_NAMES)[number];

/**
 * Which process announced: its own announcements come back to it after its next reads have
 * filled the cache again, and must not empty it then (per pool: two platforms in one process,
 * as tests run them, are two senders).
 */
const senders = new WeakMap<Pool, string>();
const senderOf = (pool: Pool): string => {
  let sender = senders.get(pool);
  if (!sender) senders.set(pool, (sender = randomBytes(6).toString('hex')));
  return sender;
};

/** Tells every other API process on the database that `cache`'s rows changed. */
export async function announceCacheChange(pool: Pool, cache: CacheName): Promise<void> {
  await pool.query('SELECT pg_notify($1, $2)', [CACHE_CHANNEL, `${cache}:${senderOf(pool)}`]);
}

/** Clears each cache when any process announces a change to it, until closed. */
export function listenForCacheChanges(
  pool: Pool,
  clear: Record<CacheName, () => void>,
  logger: Logger,
): PgListener {
  const clearAll = () => CACHE_NAMES.forEach((name) => clear[name]());
  const listener = new PgListener(
    pool,
    [CACHE_CHANNEL],
    (_channel, payload) => {
      const [cache, sender] = payload.split(':');
      const name = CACHE_NAMES.find((n) => n === cache);
      if (name && sender !== senderOf(pool)) clear[name]();
    },
    {
      onReconnect: clearAll,
      onError: (err) => logger.warn({ err: err.message }, '缓存变更通知的连接中断，正在重连'),
    },
  );
  listener.connectInBackground();
  return listener;
}
