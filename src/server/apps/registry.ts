/**
 * The enabled application ids, which every request's appid header is checked against. Read
 * from the table once and kept: every request asks, and apps change rarely. A write through
 * this process clears the cache at once, another process's write by its announcement
 * (db/cache-changes.ts); CACHE_MS bounds how long a lost announcement could leave it stale.
 */
import type { Pool } from '../db/pool.ts';

const CACHE_MS = 30_000;

export type AppStatus = 'enabled' | 'disabled' | 'unknown';

export class AppRegistry {
  private cached: { at: number; statuses: Promise<Map<string, boolean>> } | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly now: () => number = Date.now,
  ) {}

  private statuses(): Promise<Map<string, boolean>> {
    if (!this.cached || this.now() - this.cached.at > CACHE_MS) {
      const statuses = this.pool
        .query<{ app_id: string; enabled: boolean }>('SELECT app_id, enabled FROM apps')
        .then(({ rows }) => new Map(rows.map((r) => [r.app_id, r.enabled])));
      // A failed read is not kept: the next request asks the database again.
      statuses.catch(() => this.invalidate());
      this.cached = { at: this.now(), statuses };
    }
    return this.cached.statuses;
  }

  async statusOf(appId: string): Promise<AppStatus> {
    const enabled = (await this.statuses()).get(appId);
    return enabled === undefined ? 'unknown' : enabled ? 'enabled' : 'disabled';
  }

  invalidate(): void {
    this.cached = undefined;
  }
}
