/**
 * @fastify/rate-limit's counts kept in PostgreSQL (docs/decisions/transport-and-envelope.md,
 * "Rate limits"), so N API processes on one database allow a client each limit once, not N
 * times. One upsert per limited call: the window starts at the first call and the count resets
 * when it has passed, as the plugin's own stores do.
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Pool } from '../db/pool.ts';

type Incr = FastifyRateLimitStore['incr'];

const INCREMENT = `
  INSERT INTO rate_limit_counts AS r (key, count, expires_at)
  VALUES ($1, 1, now() + make_interval(secs => $2 / 1000.0))
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN r.expires_at <= now() THEN 1 ELSE r.count + 1 END,
    expires_at = CASE WHEN r.expires_at <= now() THEN EXCLUDED.expires_at ELSE r.expires_at END
  RETURNING count, greatest(0, ceil(extract(epoch FROM r.expires_at - now()) * 1000))::int AS ttl`;

/**
 * Each route counts apart: the plugin hands `child` its merged options with the route under
 * `routeInfo` (its typings say otherwise), whose url names the call.
 */
function routeKey(options: object): string {
  const info = 'routeInfo' in options ? options.routeInfo : undefined;
  if (typeof info !== 'object' || info === null) return '';
  const url = 'url' in info && typeof info.url === 'string' ? info.url : '';
  return routePrefix('method' in info ? info.method : '', url);
}

/** The part of a count's key that names its route (its method and url). */
const routePrefix = (method: unknown, url: string): string => `${String(method)}${url}`;

/**
 * A sign-in that succeeded takes its hit back from its address's count: the limit is for
 * guesses, and a school's computer room signs thirty pupils in from one address at 8:00
 * (docs/decisions/transport-and-envelope.md "Rate limits"). The key is the plugin's for an
 * IPv4 address; an IPv6 address is grouped by subnet there, and its sign-ins keep counting.
 */
export async function forgiveSignIn(
  pool: Pool,
  route: { method: unknown; url: string },
  address: string,
): Promise<void> {
  await pool.query(
    `UPDATE rate_limit_counts SET count = greatest(count - 1, 0)
      WHERE key = $1 AND expires_at > now()`,
    [`${routePrefix(route.method, route.url)}-${address}`],
  );
}

/** A store class bound to `pool`, as the plugin's `store` option takes it. */
export function postgresRateLimitStore(pool: Pool) {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Parameters<Incr>[1], timeWindow: number): void {
      pool
        .query<{ count: number; ttl: number }>(INCREMENT, [`${this.prefix}${key}`, timeWindow])
        .then(
          ({ rows }) => callback(null, { current: rows[0]!.count, ttl: rows[0]!.ttl }),
          (error: Error) => callback(error),
        );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new PostgresRateLimitStore({}, `${routeKey(routeOptions)}-`);
    }
  };
}

/** Windows that have passed, pruned with the other short-lived rows (server/prunes.ts). */
export async function pruneRateLimits(pool: Pool): Promise<void> {
  await pool.query('DELETE FROM rate_limit_counts WHERE expires_at < now()');
}
