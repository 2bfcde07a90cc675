/**
 * Turns a resource store into the handlers of an area's CRUD calls (contract/resource.ts). The
 * store does the work under a scope the area derives from the caller (who sees and may change
 * what); this module only wires calls to store methods, so every area behaves the same way.
 */
import type { CallDef } from '../../contract/call.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import type { CrudOp } from '../../contract/resource.ts';
import type { Auth } from './sessions.ts';
import type { Services } from '../services.ts';
import { handle } from './handler.ts';
import type { HandlerEntry, IdsIn } from './handler.ts';

/** What a store needs to act: the database and the caller's scope. */
export interface StoreContext<Scope> {
  services: Services;
  scope: Scope;
}

/** Store methods by operation; an area implements the operations its calls offer. */
export interface ResourceStore<Scope, Create, Update, Filter, Item, ListItem, SimpleItem> {
  create(ctx: StoreContext<Scope>, input: Create): Promise<Item>;
  update(ctx: StoreContext<Scope>, input: Update): Promise<Item>;
  /** Throws NOT_FOUND or FORBIDDEN; soft deletes are the store's choice. */
  remove(ctx: StoreContext<Scope>, id: number): Promise<void>;
  get(ctx: StoreContext<Scope>, id: number): Promise<Item>;
  list(ctx: StoreContext<Scope>, filter: Filter, page: PageQuery): Promise<Page<ListItem>>;
  simpleList(ctx: StoreContext<Scope>, filter: Filter, page: PageQuery): Promise<Page<SimpleItem>>;
}

/**
 * Handlers for whichever CRUD calls `calls` holds, each scoped by `scopeOf(caller)`. A store may
 * implement only some operations (a read-only area); a call without its store method is a
 * programming error, refused when the handlers are built.
 */
export function resourceHandlers<Scope, Calls extends Partial<Record<CrudOp, CallDef>>>(
  calls: Calls,
  store: Partial<ResourceStore<Scope, never, never, never, unknown, unknown, unknown>>,
  scopeOf: (auth: Auth) => Scope,
): HandlerEntry<IdsIn<Pick<Calls, CrudOp & keyof Calls>>>[] {
  const loose = store as Partial<
    ResourceStore<Scope, unknown, unknown, unknown, unknown, unknown, unknown>
  >;
  const entries: HandlerEntry[] = [];
  const on = <M>(
    call: CallDef | undefined,
    method: M | undefined,
    fn: (method: M, ctx: StoreContext<Scope>, query: unknown, body: unknown) => Promise<unknown>,
  ) => {
    if (!call) return;
    if (!method) throw new Error(`store has no method for ${call.id}`);
    entries.push(
      handle(call, async ({ services, requireAuth, query, body }) =>
        fn(method, { services, scope: scopeOf(requireAuth()) }, query, body),
      ),
    );
  };
  on(calls.create, loose.create, (m, ctx, _q, body) => m(ctx, body));
  on(calls.update, loose.update, (m, ctx, _q, body) => m(ctx, body));
  on(calls.delete, loose.remove, async (m, ctx, _q, body) => {
    const { id } = body as { id: number };
    await m(ctx, id);
    return { id };
  });
  on(calls.queryById, loose.get, (m, ctx, query) => m(ctx, (query as { id: number }).id));
  on(calls.queryList, loose.list, (m, ctx, query, body) => m(ctx, body, query as PageQuery));
  on(calls.querySimpleList, loose.simpleList, (m, ctx, query, body) =>
    m(ctx, body, query as PageQuery),
  );
  // Every CRUD slot `calls` holds was wired above (or refused), and only those.
  return entries as HandlerEntry<IdsIn<Pick<Calls, CrudOp & keyof Calls>>>[];
}
