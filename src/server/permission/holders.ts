/**
 * Who holds which custom role (docs/decisions/admin-and-identity.md): an organization's staff
 * member holds that organization's roles (member/configRoles). What a holder may do changes on
 * their next call: the session's query reads the roles afresh (http/sessions.ts).
 */
import type { Queryable } from '../db/pool.ts';
import { validationError } from '../http/validation-error.ts';
import type { MemberRole } from '../../contract/accounts/calls.ts';

const STAFF_ROLES: readonly MemberRole[] = ['teacher', 'orgAdmin'];

/**
 * Replaces the custom roles a member holds. `role` is the member's built-in role after the same
 * change: a learner or parent holds none, so a member who stops being staff loses theirs.
 */
export async function setMemberRoles(
  db: Queryable,
  member: { id: number; organizationId: number; role: MemberRole },
  roleIds: readonly number[] | undefined,
): Promise<void> {
  if (!STAFF_ROLES.includes(member.role)) {
    if (roleIds && roleIds.length > 0) {
      throw validationError([
        { field: 'body.roleIds', message: '只有教师和机构管理员可以持有自定义角色' },
      ]);
    }
    await db.query('DELETE FROM member_roles WHERE member_id = $1', [member.id]);
    return;
  }
  if (roleIds === undefined) return;
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM roles WHERE id = ANY($1::int[]) AND organization_id = $2',
    [roleIds, member.organizationId],
  );
  const found = new Set(rows.map((r) => r.id));
  const problems = roleIds.flatMap((id, i) =>
    found.has(id) ? [] : [{ field: `body.roleIds.${i}`, message: `角色 ${id} 不是本机构的角色` }],
  );
  if (problems.length > 0) throw validationError(problems);
  await db.query(
    'DELETE FROM member_roles WHERE member_id = $1 AND NOT (role_id = ANY($2::int[]))',
    [member.id, roleIds],
  );
  await db.query(
    `INSERT INTO member_roles (member_id, role_id) SELECT $1, unnest($2::int[])
     ON CONFLICT DO NOTHING`,
    [member.id, roleIds],
  );
}
