/**
 * The application ids (table apps). Every write clears the registry's cache, so a disabled
 * app is refused from the next request on (in this process; others within the cache's time).
 */
import { announceCacheChange } from '../db/cache-changes.ts';
import type { z } from 'zod';
import type { appCreate, appUpdate } from '../../contract/app/calls.ts';
import { APP_ID } from '../../contract/envelope.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { fail } from '../http/app-error.ts';
import { containsPattern, orderBy, pagedRows } from '../http/paging.ts';
import { validationError } from '../http/validation-error.ts';
import type { Services } from '../services.ts';

/** Cleared here at once, and in every other API process on the database by its announcement. */
async function appsChanged(services: Services): Promise<void> {
  services.apps.invalidate();
  await announceCacheChange(services.pool, 'apps');
}

export interface AppItem {
  id: number;
  appId: string;
  name: string;
  description: string;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

const SELECT = `a.id, a.app_id AS "appId", a.name, a.description, a.enabled,
  to_json(a.created_at) #>> '{}' AS "createdAt", to_json(a.updated_at) #>> '{}' AS "updatedAt"`;

async function byId(services: Services, id: number): Promise<AppItem> {
  const { rows } = await services.pool.query<AppItem>(
    `SELECT ${SELECT} FROM apps a WHERE a.id = $1`,
    [id],
  );
  if (!rows[0]) throw fail('NOT_FOUND', `应用 ${id} 不存在`);
  return rows[0];
}

export async function createApp(
  services: Services,
  input: z.output<typeof appCreate>,
): Promise<AppItem> {
  const { rows } = await services.pool.query<{ id: number }>(
    `INSERT INTO apps (app_id, name, description, enabled) VALUES ($1, $2, $3, $4)
     ON CONFLICT (app_id) DO NOTHING RETURNING id`,
    [input.appId, input.name, input.description, input.enabled],
  );
  if (!rows[0]) {
    throw validationError([{ field: 'body.appId', message: `应用 ID ${input.appId} 已存在` }]);
  }
  await appsChanged(services);
  return byId(services, rows[0].id);
}

export async function updateApp(
  services: Services,
  input: z.output<typeof appUpdate>,
): Promise<AppItem> {
  const current = await byId(services, input.id);
  // The web app refusing itself would lock everyone out, the admin who did it included.
  if (current.appId === APP_ID && !input.enabled) {
    throw validationError([
      { field: 'body.enabled', message: `应用 ${APP_ID} 是本站自身，不能停用` },
    ]);
  }
  await services.pool.query(
    `UPDATE apps SET name = $2, description = $3, enabled = $4, updated_at = now() WHERE id = $1`,
    [input.id, input.name, input.description, input.enabled],
  );
  await appsChanged(services);
  return byId(services, input.id);
}

const SORT = { appId: 'a.app_id', name: 'a.name', createdAt: 'a.created_at' };

export async function appPage(
  services: Services,
  filter: { keyword?: string; enabled?: boolean },
  query: PageQuery,
): Promise<Page<AppItem>> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (filter.enabled !== undefined) {
    params.push(filter.enabled);
    where.push(`a.enabled = $${params.length}`);
  }
  if (filter.keyword) {
    params.push(containsPattern(filter.keyword));
    where.push(`(a.app_id ILIKE $${params.length} OR a.name ILIKE $${params.length})`);
  }
  return pagedRows<AppItem>(
    services.pool,
    {
      select: SELECT,
      from: `FROM apps a ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      params,
      order: orderBy(query, SORT, 'a.created_at', 'a.id'),
    },
    query,
  );
}
