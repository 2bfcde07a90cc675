/**
 * Reading the enrollments in one kind of item (exams, classes, activities): each is an order of
 * that kind whose item_id names the item, read by the learner who holds it and by the staff who
 * run the item (access/predicates.ts learnerRowsIn). The kinds differ in what they add to a row
 * (sittings, a roster place, a standing); who reads what, the filter, the paging, the counts by
 * state and "the member's latest" are this one rule.
 */
import type { OrderKind } from '../../contract/order/calls.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import type { ENROLL_SORT } from '../../contract/enrollment/item.ts';
import { learnerRowsIn, type RunBy } from '../access/predicates.ts';
import type { Scope } from '../access/scope.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { EXPORT_LIMIT } from '../orders/reports.ts';
import { ORDER_COLUMNS, ORDER_FROM, type OrderRow } from '../orders/rows.ts';

/** The filter every kind's enrollment list takes, its item id under `itemId`. */
export interface EnrollmentFilter {
  itemId?: number | undefined;
  state?: string | undefined;
  memberId?: number | undefined;
  keyword?: string | undefined;
}

export interface EnrollRow extends OrderRow {
  mobile: string | null;
}

const SORTABLE: SortColumns<typeof ENROLL_SORT> = {
  id: 'o.id',
  createdAt: 'o.created_at',
  paidAt: 'o.paid_at',
};

const MOBILE = '(SELECT u.mobile FROM users u WHERE u.id = m.user_id) AS mobile';
/** Who the keyword finds: nickname, username or mobile (and whatever the kind adds). */
const KEYWORD_COLUMNS = ['m.nickname', 'u.username', "coalesce(u.mobile, '')"];

export interface ItemEnrollmentsOf {
  kind: OrderKind;
  /** The item's table and alias, e.g. `exams e`; `runBy` names columns of that alias. */
  items: string;
  runBy: RunBy;
  /** More columns and joins on each row (a class's roster place), after the order's own. */
  columns?: string;
  joins?: string;
  /** Columns the keyword also searches (a class: the real name). */
  keywordColumns?: string[];
}

export function itemEnrollments(of: ItemEnrollmentsOf) {
  const select = `${MOBILE}, ${ORDER_COLUMNS}${of.columns ? `, ${of.columns}` : ''}`;
  const from = `${ORDER_FROM}${of.joins ? ` ${of.joins}` : ''}`;
  const keywordColumns = [...KEYWORD_COLUMNS, ...(of.keywordColumns ?? [])];

  /** The enrollments the scope may read. */
  function visible(scope: Scope, sql: SqlParams): string {
    const rows = learnerRowsIn(scope, 'o.member_id', of.runBy, sql);
    const [, alias] = of.items.split(' ');
    return `o.kind = '${of.kind}' AND o.deleted_at IS NULL
      AND EXISTS (SELECT 1 FROM ${of.items} WHERE ${alias}.id = o.item_id AND ${rows})`;
  }

  /** The clauses of a list's WHERE: visible to the scope, then the filter's. */
  function where(scope: Scope, filter: EnrollmentFilter, sql: SqlParams): string[] {
    const clauses = [visible(scope, sql)];
    if (filter.itemId) clauses.push(`o.item_id = ${sql.add(filter.itemId)}`);
    if (filter.state) clauses.push(`o.state = ${sql.add(filter.state)}`);
    if (filter.memberId) clauses.push(`o.member_id = ${sql.add(filter.memberId)}`);
    if (filter.keyword) {
      const k = sql.add(filter.keyword);
      const found = keywordColumns.map((c) => `strpos(${c}, ${k}) > 0`).join(' OR ');
      clauses.push(`EXISTS (SELECT 1 FROM users u WHERE u.id = m.user_id AND (${found}))`);
    }
    return clauses;
  }

  return {
    visible,
    where,

    /** Throws NOT_FOUND unless the scope may act on the enrollment. */
    async authorize(db: Queryable, scope: Scope, id: number): Promise<void> {
      const sql = new SqlParams();
      const { rows } = await db.query(
        `SELECT 1 FROM orders o WHERE ${visible(scope, sql)} AND o.id = ${sql.add(id)}`,
        sql.values,
      );
      if (!rows[0]) throw fail('NOT_FOUND', `报名 ${id} 不存在`);
    },

    /** One page of rows matching `clauses` (from `where`, plus any the kind adds). */
    page<Row extends EnrollRow>(
      db: Queryable,
      clauses: string[],
      sql: SqlParams,
      page: PageQuery,
    ): Promise<Page<Row>> {
      return pagedRows<Row>(
        db,
        {
          select,
          from: `${from} WHERE ${clauses.join(' AND ')}`,
          params: sql.values,
          order: orderBy(page, SORTABLE, 'o.id DESC', 'o.id DESC'),
        },
        page,
      );
    },

    /** Rows matching `clauses` in `order`, at most `limit` (an export's cap by default). */
    async rows<Row extends EnrollRow>(
      db: Queryable,
      clauses: string[],
      sql: SqlParams,
      order = 'o.id',
      limit = EXPORT_LIMIT,
    ): Promise<Row[]> {
      const { rows } = await db.query<Row>(
        `SELECT ${select} ${from} WHERE ${clauses.join(' AND ')} ORDER BY ${order} LIMIT ${limit}`,
        sql.values,
      );
      return rows;
    },

    /** The item's enrollments the scope reads, counted by state, with what was paid and refunded. */
    async counts(db: Queryable, scope: Scope, itemId: number) {
      const sql = new SqlParams();
      const { rows } = await db.query<{
        state: string;
        count: number;
        paid: number;
        refunded: number;
      }>(
        `SELECT o.state, count(*)::int AS count, coalesce(sum(o.paid_fen), 0)::int AS paid,
                coalesce(sum(o.refunded_fen), 0)::int AS refunded
           FROM orders o WHERE ${visible(scope, sql)} AND o.item_id = ${sql.add(itemId)}
          GROUP BY o.state ORDER BY o.state`,
        sql.values,
      );
      return {
        total: rows.reduce((n, r) => n + r.count, 0),
        byState: rows.map((r) => ({ state: r.state, count: r.count })),
        paidFen: rows.reduce((n, r) => n + r.paid, 0),
        refundedFen: rows.reduce((n, r) => n + r.refunded, 0),
      };
    },

    /** The member's latest enrollment in the item, or null. */
    async latestId(db: Queryable, memberId: number, itemId: number): Promise<number | null> {
      const { rows } = await db.query<{ id: number }>(
        `SELECT id FROM orders WHERE kind = $1 AND member_id = $2 AND item_id = $3
            AND deleted_at IS NULL ORDER BY id DESC LIMIT 1`,
        [of.kind, memberId, itemId],
      );
      return rows[0]?.id ?? null;
    },
  };
}
