/**
 * Parent–child bindings (issue 25 item 11; machines/lifecycles/parent-binding.ts). A parent asks
 * by the child's username or mobile; nothing is readable until the child (in their own account)
 * or a teacher of the child's classes confirms. Each side reaches a binding only through its own
 * calls: the parent their requests, the child those naming them, a teacher their students'.
 */
import type { z } from 'zod';
import type { BindingItem, bindingRequestBody } from '../../contract/parent/schemas.ts';
import {
  BINDING_AWAITING,
  BINDING_OPEN,
  parentBindingLifecycle,
  type BindingAction,
  type BindingActor,
  type BindingState,
} from '../../machines/lifecycles/parent-binding.ts';
import { stateHasTag } from '../../machines/lifecycles/lifecycle.ts';
import { teacherStudents } from '../access/predicates.ts';
import type { Auth } from '../http/sessions.ts';
import { withTransaction, type Pool, type Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { refuseDuplicate } from '../http/unique.ts';
import { validationError } from '../http/validation-error.ts';
import { recordTransition, transitionRow, type LifecycleRows } from '../lifecycle/transition.ts';

export const BINDING_ROWS: LifecycleRows = {
  entity: 'parentBinding',
  table: 'parent_bindings',
  column: 'state',
};

/** How many requests or bindings a parent may hold open at once (a family, not a class). */
const MAX_OPEN = 10;

interface BindingRow {
  id: number;
  state: BindingState;
  relation: string;
  parent_member_id: number;
  parent_name: string;
  parent_mobile: string | null;
  child_member_id: number;
  child_name: string;
  child_organization: string;
  created_at: Date;
  updated_at: Date;
}

const BINDING_SELECT = `SELECT b.id, b.state, b.relation, b.parent_member_id,
    pm.nickname AS parent_name, pu.mobile AS parent_mobile, b.child_member_id,
    cm.nickname AS child_name, co.name AS child_organization, b.created_at, b.updated_at
  FROM parent_bindings b
  JOIN members pm ON pm.id = b.parent_member_id JOIN users pu ON pu.id = pm.user_id
  JOIN members cm ON cm.id = b.child_member_id
  JOIN organizations co ON co.id = cm.organization_id`;

const maskName = (name: string) =>
  name.length <= 1 ? '*' : `${name[0]}${'*'.repeat(Math.min(name.length - 1, 3))}`;
const maskMobile = (mobile: string | null) =>
  mobile ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : null;

/**
 * A binding as `viewer` sees it. The parent sees the child's name only once bound: asking by an
 * account name must not tell whose account it is.
 */
function toItem(r: BindingRow, viewer: BindingActor): BindingItem {
  const bound = stateHasTag(parentBindingLifecycle, r.state, 'reads');
  return {
    id: r.id,
    state: r.state,
    relation: r.relation,
    parentMemberId: r.parent_member_id,
    parentName: r.parent_name,
    parentMobile: maskMobile(r.parent_mobile),
    childMemberId: r.child_member_id,
    childName: viewer === 'parent' && !bound ? maskName(r.child_name) : r.child_name,
    childOrganizationName: r.child_organization,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** Who sees which bindings: the parent theirs, the child those naming them, a teacher their students'. */
function visibleTo(actor: BindingActor, auth: Auth, sql: SqlParams): string {
  const me = sql.add(auth.memberId);
  switch (actor) {
    case 'parent':
      return `b.parent_member_id = ${me}`;
    case 'child':
      return `b.child_member_id = ${me}`;
    case 'teacher':
      return `b.child_member_id IN (${teacherStudents(me)})`;
  }
}

async function readBinding(
  db: Queryable,
  actor: BindingActor,
  auth: Auth,
  id: number,
): Promise<BindingItem> {
  const sql = new SqlParams();
  const found = await db.query<BindingRow>(
    `${BINDING_SELECT} WHERE b.id = ${sql.add(id)} AND ${visibleTo(actor, auth, sql)}`,
    sql.values,
  );
  const row = found.rows[0];
  if (!row) throw fail('NOT_FOUND', `绑定 ${id} 不存在`);
  return toItem(row, actor);
}

/**
 * The bindings `actor` sees: a parent and a child all of theirs (open first, then the latest
 * ended, so either side sees a request refused or withdrawn and a binding undone); a teacher the
 * requests waiting among their students.
 */
export async function listBindings(
  db: Queryable,
  actor: BindingActor,
  auth: Auth,
): Promise<BindingItem[]> {
  const sql = new SqlParams();
  const states = actor === 'teacher' ? sql.add(BINDING_AWAITING) : null;
  const found = await db.query<BindingRow>(
    `${BINDING_SELECT} WHERE ${visibleTo(actor, auth, sql)}
       ${states ? `AND b.state = ANY(${states}::text[])` : ''}
     ORDER BY (b.state = ANY(${sql.add(BINDING_OPEN)}::text[])) DESC, b.id DESC LIMIT 50`,
    sql.values,
  );
  return found.rows.map((r) => toItem(r, actor));
}

/** The child's learner member named by an account (username or mobile), or a field error. */
async function childOf(db: Queryable, auth: Auth, account: string): Promise<number> {
  const found = await db.query<{ id: number; user_id: number }>(
    `SELECT m.id, m.user_id FROM members m JOIN users u ON u.id = m.user_id
      WHERE (lower(u.username) = lower($1) OR u.mobile = $1)
        AND u.status = 'active' AND m.status = 'active' AND m.role = 'student'
      ORDER BY (m.organization_id = $2) DESC, m.id LIMIT 1`,
    [account, auth.organizationId],
  );
  const child = found.rows[0];
  if (!child) {
    throw validationError([
      { field: 'body.account', message: '没有找到用这个用户名或手机号注册的学员账号' },
    ]);
  }
  if (child.user_id === auth.userId) {
    throw validationError([{ field: 'body.account', message: '不能绑定自己的账号' }]);
  }
  return child.id;
}

/**
 * A parent asks to bind a child. The request waits for the child or their teacher; asking twice
 * for the same child while one is open is refused (the partial unique index settles a race).
 */
export async function requestBinding(
  pool: Pool,
  auth: Auth,
  input: z.output<typeof bindingRequestBody>,
  requestId: string,
): Promise<BindingItem> {
  const childId = await childOf(pool, auth, input.account);
  const id = await refuseDuplicate(
    () =>
      withTransaction(pool, async (client) => {
        const open = await client.query<{ n: number; same: number }>(
          `SELECT count(*)::int AS n, count(*) FILTER (WHERE child_member_id = $2)::int AS same
             FROM parent_bindings WHERE parent_member_id = $1 AND state = ANY($3::text[])`,
          [auth.memberId, childId, BINDING_OPEN],
        );
        if ((open.rows[0]?.same ?? 0) > 0) {
          throw fail('CONFLICT', '已向这个孩子发出绑定申请或已经绑定，请勿重复申请');
        }
        if ((open.rows[0]?.n ?? 0) >= MAX_OPEN) {
          throw fail('CONFLICT', `最多同时绑定或申请 ${MAX_OPEN} 个孩子`);
        }
        const initial = parentBindingLifecycle.machine.config.initial;
        const inserted = await client.query<{ id: number; state: BindingState }>(
          `INSERT INTO parent_bindings (parent_member_id, child_member_id, relation, state)
           VALUES ($1, $2, $3, $4) RETURNING id, state`,
          [auth.memberId, childId, input.relation, initial],
        );
        const row = inserted.rows[0]!;
        await recordTransition(
          client,
          BINDING_ROWS.entity,
          {
            id: row.id,
            action: 'request',
            actor: { userId: auth.userId, memberId: auth.memberId },
            requestId,
          },
          'none',
          row.state,
        );
        return row.id;
      }),
    'body.account',
    '已向这个孩子发出绑定申请或已经绑定，请勿重复申请',
  );
  return readBinding(pool, 'parent', auth, id);
}

/**
 * `actor` moves a binding they can see: the machine decides whether `actor` may take `action`
 * in the row's state (a parent cannot confirm their own request), under the row's lock.
 */
export async function actOnBinding(
  pool: Pool,
  actor: BindingActor,
  auth: Auth,
  id: number,
  action: BindingAction,
  requestId: string,
): Promise<BindingItem> {
  await readBinding(pool, actor, auth, id);
  await withTransaction(pool, (client) =>
    transitionRow(client, parentBindingLifecycle, BINDING_ROWS, {
      id,
      action,
      actor: { userId: auth.userId, memberId: auth.memberId },
      requestId,
      details: { by: actor },
    }),
  );
  return readBinding(pool, actor, auth, id);
}
