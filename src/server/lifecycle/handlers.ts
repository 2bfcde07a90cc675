/**
 * Turns an entity's lifecycle calls (contract/resource.ts lifecycleCalls) into handlers, as
 * server/http/resource.ts does for CRUD: the area says who may act on which row (`authorize`,
 * which throws NOT_FOUND or FORBIDDEN), the machine says whether the action is allowed now,
 * and `read` answers the row in its new state.
 */
import type { CallDef } from '../../contract/call.ts';
import type { LifecycleAction } from '../../contract/lifecycle-actions.ts';
import type { Lifecycle } from '../../machines/lifecycles/lifecycle.ts';
import type { Auth } from '../http/sessions.ts';
import { handle, type HandlerEntry, type IdsIn } from '../http/handler.ts';
import type { StoreContext } from '../http/resource.ts';
import { applyTransition, type LifecycleRows } from './transition.ts';

export interface LifecycleStore<Scope, Item> {
  /**
   * Throws unless the scope may move this row (NOT_FOUND when it may not even see it), or the
   * row is not ready for `action` (a card published without a tag, membership/store.ts).
   */
  authorize(ctx: StoreContext<Scope>, id: number, action: LifecycleAction): Promise<void>;
  read(ctx: StoreContext<Scope>, id: number): Promise<Item>;
}

export function lifecycleHandlers<
  Scope,
  State extends string,
  Action extends LifecycleAction,
  Calls extends Partial<Record<Action, CallDef>>,
>(
  calls: Calls,
  lifecycle: Lifecycle<State, Action>,
  rows: LifecycleRows,
  store: LifecycleStore<Scope, unknown>,
  scopeOf: (auth: Auth) => Scope,
): HandlerEntry<IdsIn<Pick<Calls, Action & keyof Calls>>>[] {
  const entries = lifecycle.actions.flatMap((action) => {
    const call: CallDef | undefined = calls[action];
    if (!call) return [];
    return [
      handle(call, async ({ services, requireAuth, body, request }) => {
        const auth = requireAuth();
        const ctx = { services, scope: scopeOf(auth) };
        const { id, reason } = body as { id: number; reason?: string };
        await store.authorize(ctx, id, action);
        await applyTransition(services.pool, lifecycle, rows, {
          id,
          action,
          actor: { userId: auth.userId, memberId: auth.memberId },
          reason,
          requestId: request.id,
        });
        return store.read(ctx, id);
      }),
    ];
  });
  // The machine's actions are the slots read: each call `calls` holds for one is wired.
  return entries as HandlerEntry<IdsIn<Pick<Calls, Action & keyof Calls>>>[];
}
