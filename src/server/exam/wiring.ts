/**
 * What every exam handler file (./*-handlers.ts) wires with: each area's scope, said once by
 * access/scope.ts SCOPE_OF_AREA (`bms` platform staff, `edms` the teacher's organization, `oj`
 * the learner, the un-prefixed area by the caller's role), and the exam calls by group and
 * action (http/wire.ts).
 */
import { exam as calls } from '../../contract/exam/calls.ts';
import type { ResourceArea } from '../../contract/resource.ts';
import { SCOPE_OF_AREA } from '../access/scope.ts';
import type { ContextOf, HandlerContext, HandlerEntry, ResultOf } from '../http/handler.ts';
import { actionWiring, type ActionIds, type WiredIds } from '../http/wire.ts';
import type { ExamReader } from './exams.ts';

export { calls };
export type Area = ResourceArea;
export type Ctx = HandlerContext;

export const scopeIn = (area: Area, ctx: Ctx) => SCOPE_OF_AREA[area](ctx.requireAuth());
export const storeCtx = (area: Area, ctx: Ctx) => ({
  services: ctx.services,
  scope: scopeIn(area, ctx),
});
/** Who reads an exam on a public call: the caller's scope, or a visitor. */
export const readerOf = (area: Area, ctx: Ctx): ExamReader =>
  ctx.auth ? SCOPE_OF_AREA[area](ctx.auth) : null;
export const actor = (ctx: Ctx) => {
  const auth = ctx.requireAuth();
  return { userId: auth.userId, memberId: auth.memberId };
};

/** Registers `fn` for the area's action of a group when the contract has that call. */
export const wire = actionWiring(calls);

/** Lifecycle calls `{id, reason?}` of a group, by action. */
type LifecycleVerb = 'publish' | 'unpublish' | 'stop' | 'pass' | 'reject';
type LifecycleAnswer = ResultOf<
  (typeof calls)[ActionIds<typeof calls, 'examPaper' | 'exam', LifecycleVerb, Area>]
>;
export function lifecycleWire<G extends 'examPaper' | 'exam', A extends LifecycleVerb>(
  group: G,
  actions: readonly A[],
  fn: (area: Area, ctx: Ctx, action: A, id: number, reason?: string) => Promise<LifecycleAnswer>,
): HandlerEntry<WiredIds<typeof calls, ActionIds<typeof calls, G, A, Area>>>[] {
  // Each wiring below is typed for every verb (the body reads only `{id, reason?}`); the ids it
  // registers are the group's calls for `actions`, which the return type names.
  const wideGroup: 'examPaper' | 'exam' = group;
  return actions.flatMap((action) => {
    const verb: LifecycleVerb = action;
    return wire(
      wideGroup,
      verb,
      (area, ctx: ContextOf<{ body: { id: number; reason?: string } }>) => {
        const { id, reason } = ctx.body;
        return fn(area, ctx, action, id, reason);
      },
    );
  }) as HandlerEntry<WiredIds<typeof calls, ActionIds<typeof calls, G, A, Area>>>[];
}
