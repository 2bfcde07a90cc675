/**
 * What a parent reads of a child (docs/decisions/parents.md, "Parents (issue 25)"): a parent
 * reads a bound child's rows through the very reads of the child's own screens, under the
 * child's learner scope. The one rule deciding which children that is — bound and confirmed —
 * is access/predicates.ts `boundChildren`; everything else here only asks it and words the
 * refusal.
 */
import { BINDING_AWAITING, type BindingState } from '../../machines/lifecycles/parent-binding.ts';
import { boundChildren } from '../access/predicates.ts';
import type { Scope } from '../access/scope.ts';
import type { Auth } from '../http/sessions.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';

const NOT_BOUND = '只能查看已绑定的孩子：请先在「我的孩子」中申请绑定，并由孩子或其老师确认';
const AWAITING = '绑定申请还在等待孩子或其老师确认，确认后才能查看孩子的学习情况';
const NOT_BOUND_ORDER = '只能为已绑定（孩子或其老师已确认）的孩子支付订单';

/** Why a parent may not read a member: still waiting, or no binding at all. */
async function refusal(db: Queryable, auth: Auth, childId: number): Promise<string> {
  const waiting = await db.query<{ state: BindingState }>(
    `SELECT state FROM parent_bindings
      WHERE parent_member_id = $1 AND child_member_id = $2 AND state = ANY($3::text[]) LIMIT 1`,
    [auth.memberId, childId, BINDING_AWAITING],
  );
  return waiting.rowCount ? AWAITING : NOT_BOUND;
}

/** The child's own learner scope when the parent is bound to them, else null. */
async function boundScope(db: Queryable, auth: Auth, childId: number): Promise<Scope | null> {
  const sql = new SqlParams();
  const found = await db.query<{ id: number; organization_id: number }>(
    `SELECT m.id, m.organization_id FROM members m
      WHERE m.id = ${sql.add(childId)} AND m.id IN (${boundChildren(auth.memberId, sql)})`,
    sql.values,
  );
  const child = found.rows[0];
  return child
    ? { kind: 'learner', organizationId: child.organization_id, memberId: child.id }
    : null;
}

/**
 * The child's own learner scope, for a parent bound to them; FORBIDDEN otherwise (another
 * parent's child, a request not yet confirmed, or anyone else), with the reason in Chinese.
 */
export async function childScope(db: Queryable, auth: Auth, childId: number): Promise<Scope> {
  const scope = await boundScope(db, auth, childId);
  if (!scope) throw fail('FORBIDDEN', await refusal(db, auth, childId));
  return scope;
}

/**
 * The learner scope of the child whose order this is, for a parent bound to them. An order that
 * is not a bound child's is refused alike whether it exists or not: a parent learns nothing of
 * other people's orders.
 */
export async function childScopeOfOrder(
  db: Queryable,
  auth: Auth,
  orderId: number,
): Promise<Scope> {
  const found = await db.query<{ member_id: number }>(
    'SELECT member_id FROM orders WHERE id = $1 AND deleted_at IS NULL',
    [orderId],
  );
  const owner = found.rows[0]?.member_id;
  const scope = owner === undefined ? null : await boundScope(db, auth, owner);
  if (!scope) throw fail('FORBIDDEN', NOT_BOUND_ORDER);
  return scope;
}
