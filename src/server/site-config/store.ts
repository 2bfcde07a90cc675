/** Site settings rows: writes (platform staff), the list, and the cached read by key. */
import type { z } from 'zod';
import type { configCreate, configFilter, configUpdate } from '../../contract/site-config/calls.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import type { Auth } from '../http/sessions.ts';
import type { Pool } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { containsPattern, orderBy, pagedRows } from '../http/paging.ts';
import { refuseDuplicate } from '../http/unique.ts';
import { announceCacheChange } from '../db/cache-changes.ts';
import { cachedByKey, invalidateConfigCache } from './cache.ts';
import type { CachedConfig } from './cache.ts';

const SELECT = `c.id, c.key, c.value, c.kind, c.is_public AS "isPublic", c.description,
  u.username AS "updatedBy", to_json(c.updated_at) #>> '{}' AS "updatedAt"`;
const FROM = 'FROM site_configs c LEFT JOIN users u ON u.id = c.updated_by';

async function byId(pool: Pool, id: number): Promise<CachedConfig> {
  const { rows } = await pool.query<CachedConfig>(`SELECT ${SELECT} ${FROM} WHERE c.id = $1`, [id]);
  if (!rows[0]) throw fail('NOT_FOUND', `设置项 ${id} 不存在`);
  return rows[0];
}

/** Cleared here at once, and in every other API process on the database by its announcement. */
async function configChanged(pool: Pool): Promise<void> {
  invalidateConfigCache(pool);
  await announceCacheChange(pool, 'siteConfig');
}

export async function createConfig(
  pool: Pool,
  auth: Auth,
  input: z.output<typeof configCreate>,
): Promise<CachedConfig> {
  const { rows } = await refuseDuplicate(
    () =>
      pool.query<{ id: number }>(
        `INSERT INTO site_configs (key, value, kind, is_public, description, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [input.key, input.value, input.kind, input.isPublic, input.description, auth.userId],
      ),
    'body.key',
    `键 ${input.key} 已存在`,
  );
  await configChanged(pool);
  return byId(pool, rows[0]!.id);
}

export async function updateConfig(
  pool: Pool,
  auth: Auth,
  input: z.output<typeof configUpdate>,
): Promise<CachedConfig> {
  const { rowCount } = await pool.query(
    `UPDATE site_configs SET value = $2, kind = $3, is_public = $4, description = $5,
            updated_by = $6, updated_at = now()
      WHERE id = $1`,
    [input.id, input.value, input.kind, input.isPublic, input.description, auth.userId],
  );
  if (rowCount === 0) throw fail('NOT_FOUND', `设置项 ${input.id} 不存在`);
  await configChanged(pool);
  return byId(pool, input.id);
}

export async function deleteConfig(pool: Pool, id: number): Promise<{ id: number }> {
  const { rowCount } = await pool.query('DELETE FROM site_configs WHERE id = $1', [id]);
  if (rowCount === 0) throw fail('NOT_FOUND', `设置项 ${id} 不存在`);
  await configChanged(pool);
  return { id };
}

/** A key that is not public reads as absent to anyone but platform staff. */
export async function configByKey(
  pool: Pool,
  auth: Auth | null,
  key: string,
): Promise<CachedConfig> {
  const found = await cachedByKey(pool, key, async () => {
    const { rows } = await pool.query<CachedConfig>(`SELECT ${SELECT} ${FROM} WHERE c.key = $1`, [
      key,
    ]);
    return rows[0] ?? null;
  });
  if (!found || (!found.isPublic && !auth?.platformAdmin)) {
    throw fail('NOT_FOUND', `设置项 ${key} 不存在`);
  }
  return found;
}

const SORT = { key: 'c.key', updatedAt: 'c.updated_at' };

export function configPage(
  pool: Pool,
  filter: z.output<typeof configFilter>,
  query: PageQuery,
): Promise<Page<CachedConfig>> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (filter.keyword) {
    params.push(containsPattern(filter.keyword));
    where.push(`(c.key ILIKE $${params.length} OR c.description ILIKE $${params.length})`);
  }
  if (filter.kind) {
    params.push(filter.kind);
    where.push(`c.kind = $${params.length}`);
  }
  return pagedRows<CachedConfig>(
    pool,
    {
      select: SELECT,
      from: `${FROM} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      params,
      order: orderBy(query, SORT, 'c.key', 'c.id'),
    },
    query,
  );
}
