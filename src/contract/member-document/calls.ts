/**
 * Member documents (issue 9, docs/product-rules.md#the-call-catalogue `memberDocument` in bms, edms and oj): a member's notes
 * and uploaded files, and — the lead's decision (docs/decisions.md "Member documents") — the
 * content centre's articles and the camp's solution write-ups, which are the platform's
 * documents. Each document lives in one space: the platform's (bms writes), an organization's
 * (its teachers write through edms) or a learner's own (oj). Who reads what is the server's
 * rule (server/member-document/visibility.ts); the two un-prefixed calls are additions that
 * serve the public content centre to visitors and members alike.
 */
import { z } from 'zod';
import { FILE_NAME_PATTERN } from '../file/purpose.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { defineCalls } from '../call.ts';
import { defineResource, idQuery, lifecycleCalls, resourceCalls } from '../resource.ts';

export const DOCUMENT_KINDS = ['note', 'file', 'article', 'solution'] as const;
export const documentKind = z.enum(DOCUMENT_KINDS, {
  error: '文档类型须为 note、file、article 或 solution 之一',
});
/** Whose shelf a document is on: the platform's, an organization's, or one learner's. */
export const documentSpace = z.enum(['platform', 'organization', 'personal']);
/** The publication lifecycle (machines/lifecycles/publication.ts): draft until first published. */
export const documentState = z.enum(['draft', 'published', 'unpublished']);

export const MAX_DOCUMENT_BODY = 100_000;
export const MAX_DOCUMENT_TAGS = 10;

const documentFields = {
  title: z.string().trim().min(1, '文档标题不能为空').max(100, '文档标题最多 100 个字符'),
  summary: z.string().trim().max(300, '摘要最多 300 个字符').default(''),
  /** Markdown (notes, articles, solutions); for a file, an optional description. */
  body: z.string().max(MAX_DOCUMENT_BODY, `正文最多 ${MAX_DOCUMENT_BODY} 个字符`).default(''),
  /** Values of the documentTag dictionary. */
  tags: z
    .array(z.string().trim().min(1, '标签不能为空').max(20, '标签最多 20 个字符'))
    .max(MAX_DOCUMENT_TAGS, `最多 ${MAX_DOCUMENT_TAGS} 个标签`)
    .refine((tags) => new Set(tags).size === tags.length, '标签不能重复')
    .default([]),
  /** kind file: the uploaded file (file service, purpose document). */
  fileName: z
    .string()
    .trim()
    .regex(FILE_NAME_PATTERN, '文件须为上传后得到的文件名')
    .nullable()
    .default(null),
  /** kind solution: the question the write-up explains. */
  questionId: f.id.nullable().default(null),
  /** kind solution: readable in full only with the card right solutionVideo (or by staff). */
  paid: z.boolean().default(false),
};

export const documentInput = z.strictObject({ kind: documentKind, ...documentFields });
/** The kind is fixed once written: a note does not turn into a solution. */
export const documentUpdate = z.strictObject({ id: f.id, ...documentFields });

export const documentFilter = z.strictObject({
  /** Part of the title or summary. */
  keyword: z.string().trim().max(100, '关键词最多 100 个字符').optional(),
  kind: documentKind.optional(),
  space: documentSpace.optional(),
  /** Documents carrying this tag. */
  tag: z.string().trim().min(1).max(20, '标签最多 20 个字符').optional(),
  /** Solutions of one question (the camp's "查看题解"). */
  questionId: f.id.optional(),
  state: documentState.optional(),
  /** Only the caller's own documents. */
  mine: z.boolean().optional(),
  /** Only this member's documents (staff reading one learner's). */
  ownerMemberId: f.id.optional(),
});

export const documentListItem = z.object({
  id: z.number().int(),
  kind: documentKind,
  space: documentSpace,
  ownerMemberId: z.number().int(),
  ownerName: z.string(),
  /** Null for the platform's documents. */
  organizationId: z.number().int().nullable(),
  title: z.string(),
  summary: z.string(),
  tags: z.array(z.string()),
  questionId: z.number().int().nullable(),
  questionTitle: z.string().nullable(),
  fileName: z.string().nullable(),
  paid: z.boolean(),
  state: documentState,
  /** The caller may change it (update, delete, publish). */
  editable: z.boolean(),
  createdAt: f.isoTime,
  updatedAt: f.isoTime,
  publishedAt: f.isoTime.nullable(),
});

export const documentItem = documentListItem.extend({
  /** Null while locked (a paid solution without the card right). */
  body: z.string().nullable(),
  /** A paid solution the reader may not open yet: body and file are withheld. */
  locked: z.boolean(),
  /** The file's URL (signed and expiring: documents are private files), or null. */
  fileUrl: z.string().nullable(),
  originalName: z.string().nullable(),
  fileSize: z.number().int().nullable(),
});

export const documentSimpleItem = z.object({
  id: z.number().int(),
  kind: documentKind,
  title: z.string(),
  state: documentState,
});

export const DOCUMENT_SORT = ['id', 'title', 'updatedAt', 'publishedAt'] as const;

export const documentResource = defineResource({
  noun: '文档',
  segment: 'memberDocument',
  item: documentItem,
  listItem: documentListItem,
  simpleItem: documentSimpleItem,
  create: documentInput,
  update: documentUpdate,
  filter: documentFilter,
  sortFields: DOCUMENT_SORT,
});

const crud = ['create', 'update', 'delete', 'queryById', 'queryList'] as const;
const publication = ['publish', 'unpublish'] as const;

const bmsNote =
  '平台人员：平台的文章与题解可写；可读全部文档，可下架任何文档（上架后所有人可见，含未登录访客）';
const edmsNote =
  '教师、机构管理员：本机构的笔记、文件与文章可写（上架后本机构成员可见）；另可读自己学员已上架的文档';
const ojNote = '学员：本人的笔记与文件可写（上架后其教师可见）；另可读已上架的平台文档与本机构文档';

export const memberDocument = {
  ...resourceCalls(documentResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: [...crud, 'querySimpleList'],
    note: bmsNote,
  }),
  ...lifecycleCalls(documentResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: publication,
    note: bmsNote,
  }),
  ...resourceCalls(documentResource, {
    area: 'edms',
    access: 'teacher',
    ops: crud,
    note: edmsNote,
  }),
  ...lifecycleCalls(documentResource, {
    area: 'edms',
    access: 'teacher',
    ops: publication,
    note: edmsNote,
  }),
  ...resourceCalls(documentResource, { area: 'oj', access: 'member', ops: crud, note: ojNote }),
  ...lifecycleCalls(documentResource, {
    area: 'oj',
    access: 'member',
    ops: publication,
    note: ojNote,
  }),
  /**
   * Additions to the catalogue: the content centre and the camp's write-ups are public
   * (docs/product-rules.md#screens-and-routes routes need no login), so these read without a session and, with one, also
   * show what the caller may read beyond the platform's (their organization's, their
   * students'). Only published documents; a paid solution's body needs the card right.
   */
  ...defineCalls({
    'memberDocument.queryList': {
      method: 'POST',
      access: 'public',
      summary:
        '分页查询已上架的文档（内容中心、题解）；未登录只见平台文档，登录后另见本机构文档与自己学员的文档；付费题解不含正文',
      query: pageQueryOf(DOCUMENT_SORT),
      body: documentFilter,
      response: pageOf(documentListItem),
    },
    'memberDocument.queryById': {
      method: 'GET',
      access: 'public',
      summary:
        '按 id 查询已上架的文档（读者规则同 queryList）；付费题解没有会员权益 solutionVideo 时不含正文（locked）',
      query: idQuery,
      response: documentItem,
    },
  }),
};
