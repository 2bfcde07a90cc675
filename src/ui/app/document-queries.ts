/**
 * Reads of member documents (issue 9): the public content centre's page and one published
 * document (with the caller's session, if any: the server decides what they may read and
 * whether a paid write-up is locked), and the writers' lists — a learner's own shelf, a
 * school's, the platform's — keyed under `staff:` so every write (the staffEdit machine)
 * marks them stale.
 */
import type { CallBody, CallResult } from '../../contract/call.ts';
import { memberDocument as documentApi } from '../../contract/member-document/refs.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import { definedQuery as defined, memberKey } from './defined-query.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { staffQuery } from './staff-queries.ts';

export type DocumentFilter = CallBody<(typeof documentApi)['memberDocument.queryList']>;
export type PublishedPage = CallResult<(typeof documentApi)['memberDocument.queryList']>;
export type DocumentItem = CallResult<(typeof documentApi)['memberDocument.queryById']>;
export type WriterPage = CallResult<(typeof documentApi)['oj.memberDocument.queryList']>;
export type WriterRow = WriterPage['content'][number];
/** The shelves documents are written on: the platform (bms), a school (edms), a learner (oj). */
export type DocumentArea = 'bms' | 'edms' | 'oj';

const reader = (runtime: Runtime) => `documents:${memberKey(runtime)}`;

/** One page of the published documents the caller may read (the content centre). */
export function publishedPage(
  runtime: Runtime,
  filter: DocumentFilter,
  page: number,
  size = DEFAULT_PAGE_SIZE,
): QueryDef<PublishedPage> {
  return defined(
    runtime,
    pageKey(`${reader(runtime)}:${JSON.stringify(filter)}:${size}`, page),
    () =>
      runtime.transport.call(documentApi['memberDocument.queryList'], {
        query: { page, size },
        body: filter,
      }),
  );
}

/** A published document; a paid write-up comes locked without the card right. */
export function publishedDocument(runtime: Runtime, id: number): QueryDef<DocumentItem> {
  return defined(runtime, `${reader(runtime)}:item:${id}`, () =>
    runtime.transport.call(documentApi['memberDocument.queryById'], {
      query: { id },
      skipErrorHandler: true,
    }),
  );
}

/** A writer's list in their area, any state. */
export function writerDocuments(
  runtime: Runtime,
  area: DocumentArea,
  filter: DocumentFilter,
  page: number,
): QueryDef<WriterPage> {
  return staffQuery(runtime, pageKey(`${area}:documents:${JSON.stringify(filter)}`, page), () =>
    runtime.transport.call(documentApi[`${area}.memberDocument.queryList`], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: filter,
    }),
  );
}

/** One document as its writer edits it (the whole body, whatever its state). */
export const writerDocument = (runtime: Runtime, area: DocumentArea, id: number) =>
  runtime.transport.call(documentApi[`${area}.memberDocument.queryById`], { query: { id } });
