/**
 * Reading member documents: the readable rows of a reader (visibility.ts), one page of them or
 * one by id, and what a reader is shown of each — a paid solution's body only when they may
 * open it (paid.ts).
 */
import type { z } from 'zod';
import type {
  DOCUMENT_SORT,
  documentFilter,
  documentItem,
  documentListItem,
} from '../../contract/member-document/calls.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { containsPattern, orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import type { Services } from '../services.ts';
import { fileUrl } from '../files/urls.ts';
import { mayOpenPaid } from './paid.ts';
import {
  mayWrite,
  readableDocuments,
  type DocumentKind,
  type DocumentReader,
  type DocumentSpace,
  type DocumentWriter,
} from './visibility.ts';

type Filter = z.output<typeof documentFilter>;
export type DocumentItem = z.input<typeof documentItem>;
export type DocumentListItem = z.input<typeof documentListItem>;

export interface DocumentRow {
  id: number;
  space: DocumentSpace;
  kind: DocumentKind;
  owner_member_id: number;
  owner_name: string;
  organization_id: number | null;
  title: string;
  summary: string;
  tags: string[];
  file_name: string | null;
  original_name: string | null;
  file_size: number | null;
  question_id: number | null;
  question_title: string | null;
  paid: boolean;
  state: DocumentListItem['state'];
  created_at: Date;
  updated_at: Date;
  published_at: Date | null;
}

export interface DocumentRowWithBody extends DocumentRow {
  body: string;
}

const LIST_COLUMNS = `d.id, d.space, d.kind, d.owner_member_id, m.nickname AS owner_name,
  d.organization_id, d.title, d.summary, d.tags, d.file_name, fl.original_name,
  fl.size AS file_size, d.question_id, q.title AS question_title, d.paid, d.state, d.created_at,
  d.updated_at, d.published_at`;

const FROM = `FROM member_documents d
  JOIN members m ON m.id = d.owner_member_id
  LEFT JOIN questions q ON q.id = d.question_id
  LEFT JOIN files fl ON fl.file_name = d.file_name`;

const sortable: SortColumns<typeof DOCUMENT_SORT> = {
  id: 'd.id',
  title: 'd.title',
  updatedAt: 'd.updated_at',
  publishedAt: 'd.published_at',
};

/** What a reader sees of a document, whoever they are (a visitor has no writer). */
export interface DocumentView {
  reader: DocumentReader;
  writer: DocumentWriter | null;
}

const listItemOf = (view: DocumentView, r: DocumentRow): DocumentListItem => ({
  id: r.id,
  kind: r.kind,
  space: r.space,
  ownerMemberId: r.owner_member_id,
  ownerName: r.owner_name,
  organizationId: r.organization_id,
  title: r.title,
  summary: r.summary,
  tags: r.tags,
  questionId: r.question_id,
  questionTitle: r.question_title,
  fileName: r.file_name,
  paid: r.paid,
  state: r.state,
  editable: view.writer !== null && mayWrite(view.writer, r),
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
  publishedAt: r.published_at?.toISOString() ?? null,
});

function whereOf(view: DocumentView, filter: Filter, sql: SqlParams): string {
  const clauses = [`d.status = 'active'`, readableDocuments(view.reader, sql)];
  const { scope } = view.reader;
  if (filter.keyword) {
    const pattern = sql.add(containsPattern(filter.keyword));
    clauses.push(`(d.title ILIKE ${pattern} OR d.summary ILIKE ${pattern})`);
  }
  if (filter.kind) clauses.push(`d.kind = ${sql.add(filter.kind)}`);
  if (filter.space) clauses.push(`d.space = ${sql.add(filter.space)}`);
  if (filter.tag) clauses.push(`${sql.add(filter.tag)} = ANY(d.tags)`);
  if (filter.questionId) clauses.push(`d.question_id = ${sql.add(filter.questionId)}`);
  if (filter.state) clauses.push(`d.state = ${sql.add(filter.state)}`);
  if (filter.ownerMemberId) clauses.push(`d.owner_member_id = ${sql.add(filter.ownerMemberId)}`);
  // A visitor owns nothing.
  if (filter.mine) {
    clauses.push(scope ? `d.owner_member_id = ${sql.add(scope.memberId)}` : 'false');
  }
  return clauses.join(' AND ');
}

export async function documentPage(
  services: Services,
  view: DocumentView,
  filter: Filter,
  page: PageQuery,
): Promise<Page<DocumentListItem>> {
  const sql = new SqlParams();
  const where = whereOf(view, filter, sql);
  const rows = await pagedRows<DocumentRow>(
    services.pool,
    {
      select: LIST_COLUMNS,
      from: `${FROM} WHERE ${where}`,
      params: sql.values,
      order: orderBy(page, sortable, 'COALESCE(d.published_at, d.updated_at) DESC', 'd.id DESC'),
    },
    page,
  );
  return { ...rows, content: rows.content.map((r) => listItemOf(view, r)) };
}

/** The document, when the reader may read it; NOT_FOUND otherwise (never saying it exists). */
export async function findReadable(
  services: Services,
  reader: DocumentReader,
  id: number,
): Promise<DocumentRowWithBody> {
  const sql = new SqlParams();
  const idParam = sql.add(id);
  const { rows } = await services.pool.query<DocumentRowWithBody>(
    `SELECT ${LIST_COLUMNS}, d.body ${FROM}
      WHERE d.id = ${idParam} AND d.status = 'active' AND ${readableDocuments(reader, sql)}`,
    sql.values,
  );
  const row = rows[0];
  if (!row) throw fail('NOT_FOUND', `文档 ${id} 不存在`);
  return row;
}

/** The whole document as the reader may see it: a locked solution without body or file. */
export async function documentItemOf(
  services: Services,
  view: DocumentView,
  row: DocumentRowWithBody,
): Promise<DocumentItem> {
  const locked = row.paid && !(await mayOpenPaid(services.pool, view.reader.scope, row));
  const url = !locked && row.file_name ? await fileUrl(services, row.file_name) : null;
  return {
    ...listItemOf(view, row),
    body: locked ? null : row.body,
    locked,
    fileUrl: url,
    originalName: row.original_name,
    fileSize: row.file_size,
  };
}

export async function readDocument(
  services: Services,
  view: DocumentView,
  id: number,
): Promise<DocumentItem> {
  return documentItemOf(services, view, await findReadable(services, view.reader, id));
}
