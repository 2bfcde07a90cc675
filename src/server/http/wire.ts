/**
 * Registering one handler body for a call in several areas (docs/architecture.md "Calls": the
 * same action under bms, edms, the bare area and oj), the body told which area it answers so it
 * can take that area's scope (access/scope.ts SCOPE_OF_AREA).
 *
 * The body's context is typed by the calls it serves: `ctx.body` and `ctx.query` are the union
 * of those calls' parsed inputs, so a schema change that a handler does not follow is a compile
 * error, and so is an action or id the contract does not have.
 */
import type { CallDef } from '../../contract/call.ts';
import { actionsOf, type ResourceArea, type ResourceCallId } from '../../contract/resource.ts';
import {
  handle,
  type BodyOf,
  type HandlerContext,
  type HandlerEntry,
  type QueryOf,
  type ResultOf,
} from './handler.ts';

export type Area = ResourceArea;

export const ALL_AREAS: readonly Area[] = ['bms', 'edms', 'app', 'oj'];

/** The area a call id names first: `bms.…`, `edms.…`, `oj.…`, else the bare area. */
export function areaOfCallId(id: string): Area {
  const prefix = id.split('.')[0]!;
  return prefix === 'bms' || prefix === 'edms' || prefix === 'oj' ? prefix : 'app';
}

type CallIds<T> = keyof T & string;

/** The ids of a group's action in the given areas that the contract has. */
export type ActionIds<T, G extends string, A extends string, Ar extends Area> = Extract<
  CallIds<T>,
  ResourceCallId<Ar, G, A>
>;

/** The ids of the calls of `T` whose parsed input has at least the shape `In`. */
export type IdsTaking<T extends Record<string, CallDef>, In> = {
  [K in CallIds<T>]: { query: QueryOf<T[K]>; body: BodyOf<T[K]> } extends In ? K : never;
}[CallIds<T>];

/** A body serving the calls `K` of `T`, told the area of the call it answers. */
export type AreaHandlerOf<
  T extends Record<string, CallDef>,
  K extends keyof T,
  Ar extends Area = Area,
> = (area: Ar, ctx: HandlerContext<T[K]>) => Promise<ResultOf<T[K]>>;

/** The ids the calls `K` of `T` carry: what entries wiring them say they wire. */
export type WiredIds<T extends Record<string, CallDef>, K extends keyof T> = T[K]['id'];

/** Refuses, at compile time, a body for no call: a misspelt group, action or id. */
type ForSome<K, F> = [K] extends [never] ? never : F;

/** `fn` for the group's action in each of `areas` whose contract has that call. */
export function wireAction<
  T extends Record<string, CallDef>,
  const G extends string,
  const A extends string,
  const Ar extends Area = Area,
>(
  calls: T,
  group: G,
  action: A,
  fn: ForSome<ActionIds<T, G, A, Ar>, AreaHandlerOf<T, ActionIds<T, G, A, Ar>, Ar>>,
  areas: readonly Ar[] = ALL_AREAS as readonly Ar[],
): HandlerEntry<WiredIds<T, ActionIds<T, G, A, Ar>>>[] {
  const body = fn as (area: Ar, ctx: HandlerContext) => Promise<unknown>;
  // The ids found by area at run time are those ActionIds computes from the same areas.
  return areas.flatMap((area) => {
    const call = (actionsOf(calls, area, group) as Record<string, CallDef | undefined>)[action];
    return call ? [handle(call, (ctx) => body(area, ctx) as never)] : [];
  }) as HandlerEntry<WiredIds<T, ActionIds<T, G, A, Ar>>>[];
}

/** `fn` for each named call, told the area its id names. */
export function wireIds<T extends Record<string, CallDef>, const K extends CallIds<T>>(
  calls: T,
  ids: readonly K[],
  fn: AreaHandlerOf<T, K>,
): HandlerEntry<WiredIds<T, K>>[] {
  const body = fn as (area: Area, ctx: HandlerContext) => Promise<unknown>;
  return ids.map((id) => {
    const call = calls[id];
    if (!call) throw new Error(`no call ${id}`);
    return handle(call, (ctx) => body(areaOfCallId(id), ctx) as never);
  });
}

/**
 * A domain's `wireAction` over its own calls, with the areas most of its actions serve. The
 * default areas are part of the type (`D`), so a wiring that names no areas claims only the ids
 * it registers in them.
 */
export const actionWiring =
  <T extends Record<string, CallDef>, const D extends Area = Area>(
    calls: T,
    defaultAreas: readonly D[] = ALL_AREAS as readonly D[],
  ) =>
  <const G extends string, const A extends string, const Ar extends Area = D>(
    group: G,
    action: A,
    fn: ForSome<ActionIds<T, G, A, Ar>, AreaHandlerOf<T, ActionIds<T, G, A, Ar>, Ar>>,
    areas?: readonly Ar[],
  ): HandlerEntry<WiredIds<T, ActionIds<T, G, A, Ar>>>[] =>
    wireAction(calls, group, action, fn, areas ?? (fallback(defaultAreas) as readonly Ar[]));

/** Widens the default areas so that they can stand for the wiring's own `Ar` (its default). */
const fallback = (areas: readonly Area[]) => areas;

/** A domain's `wireIds` over its own calls. */
export const idWiring =
  <T extends Record<string, CallDef>>(calls: T) =>
  <const K extends CallIds<T>>(
    ids: readonly K[],
    fn: AreaHandlerOf<T, K>,
  ): HandlerEntry<WiredIds<T, K>>[] =>
    wireIds(calls, ids, fn);
