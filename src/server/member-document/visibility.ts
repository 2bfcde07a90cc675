/**
 * Who reads and who writes a member document (docs/decisions/courses-and-content.md "Member
 * documents"), written once for every area:
 *
 * | document                 | reads it                                                  | writes it            |
 * |--------------------------|-----------------------------------------------------------|----------------------|
 * | the platform's (bms)     | published: everyone, visitors too; any state: platform    | platform staff       |
 * | an organization's (edms) | published: the organization's members; any: its staff     | the organization's staff |
 * | a learner's own (oj)     | published: the learner's teachers (learnerRows); any: owner| the owner            |
 *
 * Platform staff read everything and may unpublish anything (moderation). A reader is an area's
 * scope, or null for a visitor; the public calls read published documents only.
 */
import type { z } from 'zod';
import type { documentKind, documentSpace } from '../../contract/member-document/calls.ts';
import { learnerRows } from '../access/predicates.ts';
import type { Scope } from '../access/scope.ts';
import type { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';

export type DocumentKind = z.infer<typeof documentKind>;
export type DocumentSpace = z.infer<typeof documentSpace>;

export interface DocumentReader {
  /** Null: a visitor who is not logged in. */
  scope: Scope | null;
  /** The public calls: published documents only, whoever asks. */
  publishedOnly: boolean;
}

/** The SQL predicate over `d` (a member_documents row) of the documents the reader may read. */
export function readableDocuments(reader: DocumentReader, sql: SqlParams): string {
  const published = `d.state = 'published'`;
  const platform = `(d.space = 'platform' AND ${published})`;
  const { scope } = reader;
  let rule: string;
  if (scope === null) rule = platform;
  else if (scope.kind === 'platform') rule = 'true';
  else {
    const me = sql.add(scope.memberId);
    const org = sql.add(scope.organizationId);
    const ofOrganization = `(d.space = 'organization' AND d.organization_id = ${org})`;
    if (scope.kind === 'learner') {
      rule = `(d.owner_member_id = ${me} OR ${platform} OR (${ofOrganization} AND ${published}))`;
    } else {
      const students = `(d.space = 'personal' AND ${published}
        AND ${learnerRows(scope, 'd.owner_member_id', sql)})`;
      rule = `(d.owner_member_id = ${me} OR ${platform} OR ${ofOrganization} OR ${students})`;
    }
  }
  return reader.publishedOnly ? `(${rule} AND ${published})` : rule;
}

/** The shelf an area writes on, and the kinds it may write there. */
export interface DocumentWriter {
  space: DocumentSpace;
  kinds: readonly DocumentKind[];
  memberId: number;
  /** Null for the platform. */
  organizationId: number | null;
  /** Platform staff: unpublish any document they can read. */
  moderates: boolean;
}

export const writerOf = (scope: Scope): DocumentWriter => {
  switch (scope.kind) {
    case 'platform':
      return {
        space: 'platform',
        kinds: ['article', 'solution'],
        memberId: scope.memberId,
        organizationId: null,
        moderates: true,
      };
    case 'organization':
      return {
        space: 'organization',
        kinds: ['note', 'file', 'article'],
        memberId: scope.memberId,
        organizationId: scope.organizationId,
        moderates: false,
      };
    case 'learner':
      return {
        space: 'personal',
        kinds: ['note', 'file'],
        memberId: scope.memberId,
        organizationId: scope.organizationId,
        moderates: false,
      };
  }
};

export const KIND_NAMES: Record<DocumentKind, string> = {
  note: '笔记',
  file: '文件',
  article: '文章',
  solution: '题解',
};

const SPACE_WRITERS: Record<DocumentSpace, string> = {
  platform: '平台的文档只能由平台人员修改',
  organization: '机构的文档只能由本机构的教师或管理员修改',
  personal: '个人文档只能由本人修改',
};

interface OwnedRow {
  space: DocumentSpace;
  owner_member_id: number;
  organization_id: number | null;
}

/** Whether the writer may change the row (update, delete, publish). */
export function mayWrite(writer: DocumentWriter, row: OwnedRow): boolean {
  if (row.space !== writer.space) return false;
  switch (row.space) {
    case 'platform':
      return true;
    case 'organization':
      return row.organization_id === writer.organizationId;
    case 'personal':
      return row.owner_member_id === writer.memberId;
  }
}

/** FORBIDDEN, saying who may change it, unless the writer may (a moderator may unpublish). */
export function assertMayWrite(
  writer: DocumentWriter,
  row: OwnedRow,
  action: 'write' | 'unpublish',
): void {
  if (action === 'unpublish' && writer.moderates) return;
  if (!mayWrite(writer, row)) throw fail('FORBIDDEN', SPACE_WRITERS[row.space]);
}
