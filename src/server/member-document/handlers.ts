/**
 * Member document calls (contract/member-document/calls.ts): the area decides the scope (bms
 * the platform, edms the teacher's organization, oj the learner), the scope decides the shelf
 * one writes on and what one reads (visibility.ts); the two public calls read published
 * documents for whoever asks, a visitor or a member.
 */
import { memberDocument as api } from '../../contract/member-document/calls.ts';
import { actionsOf, type CrudOp } from '../../contract/resource.ts';
import type { CallDef } from '../../contract/call.ts';
import { documentPublication } from '../../machines/lifecycles/member-document.ts';
import type { Auth } from '../http/sessions.ts';
import { roleScope, SCOPE_OF_AREA, type Scope } from '../access/scope.ts';
import { handle } from '../http/handler.ts';
import { resourceHandlers, type StoreContext } from '../http/resource.ts';
import { lifecycleHandlers } from '../lifecycle/handlers.ts';
import { documentPage, readDocument, type DocumentView } from './rows.ts';
import { createDocument, deleteDocument, findWritable, updateDocument } from './write.ts';
import { writerOf, type DocumentReader } from './visibility.ts';

const ROWS = {
  entity: 'memberDocument',
  table: 'member_documents',
  column: 'state',
  where: "status = 'active'",
};

/** An area's caller: reads everything they may, in any state. */
const areaReader = (scope: Scope): DocumentReader => ({ scope, publishedOnly: false });
const areaView = (scope: Scope): DocumentView => ({
  reader: areaReader(scope),
  writer: writerOf(scope),
});

type Ctx = StoreContext<Scope>;

const documentStore = {
  async create(ctx: Ctx, input: Parameters<typeof createDocument>[2]) {
    const id = await createDocument(ctx.services, writerOf(ctx.scope), input);
    return readDocument(ctx.services, areaView(ctx.scope), id);
  },
  async update(ctx: Ctx, input: Parameters<typeof updateDocument>[3]) {
    await updateDocument(ctx.services, areaReader(ctx.scope), writerOf(ctx.scope), input);
    return readDocument(ctx.services, areaView(ctx.scope), input.id);
  },
  remove: (ctx: Ctx, id: number) =>
    deleteDocument(ctx.services, areaReader(ctx.scope), writerOf(ctx.scope), id),
  get: (ctx: Ctx, id: number) => readDocument(ctx.services, areaView(ctx.scope), id),
  list: (
    ctx: Ctx,
    filter: Parameters<typeof documentPage>[2],
    page: Parameters<typeof documentPage>[3],
  ) => documentPage(ctx.services, areaView(ctx.scope), filter, page),
  async simpleList(
    ctx: Ctx,
    filter: Parameters<typeof documentPage>[2],
    page: Parameters<typeof documentPage>[3],
  ) {
    const full = await documentPage(ctx.services, areaView(ctx.scope), filter, page);
    return {
      ...full,
      content: full.content.map(({ id, kind, title, state }) => ({ id, kind, title, state })),
    };
  },
};

/** publish: the document's writer; unpublish: its writer, or platform staff (moderation). */
const publicationHandlers = <Calls extends { publish?: CallDef; unpublish?: CallDef }>(
  calls: Calls,
  scopeOf: (auth: Auth) => Scope,
) =>
  lifecycleHandlers(
    calls,
    documentPublication,
    ROWS,
    {
      authorize: async (ctx: Ctx, id, action) =>
        void (await findWritable(
          ctx.services,
          areaReader(ctx.scope),
          writerOf(ctx.scope),
          id,
          action === 'unpublish' ? 'unpublish' : 'write',
        )),
      read: (ctx: Ctx, id) => readDocument(ctx.services, areaView(ctx.scope), id),
    },
    scopeOf,
  );

/** An area's document calls, by action: the CRUD calls and publish, unpublish. */
type AreaCalls = Partial<Record<CrudOp | 'publish' | 'unpublish', CallDef>>;

const areaHandlers = <Calls extends AreaCalls>(calls: Calls, scopeOf: (auth: Auth) => Scope) => [
  ...resourceHandlers(calls, documentStore as never, scopeOf),
  ...publicationHandlers(calls, scopeOf),
];

/** A visitor, or a member reading as their role: published documents only. */
const publicView = (auth: Auth | null): DocumentView => ({
  reader: { scope: auth ? roleScope(auth) : null, publishedOnly: true },
  writer: null,
});

export const memberDocumentHandlers = [
  ...areaHandlers(actionsOf(api, 'bms', 'memberDocument'), SCOPE_OF_AREA.bms),
  ...areaHandlers(actionsOf(api, 'edms', 'memberDocument'), SCOPE_OF_AREA.edms),
  ...areaHandlers(actionsOf(api, 'oj', 'memberDocument'), SCOPE_OF_AREA.oj),
  handle(api['memberDocument.queryList'], ({ services, auth, query, body }) =>
    documentPage(services, publicView(auth), body, query),
  ),
  handle(api['memberDocument.queryById'], ({ services, auth, query }) =>
    readDocument(services, publicView(auth), query.id),
  ),
];
