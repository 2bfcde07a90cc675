/**
 * Registering one handler body for a call in several areas (spec 001 §7: the same action under
 * bms, edms, the bare area and oj), the body told which area it answers so it can take that
 * area's scope (access/scope.ts SCOPE_OF_AREA).
 */
import type { CallDef } from '../../contract/call.ts';
import { actionsOf, type ResourceArea } from '../../contract/resource.ts';
import { handle, type HandlerContext, type HandlerEntry } from './handler.ts';

export type Area = ResourceArea;
export type AreaHandler = (area: Area, ctx: HandlerContext) => Promise<unknown>;

export const ALL_AREAS: readonly Area[] = ['bms', 'edms', 'app', 'oj'];

/** The area a call id names first: `bms.…`, `edms.…`, `oj.…`, else the bare area. */
export function areaOfCallId(id: string): Area {
  const prefix = id.split('.')[0]!;
  return prefix === 'bms' || prefix === 'edms' || prefix === 'oj' ? prefix : 'app';
}

/** `fn` for the group's action in each of `areas` whose contract has that call. */
export function wireAction(
  calls: Record<string, CallDef>,
  group: string,
  action: string,
  fn: AreaHandler,
  areas: readonly Area[] = ALL_AREAS,
): HandlerEntry[] {
  return areas.flatMap((area) => {
    const call = (actionsOf(calls, area, group) as Record<string, CallDef | undefined>)[action];
    return call ? [handle(call, (ctx) => fn(area, ctx) as never)] : [];
  });
}

/** `fn` for each named call, told the area its id names; an id the contract lacks throws. */
export function wireIds(
  calls: Record<string, CallDef>,
  ids: readonly string[],
  fn: AreaHandler,
): HandlerEntry[] {
  return ids.map((id) => {
    const call = calls[id];
    if (!call) throw new Error(`no call ${id}`);
    return handle(call, (ctx) => fn(areaOfCallId(id), ctx) as never);
  });
}
