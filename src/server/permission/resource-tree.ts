/**
 * The permission tree's names and order (contract/permission/resource-tree.ts): directories
 * staff make, the groups and operates the contract makes (./operate-sync.ts). Nothing here can
 * add a permission no call checks, nor remove one a call of this version still checks.
 */
import type {
  Grantable,
  OperateItem,
  ResourceItem,
} from '../../contract/permission/resource-tree.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { withTransaction } from '../db/pool.ts';
import type { Pool, Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { containsPattern, orderBy, pagedRows } from '../http/paging.ts';
import { validationError } from '../http/validation-error.ts';
import { CALL_IDS_BY_GRANTABLE, callOf, grantableOf } from './catalogue.ts';
import { directoryCode } from './operate-sync.ts';

const RESOURCE_SELECT = `r.id, r.code, r.name, r.kind, r.parent_id AS "parentId", r.sort,
  (SELECT count(*) FROM resource_operates op WHERE op.resource_id = r.id)::int AS "operateCount"`;

async function resourceById(db: Queryable, id: number): Promise<ResourceItem> {
  const { rows } = await db.query<ResourceItem>(
    `SELECT ${RESOURCE_SELECT} FROM resources r WHERE r.id = $1`,
    [id],
  );
  if (!rows[0]) throw fail('NOT_FOUND', `资源 ${id} 不存在`);
  return rows[0];
}

/** A parent must be a directory, and not the resource itself or one below it. */
async function checkParent(db: Queryable, parentId: number | null, self?: number): Promise<void> {
  if (parentId === null) return;
  const { rows } = await db.query<{ kind: string; below: boolean }>(
    `WITH RECURSIVE up AS (
       SELECT id, parent_id FROM resources WHERE id = $1
       UNION ALL SELECT r.id, r.parent_id FROM resources r JOIN up ON r.id = up.parent_id)
     SELECT (SELECT kind FROM resources WHERE id = $1) AS kind,
            EXISTS (SELECT 1 FROM up WHERE id = $2) AS below`,
    [parentId, self ?? 0],
  );
  const row = rows[0];
  if (!row?.kind) {
    throw validationError([{ field: 'body.parentId', message: `上级资源 ${parentId} 不存在` }]);
  }
  if (row.kind !== 'directory') {
    throw validationError([{ field: 'body.parentId', message: '上级只能是目录' }]);
  }
  if (row.below) {
    throw validationError([
      { field: 'body.parentId', message: '不能把资源移到它自己或它的下级之下' },
    ]);
  }
}

export async function createDirectory(
  db: Queryable,
  input: { name: string; parentId: number | null; sort: number },
): Promise<ResourceItem> {
  await checkParent(db, input.parentId);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO resources (code, kind, name, parent_id, sort)
     VALUES ($1 || gen_random_uuid(), 'directory', $2, $3, $4) RETURNING id`,
    [directoryCode(''), input.name, input.parentId, input.sort],
  );
  return resourceById(db, rows[0]!.id);
}

export async function updateResource(
  db: Queryable,
  input: { id: number; name: string; parentId: number | null; sort: number },
): Promise<ResourceItem> {
  await resourceById(db, input.id);
  await checkParent(db, input.parentId, input.id);
  await db.query(
    `UPDATE resources SET name = $2, parent_id = $3, sort = $4, updated_at = now() WHERE id = $1`,
    [input.id, input.name, input.parentId, input.sort],
  );
  return resourceById(db, input.id);
}

export async function deleteResource(db: Queryable, id: number): Promise<{ id: number }> {
  const resource = await resourceById(db, id);
  if (resource.kind === 'group') {
    throw fail('CONFLICT', `「${resource.name}」是接口分组，由接口本身产生，不能删除`);
  }
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM resources WHERE parent_id = $1',
    [id],
  );
  if (rows[0]!.n > 0) {
    throw fail('CONFLICT', `目录「${resource.name}」下还有 ${rows[0]!.n} 项，请先移走再删除`);
  }
  await db.query('DELETE FROM resources WHERE id = $1', [id]);
  return { id };
}

const RESOURCE_SORT = { sort: 'r.sort', name: 'r.name' };

export function resourcePage(
  db: Queryable,
  filter: { parentId?: number; kind?: 'directory' | 'group'; keyword?: string },
  query: PageQuery,
): Promise<Page<ResourceItem>> {
  const sql = new SqlParams();
  const where: string[] = [];
  if (filter.parentId !== undefined) where.push(`r.parent_id = ${sql.add(filter.parentId)}`);
  if (filter.kind) where.push(`r.kind = ${sql.add(filter.kind)}`);
  if (filter.keyword) {
    const pattern = sql.add(containsPattern(filter.keyword));
    where.push(`(r.name ILIKE ${pattern} OR r.code ILIKE ${pattern})`);
  }
  return pagedRows<ResourceItem>(
    db,
    {
      select: RESOURCE_SELECT,
      from: `FROM resources r ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      params: sql.values,
      order: orderBy(query, RESOURCE_SORT, 'r.parent_id NULLS FIRST, r.sort', 'r.id'),
    },
    query,
  );
}

interface OperateRow {
  callId: string;
  name: string;
  sort: number;
  resourceId: number;
  resourceName: string;
}

const OPERATE_SELECT = `op.call_id AS "callId", op.name, op.sort, op.resource_id AS "resourceId",
  r.name AS "resourceName"`;
const OPERATE_FROM = 'FROM resource_operates op JOIN resources r ON r.id = op.resource_id';

function operateItem(row: OperateRow): OperateItem {
  const call = callOf(row.callId);
  return {
    ...row,
    // An operate of a call this version no longer has: shown, granted to nobody, deletable.
    method: call?.method ?? '',
    path: call?.path ?? '',
    grantable: grantableOf(call),
  };
}

async function operateById(db: Queryable, callId: string): Promise<OperateItem> {
  const { rows } = await db.query<OperateRow>(
    `SELECT ${OPERATE_SELECT} ${OPERATE_FROM} WHERE op.call_id = $1`,
    [callId],
  );
  if (!rows[0]) throw fail('NOT_FOUND', `操作 ${callId} 不存在`);
  return operateItem(rows[0]);
}

export async function createOperate(
  db: Queryable,
  input: { callId: string; name: string; resourceId: number; sort: number },
): Promise<OperateItem> {
  if (!callOf(input.callId)) {
    throw validationError([
      { field: 'body.callId', message: `没有这个接口：${input.callId}，不能登记无人检查的权限` },
    ]);
  }
  const resource = await resourceById(db, input.resourceId).catch(() => null);
  if (!resource || resource.kind !== 'group') {
    throw validationError([{ field: 'body.resourceId', message: '操作只能登记在接口分组下' }]);
  }
  const { rows } = await db.query(
    `INSERT INTO resource_operates (call_id, resource_id, name, sort) VALUES ($1, $2, $3, $4)
     ON CONFLICT (call_id) DO NOTHING RETURNING call_id`,
    [input.callId, input.resourceId, input.name, input.sort],
  );
  if (rows.length === 0) {
    throw fail('CONFLICT', `接口 ${input.callId} 已有操作权限，每个接口只有一项`);
  }
  return operateById(db, input.callId);
}

export async function updateOperate(
  db: Queryable,
  input: { callId: string; name: string; sort: number },
): Promise<OperateItem> {
  await operateById(db, input.callId);
  await db.query(
    'UPDATE resource_operates SET name = $2, sort = $3, updated_at = now() WHERE call_id = $1',
    [input.callId, input.name, input.sort],
  );
  return operateById(db, input.callId);
}

export async function deleteOperate(pool: Pool, callId: string): Promise<{ callId: string }> {
  const operate = await operateById(pool, callId);
  if (callOf(callId)) {
    throw fail('CONFLICT', `接口「${operate.name}」仍在使用，其操作权限不能删除`);
  }
  await withTransaction(pool, async (db) => {
    // The roles that granted it grant one thing less: their holders see it on the next call.
    await db.query(
      `UPDATE roles SET version = version + 1
        WHERE id IN (SELECT role_id FROM role_operates WHERE call_id = $1)`,
      [callId],
    );
    await db.query('DELETE FROM resource_operates WHERE call_id = $1', [callId]);
  });
  return { callId };
}

const OPERATE_SORT = { sort: 'op.sort', callId: 'op.call_id' };

export async function operatePage(
  db: Queryable,
  filter: { resourceId?: number; keyword?: string; grantable?: Grantable },
  query: PageQuery,
): Promise<Page<OperateItem>> {
  const sql = new SqlParams();
  const where: string[] = [];
  if (filter.resourceId !== undefined) {
    where.push(`op.resource_id = ${sql.add(filter.resourceId)}`);
  }
  if (filter.keyword) {
    const pattern = sql.add(containsPattern(filter.keyword));
    where.push(`(op.name ILIKE ${pattern} OR op.call_id ILIKE ${pattern})`);
  }
  if (filter.grantable) {
    // What may be granted is the contract's to say: filtered on the ids it names. Nobody's
    // operates include those of calls this version no longer has.
    const { organization, platform } = CALL_IDS_BY_GRANTABLE;
    where.push(
      filter.grantable === 'none'
        ? `NOT (op.call_id = ANY(${sql.add([...organization, ...platform])}::text[]))`
        : `op.call_id = ANY(${sql.add(CALL_IDS_BY_GRANTABLE[filter.grantable])}::text[])`,
    );
  }
  const page = await pagedRows<OperateRow>(
    db,
    {
      select: OPERATE_SELECT,
      from: `${OPERATE_FROM} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      params: sql.values,
      order: orderBy(query, OPERATE_SORT, 'r.sort, op.sort', 'op.call_id'),
    },
    query,
  );
  return { ...page, content: page.content.map(operateItem) };
}
