/**
 * One query definition per key and runtime, so a re-render subscribes to the same stream of
 * the runtime's SWR cache (practice-queries.ts, commerce-queries.ts, staff-queries.ts).
 */
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import type { QueryTag } from './client-module.ts';

const defs = new WeakMap<Runtime, Map<string, QueryDef<unknown>>>();

export function definedQuery<T>(
  runtime: Runtime,
  key: string,
  fetch: () => Promise<T>,
  /** The families this read belongs to, declared by their modules (ui/app/modules/). */
  tags?: readonly QueryTag[],
): QueryDef<T> {
  let byKey = defs.get(runtime);
  if (!byKey) defs.set(runtime, (byKey = new Map()));
  let def = byKey.get(key) as QueryDef<T> | undefined;
  if (!def) {
    def = { key, tags, state$: runtime.queries.cache.query(key, fetch, tags) };
    byKey.set(key, def as QueryDef<unknown>);
  }
  return def;
}

/** The logged-in member's id (0 for a visitor), for keys no other login may read. */
export const memberKey = (runtime: Runtime): number =>
  runtime.actors.startup.getSnapshot().context.user?.id ?? 0;
