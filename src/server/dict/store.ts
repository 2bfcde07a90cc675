/**
 * Dictionary writes and staff reads. Built-in dictionaries (the codes the system reads) keep
 * their code, their items and the items' values; their labels, order and enabled flag change.
 */
import type { z } from 'zod';
import type {
  dictCreate,
  dictFilter,
  dictItemCreate,
  dictItemUpdate,
  dictUpdate,
} from '../../contract/dict/calls.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import type { Pool } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { containsPattern, orderBy, pagedRows } from '../http/paging.ts';
import { refuseDuplicate } from '../http/unique.ts';
import { validationError } from '../http/validation-error.ts';

export interface DictRow {
  id: number;
  code: string;
  name: string;
  description: string;
  builtIn: boolean;
  itemCount: number;
  updatedAt: string;
}

export interface DictItemRow {
  id: number;
  dictId: number;
  value: string;
  label: string;
  sort: number;
  enabled: boolean;
  description: string;
}

const DICT_SELECT = `d.id, d.code, d.name, d.description, d.built_in AS "builtIn",
  (SELECT count(*)::int FROM dict_items i WHERE i.dict_id = d.id) AS "itemCount",
  to_json(d.updated_at) #>> '{}' AS "updatedAt"`;
const ITEM_SELECT = `i.id, i.dict_id AS "dictId", i.value, i.label, i.sort, i.enabled, i.description`;

async function dictById(pool: Pool, id: number): Promise<DictRow> {
  const { rows } = await pool.query<DictRow>(`SELECT ${DICT_SELECT} FROM dicts d WHERE d.id = $1`, [
    id,
  ]);
  if (!rows[0]) throw fail('NOT_FOUND', `字典 ${id} 不存在`);
  return rows[0];
}

async function itemById(pool: Pool, id: number): Promise<DictItemRow & { builtIn: boolean }> {
  const { rows } = await pool.query<DictItemRow & { builtIn: boolean }>(
    `SELECT ${ITEM_SELECT}, d.built_in AS "builtIn"
       FROM dict_items i JOIN dicts d ON d.id = i.dict_id WHERE i.id = $1`,
    [id],
  );
  if (!rows[0]) throw fail('NOT_FOUND', `字典项 ${id} 不存在`);
  return rows[0];
}

export async function createDict(pool: Pool, input: z.output<typeof dictCreate>): Promise<DictRow> {
  const { rows } = await refuseDuplicate(
    () =>
      pool.query<{ id: number }>(
        'INSERT INTO dicts (code, name, description) VALUES ($1, $2, $3) RETURNING id',
        [input.code, input.name, input.description],
      ),
    'body.code',
    `字典编码 ${input.code} 已存在`,
  );
  return dictById(pool, rows[0]!.id);
}

export async function updateDict(pool: Pool, input: z.output<typeof dictUpdate>): Promise<DictRow> {
  const current = await dictById(pool, input.id);
  if (current.builtIn && current.code !== input.code) {
    throw validationError([
      { field: 'body.code', message: `${current.code} 是内置字典，编码不能修改` },
    ]);
  }
  await refuseDuplicate(
    () =>
      pool.query(
        `UPDATE dicts SET code = $2, name = $3, description = $4, updated_at = now() WHERE id = $1`,
        [input.id, input.code, input.name, input.description],
      ),
    'body.code',
    `字典编码 ${input.code} 已存在`,
  );
  return dictById(pool, input.id);
}

export async function deleteDict(pool: Pool, id: number): Promise<{ id: number }> {
  const current = await dictById(pool, id);
  if (current.builtIn) throw fail('FORBIDDEN', `${current.code} 是内置字典，不能删除`);
  // built_in in the WHERE too: nothing can flip it between the read and the delete.
  await pool.query('DELETE FROM dicts WHERE id = $1 AND NOT built_in', [id]);
  return { id };
}

export async function createDictItem(
  pool: Pool,
  input: z.output<typeof dictItemCreate>,
): Promise<DictItemRow> {
  // One statement: a dictionary deleted meanwhile inserts nothing rather than failing its key.
  const { rows } = await refuseDuplicate(
    () =>
      pool.query<{ id: number }>(
        `INSERT INTO dict_items (dict_id, value, label, sort, enabled, description)
         SELECT d.id, $2::text, $3::text, $4::int, $5::boolean, $6::text FROM dicts d
          WHERE d.id = $1 RETURNING id`,
        [input.dictId, input.value, input.label, input.sort, input.enabled, input.description],
      ),
    'body.value',
    `该字典已有值为 ${input.value} 的字典项`,
  );
  if (!rows[0]) {
    throw validationError([{ field: 'body.dictId', message: `字典 ${input.dictId} 不存在` }]);
  }
  await touchDict(pool, input.dictId);
  return itemById(pool, rows[0]!.id);
}

export async function updateDictItem(
  pool: Pool,
  input: z.output<typeof dictItemUpdate>,
): Promise<DictItemRow> {
  const current = await itemById(pool, input.id);
  if (current.builtIn && current.value !== input.value) {
    throw validationError([
      {
        field: 'body.value',
        message: '内置字典的字典项值不能修改（已有数据按值保存），可改名称或停用',
      },
    ]);
  }
  await refuseDuplicate(
    () =>
      pool.query(
        `UPDATE dict_items SET value = $2, label = $3, sort = $4, enabled = $5, description = $6,
                updated_at = now()
          WHERE id = $1`,
        [input.id, input.value, input.label, input.sort, input.enabled, input.description],
      ),
    'body.value',
    `该字典已有值为 ${input.value} 的字典项`,
  );
  await touchDict(pool, current.dictId);
  const { builtIn: _, ...item } = await itemById(pool, input.id);
  return item;
}

export async function deleteDictItem(pool: Pool, id: number): Promise<{ id: number }> {
  const current = await itemById(pool, id);
  if (current.builtIn) {
    throw fail('FORBIDDEN', `「${current.label}」属于内置字典，不能删除，可停用`);
  }
  await pool.query(
    'DELETE FROM dict_items i USING dicts d WHERE i.id = $1 AND d.id = i.dict_id AND NOT d.built_in',
    [id],
  );
  await touchDict(pool, current.dictId);
  return { id };
}

const touchDict = (pool: Pool, dictId: number) =>
  pool.query('UPDATE dicts SET updated_at = now() WHERE id = $1', [dictId]);

/** Staff see disabled items too (to enable them again); everyone else only what is offered. */
export async function dictItems(
  pool: Pool,
  by: { dictId?: number | undefined; code?: string | undefined },
  withDisabled: boolean,
): Promise<DictItemRow[]> {
  const { rows: dicts } = await pool.query<{ id: number }>(
    'SELECT id FROM dicts WHERE id = $1 OR code = $2',
    [by.dictId ?? null, by.code ?? null],
  );
  if (!dicts[0]) {
    throw fail('NOT_FOUND', `字典 ${by.code ?? by.dictId} 不存在`);
  }
  const { rows } = await pool.query<DictItemRow>(
    `SELECT ${ITEM_SELECT} FROM dict_items i
      WHERE i.dict_id = $1 ${withDisabled ? '' : 'AND i.enabled'} ORDER BY i.sort, i.id`,
    [dicts[0].id],
  );
  return rows;
}

const SORT = { code: 'd.code', name: 'd.name', updatedAt: 'd.updated_at' };

export function dictPage(
  pool: Pool,
  filter: z.output<typeof dictFilter>,
  query: PageQuery,
): Promise<Page<DictRow>> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (filter.keyword) {
    params.push(containsPattern(filter.keyword));
    where.push(`(d.code ILIKE $${params.length} OR d.name ILIKE $${params.length})`);
  }
  if (filter.builtIn !== undefined) {
    params.push(filter.builtIn);
    where.push(`d.built_in = $${params.length}`);
  }
  return pagedRows<DictRow>(
    pool,
    {
      select: DICT_SELECT,
      from: `FROM dicts d ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      params,
      order: orderBy(query, SORT, 'd.code', 'd.id'),
    },
    query,
  );
}

export async function builtInDicts(pool: Pool): Promise<DictRow[]> {
  const { rows } = await pool.query<DictRow>(
    `SELECT ${DICT_SELECT} FROM dicts d WHERE d.built_in ORDER BY d.code`,
  );
  return rows;
}
