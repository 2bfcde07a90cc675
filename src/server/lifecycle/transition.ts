/**
 * Moves one row through its lifecycle: the row is locked, the entity's machine decides whether
 * the action is allowed in the row's current state (never a status comparison written here),
 * the state column is set and the move is appended to lifecycle_transitions — all in one
 * transaction, so two conflicting actions at once end in exactly one outcome and the other is
 * refused with the state it found.
 */
import type { LifecycleAction } from '../../contract/lifecycle-actions.ts';
import { nextState, refusalOf, type Lifecycle } from '../../machines/lifecycles/lifecycle.ts';
import { withTransaction, type Pool } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';

/**
 * Where an entity keeps its state. `table`, `column` and `where` are code, never input; the
 * table has `id` and `updated_at`.
 */
export interface LifecycleRows {
  /** Recorded in lifecycle_transitions.entity, e.g. `question`. */
  entity: string;
  table: string;
  column: string;
  /** Rows that take part at all, e.g. `status = 'active'` (a deleted row is NOT_FOUND). */
  where?: string;
}

export interface TransitionRequest<Action extends LifecycleAction> {
  id: number;
  action: Action;
  actor: { userId: number; memberId: number };
  reason?: string | undefined;
  requestId: string;
}

export interface Transition<State extends string> {
  from: State;
  to: State;
}

export async function applyTransition<State extends string, Action extends LifecycleAction>(
  pool: Pool,
  lifecycle: Lifecycle<State, Action>,
  rows: LifecycleRows,
  request: TransitionRequest<Action>,
): Promise<Transition<State>> {
  const { table, column, entity } = rows;
  return withTransaction(pool, async (client) => {
    const locked = await client.query<{ state: State }>(
      `SELECT ${column} AS state FROM ${table}
        WHERE id = $1${rows.where ? ` AND ${rows.where}` : ''} FOR UPDATE`,
      [request.id],
    );
    const from = locked.rows[0]?.state;
    if (from === undefined) throw fail('NOT_FOUND', `${lifecycle.noun} ${request.id} 不存在`);
    const to = nextState(lifecycle, from, request.action);
    if (to === null) throw fail('CONFLICT', refusalOf(lifecycle, from, request.action));
    await client.query(`UPDATE ${table} SET ${column} = $2, updated_at = now() WHERE id = $1`, [
      request.id,
      to,
    ]);
    await client.query(
      `INSERT INTO lifecycle_transitions
         (entity, entity_id, action, from_state, to_state, actor_user_id, actor_member_id,
          reason, request_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        entity,
        request.id,
        request.action,
        from,
        to,
        request.actor.userId,
        request.actor.memberId,
        request.reason ?? null,
        request.requestId,
      ],
    );
    return { from, to };
  });
}
