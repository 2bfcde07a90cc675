/**
 * Moves one row through its lifecycle: the row is locked, the entity's machine decides whether
 * the action is allowed in the row's current state (never a status comparison written here),
 * the state column is set and the move is appended to lifecycle_transitions — all in one
 * transaction, so two conflicting actions at once end in exactly one outcome and the other is
 * refused with the state it found.
 */
import type { LifecycleAction } from '../../contract/lifecycle-actions.ts';
import { nextState, refusalOf, type Lifecycle } from '../../machines/lifecycles/lifecycle.ts';
import { withTransaction, type Pool, type PoolClient } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { messageOfMove } from '../messages/lifecycle-messages.ts';

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
  /** What the machine's guards read beside the action (e.g. `{ free: true }`). */
  details?: Record<string, unknown>;
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
  return withTransaction(pool, (client) => transitionRow(client, lifecycle, rows, request));
}

/**
 * applyTransition inside the caller's transaction, for moves that do more in the same commit
 * (an order's payment writes the ledger and grants the card with it).
 */
export async function transitionRow<State extends string, Action extends LifecycleAction>(
  client: PoolClient,
  lifecycle: Lifecycle<State, Action>,
  rows: LifecycleRows,
  request: TransitionRequest<Action>,
): Promise<Transition<State>> {
  const { table, column, entity } = rows;
  const locked = await client.query<{ state: State }>(
    `SELECT ${column} AS state FROM ${table}
      WHERE id = $1${rows.where ? ` AND ${rows.where}` : ''} FOR UPDATE`,
    [request.id],
  );
  const from = locked.rows[0]?.state;
  if (from === undefined) throw fail('NOT_FOUND', `${lifecycle.noun} ${request.id} 不存在`);
  const to = nextState(lifecycle, from, request.action, request.details);
  if (to === null) {
    throw fail('TRANSITION_NOT_ALLOWED', refusalOf(lifecycle, from, request.action), {
      state: from,
      action: request.action,
    });
  }
  await client.query(`UPDATE ${table} SET ${column} = $2, updated_at = now() WHERE id = $1`, [
    request.id,
    to,
  ]);
  await recordTransition(client, entity, request, from, to);
  return { from, to };
}

/** Appends one move to lifecycle_transitions (also for a row written in its first state). */
export async function recordTransition(
  client: PoolClient,
  entity: string,
  request: TransitionRequest<LifecycleAction>,
  from: string,
  to: string,
): Promise<void> {
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
  // The member the move concerns hears of it in the same commit (messages/).
  await messageOfMove(client, {
    entity,
    id: request.id,
    action: request.action,
    to,
    actorMemberId: request.actor.memberId,
  });
}
