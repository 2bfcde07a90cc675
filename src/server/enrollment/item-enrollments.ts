/**
 * Reading the enrollments in one kind of item (exams, classes, activities): each is an order of
 * that kind whose item_id names the item, read by the learner who holds it and by the staff who
 * run the item (access/predicates.ts learnerRowsIn). The kinds differ in what they add to a row
 * (sittings, a roster place, a standing) and in the columns of their xlsx list; who reads what,
 * the filter, the paging, the counts by state and "the member's latest" are this one rule.
 */
import type { OrderItem, OrderKind } from '../../contract/order/calls.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import type { ENROLL_SORT } from '../../contract/enrollment/item.ts';
import { orderStateName } from '../../machines/lifecycles/orders.ts';
import { learnerRowsIn, type RunBy } from '../access/predicates.ts';
import type { Scope } from '../access/scope.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { shanghai, xlsxAnswer, type XlsxColumn } from '../http/xlsx.ts';
import { EXPORT_LIMIT, yuan } from '../orders/reports.ts';
import {
  ORDER_COLUMNS,
  ORDER_FROM,
  toOrderItem,
  toOrderSimple,
  type OrderRow,
} from '../orders/rows.ts';

/** The filter every kind's enrollment list takes, its item id under the kind's field. */
export type EnrollmentFilter<K extends string> = {
  [P in K]?: number | undefined;
} & {
  state?: string | undefined;
  memberId?: number | undefined;
  keyword?: string | undefined;
};

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

/** An enrollment as its xlsx list reads it: the order and the learner's mobile. */
type ListedEnrollment = OrderItem & { mobile: string | null };

/**
 * The columns of every kind's xlsx list, the item's under `itemHeader`, with the kind's own:
 * `afterItem` (a class: its groups, the bound teacher) and `afterPaid` (an exam: the sittings).
 * A class names no organization: its enrollments are all its organization's.
 */
export function orderColumns<Item extends ListedEnrollment>(
  itemHeader: string,
  own: {
    organization?: boolean;
    afterItem?: readonly XlsxColumn<Item>[];
    afterPaid?: readonly XlsxColumn<Item>[];
  } = {},
): XlsxColumn<Item>[] {
  const organization: XlsxColumn<Item>[] =
    own.organization === false
      ? []
      : [{ header: '机构', width: 20, value: (i) => i.organizationName }];
  return [
    { header: '报名号', width: 24, value: (i) => i.orderNo },
    { header: '学员', value: (i) => i.memberName },
    { header: '手机号', width: 14, value: (i) => i.mobile },
    ...organization,
    { header: itemHeader, width: 24, value: (i) => i.itemName },
    ...(own.afterItem ?? []),
    { header: '状态', value: (i) => orderStateName(i) },
    { header: '费用（元）', value: (i) => yuan(i.amountFen) },
    { header: '已付（元）', value: (i) => yuan(i.paidFen) },
    ...(own.afterPaid ?? []),
    { header: '报名时间', width: 20, value: (i) => shanghai(new Date(i.createdAt)) },
  ];
}

export interface ItemEnrollmentsOf<
  K extends string,
  Filter extends EnrollmentFilter<K>,
  Row extends EnrollRow,
  Item,
> {
  kind: OrderKind;
  /** The body and query field naming the item (`examId` …), as in contract/enrollment/. */
  itemField: K;
  /** The item's table and alias, e.g. `exams e`; `runBy` names columns of that alias. */
  items: string;
  runBy: RunBy;
  /** More columns and joins on each row (a class's roster place), after the order's own. */
  columns?: string;
  joins?: string;
  /** Columns the keyword also searches (a class: the real name). */
  keywordColumns?: string[];
  /** Clauses the kind's own filter fields add (a class: a group, a bound teacher). */
  filterClauses?(filter: Filter, sql: SqlParams): string[];
  /** The rows as the kind's list items (with sittings, standings …), as `reader` reads them. */
  toItems(db: Queryable, reader: Scope, rows: Row[]): Promise<Item[]>;
  /** The xlsx list: its file and sheet names and columns. */
  export: { file: string; sheet: string; columns: readonly XlsxColumn<Item>[] };
}

export function itemEnrollments<
  K extends string,
  Filter extends EnrollmentFilter<K>,
  Row extends EnrollRow,
  Item,
>(of: ItemEnrollmentsOf<K, Filter, Row, Item>) {
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
  function where(scope: Scope, filter: Filter, sql: SqlParams): string[] {
    const clauses = [visible(scope, sql)];
    const itemId = filter[of.itemField];
    if (itemId) clauses.push(`o.item_id = ${sql.add(itemId)}`);
    if (filter.state) clauses.push(`o.state = ${sql.add(filter.state)}`);
    if (filter.memberId) clauses.push(`o.member_id = ${sql.add(filter.memberId)}`);
    if (filter.keyword) {
      const k = sql.add(filter.keyword);
      const found = keywordColumns.map((c) => `strpos(${c}, ${k}) > 0`).join(' OR ');
      clauses.push(`EXISTS (SELECT 1 FROM users u WHERE u.id = m.user_id AND (${found}))`);
    }
    return [...clauses, ...(of.filterClauses?.(filter, sql) ?? [])];
  }

  /** Rows matching `clauses` in `order`, at most `limit` (an export's cap by default). */
  async function rows(
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
  }

  function pageOf(
    db: Queryable,
    scope: Scope,
    filter: Filter,
    page: PageQuery,
  ): Promise<Page<Row>> {
    const sql = new SqlParams();
    return pagedRows<Row>(
      db,
      {
        select,
        from: `${from} WHERE ${where(scope, filter, sql).join(' AND ')}`,
        params: sql.values,
        order: orderBy(page, SORTABLE, 'o.id DESC', 'o.id DESC'),
      },
      page,
    );
  }

  return {
    visible,

    /** Throws NOT_FOUND unless the scope may act on the enrollment. */
    async authorize(db: Queryable, scope: Scope, id: number): Promise<void> {
      const sql = new SqlParams();
      const { rows } = await db.query(
        `SELECT 1 FROM orders o WHERE ${visible(scope, sql)} AND o.id = ${sql.add(id)}`,
        sql.values,
      );
      if (!rows[0]) throw fail('NOT_FOUND', `报名 ${id} 不存在`);
    },

    /** One page of the enrollments the scope reads, filtered. */
    async list(db: Queryable, scope: Scope, filter: Filter, page: PageQuery): Promise<Page<Item>> {
      const found = await pageOf(db, scope, filter, page);
      return { ...found, content: await of.toItems(db, scope, found.content) };
    },

    /** The same page as the orders alone (the simple lists), without the kind's additions. */
    async simpleList(db: Queryable, scope: Scope, filter: Filter, page: PageQuery) {
      const found = await pageOf(db, scope, filter, page);
      return { ...found, content: found.content.map((r) => toOrderSimple(toOrderItem(r))) };
    },

    /** One enrollment the scope reads. */
    async read(db: Queryable, scope: Scope, id: number): Promise<Item> {
      const sql = new SqlParams();
      const found = await rows(db, [visible(scope, sql), `o.id = ${sql.add(id)}`], sql, 'o.id', 1);
      if (!found[0]) throw fail('NOT_FOUND', `报名 ${id} 不存在`);
      const [item] = await of.toItems(db, scope, found);
      return item!;
    },

    /** The `count` latest enrollments the scope reads, optionally in one item. */
    async latest(db: Queryable, scope: Scope, filter: Filter, count: number): Promise<Item[]> {
      const sql = new SqlParams();
      const found = await rows(db, where(scope, filter, sql), sql, 'o.id DESC', count);
      return of.toItems(db, scope, found);
    },

    /** The xlsx list of the enrollments the scope reads, filtered (at most the export's cap). */
    async export(db: Queryable, scope: Scope, filter: Filter) {
      const sql = new SqlParams();
      const found = await rows(db, where(scope, filter, sql), sql);
      const items = await of.toItems(db, scope, found);
      return xlsxAnswer(of.export.file, of.export.sheet, of.export.columns, items);
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
