/**
 * Rows that belong to the platform (`organization_id` NULL) or to one organization, read and
 * written under a scope: the question bank and chapters share this rule. The platform admin sees
 * and changes every active row; a teacher sees the platform's rows and their organization's and
 * changes only the latter; a learner reads the same rows and changes nothing. A table with a
 * publication state (src/machines/lifecycles/publication.ts) shows another owner's rows only
 * once published: a teacher sees their own drafts, never the platform's; a learner no draft.
 * A table may name rows of other organizations a learner reads anyway (`openToLearners`: the
 * units and questions of a course the platform passed for everyone).
 */
import type { Page, PageQuery } from '../../contract/paging.ts';
import { PUBLISHED } from '../../machines/lifecycles/publication.ts';
import { queryPrepared } from '../db/prepared.ts';
import type { Queryable } from '../db/pool.ts';
import { fail } from './app-error.ts';
import { orderBy, pagedRows } from './paging.ts';

export type OwnerScope =
  | { kind: 'platform'; memberId: number }
  | { kind: 'organization'; organizationId: number; memberId: number }
  | { kind: 'learner'; organizationId: number };

export interface OwnedTable {
  /** SQL table and the alias every clause uses, e.g. `questions` / `q`. */
  table: string;
  alias: string;
  /** What a row is called in messages, e.g. 题目. */
  noun: string;
  /** The FORBIDDEN message when a teacher tries to change a row they may only read. */
  readOnlyMessage: string;
  /** The publication column, when rows are drafts until published. */
  publication?: string;
  /** Given the row's id expression, the SQL condition under which any learner may read it. */
  openToLearners?: (id: string) => string;
}

export interface OwnedRow {
  organization_id: number | null;
}

/**
 * WHERE clauses of the rows the scope may see, narrowed by the list's `bank` filter; `add`
 * appends a clause with the next parameter.
 */
export function ownedFilter(t: OwnedTable, scope: OwnerScope, bank?: 'platform' | 'organization') {
  const a = t.alias;
  const params: unknown[] = [];
  const clauses = [`${a}.status = 'active'`];
  const add = (sql: (param: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  if (scope.kind !== 'platform') {
    const open =
      scope.kind === 'learner' && t.openToLearners ? ` OR ${t.openToLearners(`${a}.id`)}` : '';
    add(
      (p) => `(${a}.organization_id IS NULL OR ${a}.organization_id = ${p}${open})`,
      scope.organizationId,
    );
  }
  if (t.publication && scope.kind === 'learner') {
    clauses.push(`${a}.${t.publication} = '${PUBLISHED}'`);
  }
  if (t.publication && scope.kind === 'organization') {
    add(
      (p) => `(${a}.organization_id = ${p} OR ${a}.${t.publication} = '${PUBLISHED}')`,
      scope.organizationId,
    );
  }
  if (bank === 'platform') clauses.push(`${a}.organization_id IS NULL`);
  if (bank === 'organization') {
    if (scope.kind === 'platform') clauses.push(`${a}.organization_id IS NOT NULL`);
    else add((p) => `${a}.organization_id = ${p}`, scope.organizationId);
  }
  return { clauses, params, add, where: () => clauses.join(' AND ') };
}

/** One page of rows and the total, with the list's allow-listed sort. */
export async function pageOfOwned<Row, T>(
  db: Queryable,
  t: OwnedTable,
  select: { columns: string; where: string; params: unknown[] },
  page: PageQuery,
  sort: { sortable: Record<string, string>; fallback: string; tieBreaker: string },
  map: (row: Row) => T,
): Promise<Page<T>> {
  const rows = await pagedRows<Row>(
    db,
    {
      select: select.columns,
      from: `FROM ${t.table} ${t.alias} WHERE ${select.where}`,
      params: select.params,
      order: orderBy(page, sort.sortable, sort.fallback, sort.tieBreaker),
    },
    page,
  );
  return { ...rows, content: rows.content.map(map) };
}

/** The row when the scope may see it; NOT_FOUND otherwise (another organization's too). */
export async function findOwned<Row>(
  db: Queryable,
  t: OwnedTable,
  scope: OwnerScope,
  id: number,
  columns: string | ((param: (value: unknown) => string) => string),
): Promise<Row> {
  const { params, add, where } = ownedFilter(t, scope);
  add((p) => `${t.alias}.id = ${p}`, id);
  // Columns that read more than the row (a caller's checks read in the same statement) place
  // their own values among the parameters.
  const param = (value: unknown) => `$${params.push(value)}`;
  const list = typeof columns === 'string' ? columns : columns(param);
  const text = `SELECT ${list} FROM ${t.table} ${t.alias} WHERE ${where()}`;
  // One text per table, scope kind and column list: prepared (db/prepared.ts), unless it reads
  // `*`, whose result a migration adding a column would change under a prepared statement.
  const rows = list.includes('*')
    ? await db.query<Row & Record<string, unknown>>(text, params)
    : await queryPrepared<Row & Record<string, unknown>>(db, text, params);
  const row = rows.rows[0];
  if (!row) throw fail('NOT_FOUND', `${t.noun} ${id} 不存在`);
  return row;
}

/**
 * Whether the scope may change a row it can see: the platform admin any, an organization's staff
 * their organization's (teacher and organization admin alike), a learner none. The one rule: the
 * writes refuse with it (assertWritable) and every staff item carries it as `manageable`, so a
 * screen offers exactly what the server allows (docs/decisions/exams.md, "Courses, chapters and
 * questions carry the same flag").
 */
export function mayWrite(scope: OwnerScope, row: OwnedRow): boolean {
  if (scope.kind === 'learner') return false;
  return scope.kind === 'platform' || row.organization_id === scope.organizationId;
}

/** Refuses a change the scope may not make to a row it can see. */
export function assertWritable(t: OwnedTable, scope: OwnerScope, row: OwnedRow): void {
  if (scope.kind === 'learner') throw fail('FORBIDDEN');
  if (!mayWrite(scope, row)) throw fail('FORBIDDEN', t.readOnlyMessage);
}

/** Who a new row belongs to: the platform (NULL) or the teacher's organization. */
export function ownerOf(scope: OwnerScope): { organizationId: number | null; memberId: number } {
  if (scope.kind === 'learner') throw fail('FORBIDDEN');
  return {
    organizationId: scope.kind === 'platform' ? null : scope.organizationId,
    memberId: scope.memberId,
  };
}
