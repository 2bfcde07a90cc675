/**
 * Routes of CRUD-shaped resources, derived from the area, the entity's path segment and the
 * operation (spec 001 §7 conventions). No zod here: the browser builds its refs from this, and
 * resource.ts builds the full definitions from the same function, so they cannot disagree.
 */
import type { CallRoute, HttpMethod } from './call.ts';

/** The four path groups of spec 001 §1; `app` is the group with no prefix. */
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

/** `bms` + `question` + `create` → `/bms/question/create`; the app area has no prefix. */
export function resourcePath(area: ResourceArea, segment: string, action: string): string {
  return area === 'app' ? `/${segment}/${action}` : `/${area}/${segment}/${action}`;
}

/** The route of one call of a resource; the id is `area.segment.action`. */
export function resourceRoute(
  area: ResourceArea,
  segment: string,
  action: string,
  method: HttpMethod,
  extra: Pick<CallRoute, 'responseKind' | 'requestKind' | 'skipErrorHandler'> = {},
): CallRoute {
  return {
    id: `${area}.${segment}.${action}`,
    method,
    path: resourcePath(area, segment, action),
    ...extra,
  };
}

/** The CRUD routes an area offers for a resource, keyed by operation. */
export function crudRoutes<const Ops extends readonly CrudOp[]>(
  area: ResourceArea,
  segment: string,
  ops: Ops,
): { [K in Ops[number]]: CallRoute } {
  return Object.fromEntries(
    ops.map((op) => [op, resourceRoute(area, segment, op, crudMethods[op])]),
  ) as { [K in Ops[number]]: CallRoute };
}
