/**
 * The resource factory (docs/architecture.md, "src/contract"): most of the catalogue is
 * CRUD-shaped, so an entity is described once — its schemas — and each area gets its calls from it,
 * with the area's access rule; `lifecycleCalls` does the same for the lifecycle actions (publish,
 * unpublish, stop, pass, reject: docs/product-rules.md#lifecycle-actions). The server turns a store
 * into handlers with server/http/resource.ts and server/lifecycle/handlers.ts.
 */
import { z } from 'zod';
import type { Access, CallDef, HttpMethod } from './call.ts';
import { pathOfId } from './call.ts';
import { pageOf, pageQueryOf } from './paging.ts';
import type { PageQuerySchema } from './paging.ts';
import * as f from './fields.ts';
import { LIFECYCLE_ACTION_VERBS, type ResourceLifecycleAction } from './lifecycle-actions.ts';

/** The four path groups (docs/product-rules.md#areas); `app` is the group with no prefix. */
export type ResourceArea = 'bms' | 'edms' | 'app' | 'oj';

export type CrudOp = 'create' | 'update' | 'delete' | 'queryById' | 'queryList' | 'querySimpleList';

/** Spec 001 §7: create POST, update PUT, delete DELETE {id}, queryById GET ?id=, lists POST. */
export const crudMethods: Record<CrudOp, HttpMethod> = {
  create: 'POST',
  update: 'PUT',
  delete: 'DELETE',
  queryById: 'GET',
  queryList: 'POST',
  querySimpleList: 'POST',
};

/** The id of an area's call on a resource: `bms` + `question` + `create` → `bms.question.create`. */
export type ResourceCallId<
  A extends ResourceArea,
  Seg extends string,
  Action extends string,
> = A extends 'app' ? `${Seg}.${Action}` : `${A}.${Seg}.${Action}`;

export const resourceCallId = <A extends ResourceArea, Seg extends string, Action extends string>(
  area: A,
  segment: Seg,
  action: Action,
): ResourceCallId<A, Seg, Action> =>
  (area === 'app' ? `${segment}.${action}` : `${area}.${segment}.${action}`) as ResourceCallId<
    A,
    Seg,
    Action
  >;

export interface Resource<
  Seg extends string = string,
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
  segment: Seg;
  item: Item;
  listItem: ListItem;
  simpleItem: SimpleItem;
  create: Create;
  /** Must carry `id`. */
  update: Update;
  /** The JSON body of queryList and querySimpleList. */
  filter: Filter;
  /** What queryList and querySimpleList sort by (`sort=field,asc`). */
  sortFields: readonly [string, ...string[]];
  /**
   * The wire limit of create and update, when their schemas allow more than any sane request
   * (inline test data); otherwise it follows from the schema (contract/body-size.ts).
   */
  writeBodyLimitBytes?: number;
}

export const defineResource = <
  const Seg extends string,
  Item extends z.ZodType,
  ListItem extends z.ZodType,
  SimpleItem extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Filter extends z.ZodType,
>(
  resource: Resource<Seg, Item, ListItem, SimpleItem, Create, Update, Filter>,
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
  queryList: CallDef<PageQuerySchema, R['filter'], ReturnType<typeof pageOf<ListItem>>>;
  querySimpleList: CallDef<
    PageQuerySchema,
    R['filter'],
    ReturnType<typeof pageOf<R['simpleItem']>>
  >;
}

export interface AreaOptions<
  A extends ResourceArea,
  Ops extends readonly string[],
  Item,
  ListItem,
> {
  area: A;
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

/** The CRUD calls an area offers for a resource, keyed by id like every other call. */
export function resourceCalls<
  R extends Resource,
  const A extends ResourceArea,
  const Ops extends readonly CrudOp[],
  Item extends z.ZodType = R['item'],
  ListItem extends z.ZodType = R['listItem'],
>(
  resource: R,
  options: AreaOptions<A, Ops, Item, ListItem>,
): {
  [Op in Ops[number] as ResourceCallId<A, R['segment'], Op>]: CrudCalls<R, Item, ListItem>[Op] & {
    readonly id: ResourceCallId<A, R['segment'], Op>;
  };
} {
  const item = options.item ?? resource.item;
  const listItem = options.listItem ?? resource.listItem;
  const listQuery = pageQueryOf(resource.sortFields);
  const writeLimit = resource.writeBodyLimitBytes
    ? { bodyLimitBytes: resource.writeBodyLimitBytes }
    : {};
  const schemas: Record<
    CrudOp,
    () => Pick<CallDef, 'query' | 'body' | 'response' | 'bodyLimitBytes'>
  > = {
    create: () => ({ body: resource.create, response: item, ...writeLimit }),
    update: () => ({ body: resource.update, response: item, ...writeLimit }),
    delete: () => ({ body: idBody, response: deletedAnswer }),
    queryById: () => ({ query: idQuery, response: item }),
    queryList: () => ({ query: listQuery, body: resource.filter, response: pageOf(listItem) }),
    querySimpleList: () => ({
      query: listQuery,
      body: resource.filter,
      response: pageOf(resource.simpleItem),
    }),
  };
  const note = options.note ? `；${options.note}` : '';
  return Object.fromEntries(
    options.ops.map((op) => {
      const id = resourceCallId(options.area, resource.segment, op);
      const def: CallDef = {
        id,
        path: pathOfId(id),
        method: crudMethods[op],
        access: options.access,
        summary: `${verbs[op]}${resource.noun}${note}`,
        ...schemas[op](),
      };
      return [id, def];
    }),
  ) as never;
}

/** `{id, reason?}`: reject needs a reason the author can act on; the others may carry one. */
export const lifecycleBody = z.strictObject({
  id: f.id,
  reason: z.string().trim().max(500, '原因最多 500 个字符').optional(),
});
export const rejectBody = lifecycleBody.extend({
  reason: z.string().trim().min(1, '请填写驳回原因').max(500, '原因最多 500 个字符'),
});

export interface LifecycleCall<R extends Resource, Item extends z.ZodType> {
  publish: CallDef<NoInput, typeof lifecycleBody, Item>;
  unpublish: CallDef<NoInput, typeof lifecycleBody, Item>;
  stop: CallDef<NoInput, typeof lifecycleBody, Item>;
  pass: CallDef<NoInput, typeof lifecycleBody, Item>;
  reject: CallDef<NoInput, typeof rejectBody, Item>;
  /** Unused: ties the interface to the resource for inference. */
  readonly resource?: R;
}

/**
 * The lifecycle actions an area offers for a resource (docs/product-rules.md#lifecycle-actions; PUT
 * with a JSON body, docs/product-rules.md#call-conventions), keyed by id; each answers the item in
 * its new state. Which action is allowed in which state is the entity's machine's to say
 * (src/machines/lifecycles/), on the server and in the screens.
 */
export function lifecycleCalls<
  R extends Resource,
  const A extends ResourceArea,
  const Actions extends readonly ResourceLifecycleAction[],
  Item extends z.ZodType = R['item'],
>(
  resource: R,
  options: Omit<AreaOptions<A, Actions, Item, never>, 'listItem'>,
): {
  [Act in Actions[number] as ResourceCallId<A, R['segment'], Act>]: LifecycleCall<R, Item>[Act] & {
    readonly id: ResourceCallId<A, R['segment'], Act>;
  };
} {
  const item = options.item ?? resource.item;
  const note = options.note ? `；${options.note}` : '';
  return Object.fromEntries(
    options.ops.map((action) => {
      const id = resourceCallId(options.area, resource.segment, action);
      const def: CallDef = {
        id,
        path: pathOfId(id),
        method: 'PUT',
        access: options.access,
        summary: `${LIFECYCLE_ACTION_VERBS[action]}${resource.noun}（不允许的状态下拒绝并说明当前状态）${note}`,
        body: action === 'reject' ? rejectBody : lifecycleBody,
        response: item,
      };
      return [id, def];
    }),
  ) as never;
}

/** The calls of `calls` under one area and segment, keyed by their action (`bms.question.`). */
export type ActionsOf<Calls, Prefix extends string> = {
  [K in keyof Calls as K extends `${Prefix}${infer Action}` ? Action : never]: Calls[K];
};

/**
 * One area's calls on a resource keyed by action, e.g. `actionsOf(question, 'bms', 'question')
 * .import`: how the server wires an area's handlers without restating ids.
 */
export function actionsOf<
  Calls extends Record<string, CallDef>,
  const A extends ResourceArea,
  const Seg extends string,
>(calls: Calls, area: A, segment: Seg): ActionsOf<Calls, ResourceCallId<A, Seg, ''>> {
  const prefix = resourceCallId(area, segment, '');
  return Object.fromEntries(
    Object.entries(calls)
      .filter(([id]) => id.startsWith(prefix) && !id.slice(prefix.length).includes('.'))
      .map(([id, call]) => [id.slice(prefix.length), call]),
  ) as never;
}
