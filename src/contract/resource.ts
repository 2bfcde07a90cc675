/**
 * The resource factory (DESIGN.md §2 "Contract first"): most of the catalogue is CRUD-shaped,
 * so an entity is described once — its schemas — and each area gets its calls from it, with
 * the area's access rule. Routes come from resource-routes.ts (zod-free, shared with the
 * browser); the server turns a store into handlers with server/http/resource.ts.
 */
import { z } from 'zod';
import type { Access, CallDef } from './call.ts';
import { pageOf, pageQuery } from './paging.ts';
import * as f from './fields.ts';
import { crudMethods, resourceRoute } from './resource-routes.ts';
import type { CrudOp, ResourceArea } from './resource-routes.ts';

export interface Resource<
  Item extends z.ZodType = z.ZodType,
  ListItem extends z.ZodType = z.ZodType,
  SimpleItem extends z.ZodType = z.ZodType,
  Create extends z.ZodType = z.ZodType,
  Update extends z.ZodType = z.ZodType,
  Filter extends z.ZodType = z.ZodType,
> {
  /** What the entity is called in summaries and messages, e.g. 题目. */
  noun: string;
  /** Path segment and id part, e.g. `question`. */
  segment: string;
  item: Item;
  listItem: ListItem;
  simpleItem: SimpleItem;
  create: Create;
  /** Must carry `id`. */
  update: Update;
  /** The JSON body of queryList and querySimpleList. */
  filter: Filter;
}

export const defineResource = <
  Item extends z.ZodType,
  ListItem extends z.ZodType,
  SimpleItem extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Filter extends z.ZodType,
>(
  resource: Resource<Item, ListItem, SimpleItem, Create, Update, Filter>,
) => resource;

/** `?id=` of queryById and the `{id}` body of delete. */
export const idQuery = z.strictObject({ id: f.id });
export const idBody = z.strictObject({ id: f.id });
export const deletedAnswer = z.object({ id: z.number().int() });

type NoInput = z.ZodType;

export interface CrudCalls<R extends Resource, Item extends z.ZodType, ListItem extends z.ZodType> {
  create: CallDef<NoInput, R['create'], Item>;
  update: CallDef<NoInput, R['update'], Item>;
  delete: CallDef<NoInput, typeof idBody, typeof deletedAnswer>;
  queryById: CallDef<typeof idQuery, NoInput, Item>;
  queryList: CallDef<typeof pageQuery, R['filter'], ReturnType<typeof pageOf<ListItem>>>;
  querySimpleList: CallDef<
    typeof pageQuery,
    R['filter'],
    ReturnType<typeof pageOf<R['simpleItem']>>
  >;
}

export interface AreaOptions<Ops extends readonly CrudOp[], Item, ListItem> {
  area: ResourceArea;
  /** The call's own rule; the area guard may raise it (server/http/access.ts). */
  access: Access;
  ops: Ops;
  /** What this area shows of an item, when it shows less than the full item (learners). */
  item?: Item;
  listItem?: ListItem;
  /** Appended to every summary, e.g. who sees what in this area. */
  note?: string;
}

const verbs: Record<CrudOp, string> = {
  create: '新建',
  update: '修改',
  delete: '删除',
  queryById: '按 id 查询',
  queryList: '分页查询',
  querySimpleList: '分页查询（精简字段，供下拉选择）',
};

/** The CRUD calls an area offers for a resource, keyed by operation. */
export function resourceCalls<
  R extends Resource,
  const Ops extends readonly CrudOp[],
  Item extends z.ZodType = R['item'],
  ListItem extends z.ZodType = R['listItem'],
>(
  resource: R,
  options: AreaOptions<Ops, Item, ListItem>,
): Pick<CrudCalls<R, Item, ListItem>, Ops[number]> {
  const item = options.item ?? resource.item;
  const listItem = options.listItem ?? resource.listItem;
  const all: Record<CrudOp, () => Pick<CallDef, 'query' | 'body' | 'response'>> = {
    create: () => ({ body: resource.create, response: item }),
    update: () => ({ body: resource.update, response: item }),
    delete: () => ({ body: idBody, response: deletedAnswer }),
    queryById: () => ({ query: idQuery, response: item }),
    queryList: () => ({ query: pageQuery, body: resource.filter, response: pageOf(listItem) }),
    querySimpleList: () => ({
      query: pageQuery,
      body: resource.filter,
      response: pageOf(resource.simpleItem),
    }),
  };
  const note = options.note ? `；${options.note}` : '';
  return Object.fromEntries(
    options.ops.map((op) => [
      op,
      {
        ...resourceRoute(options.area, resource.segment, op, crudMethods[op]),
        access: options.access,
        summary: `${verbs[op]}${resource.noun}${note}`,
        ...all[op](),
      },
    ]),
  ) as unknown as Pick<CrudCalls<R, Item, ListItem>, Ops[number]>;
}
