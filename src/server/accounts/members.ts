import type { CurrentUser, MemberRole, TeacherAccount } from '../../contract/accounts/calls.ts';
import type { Queryable } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';

interface CurrentUserRow {
  id: number;
  user_id: number;
  username: string;
  nickname: string;
  mobile: string | null;
  email: string | null;
  role: MemberRole;
  organization_id: number;
  organization_name: string;
  platform_admin: boolean;
  must_change_password: boolean;
}

/** The current-user view of one member (contract `currentUser`). */
export async function loadCurrentUser(db: Queryable, memberId: number): Promise<CurrentUser> {
  const result = await db.query<CurrentUserRow>(
    `SELECT m.id, u.id AS user_id, u.username, m.nickname, u.mobile, u.email, m.role,
            o.id AS organization_id, o.name AS organization_name, u.platform_admin,
            u.must_change_password
       FROM members m
       JOIN users u ON u.id = m.user_id
       JOIN organizations o ON o.id = m.organization_id
      WHERE m.id = $1`,
    [memberId],
  );
  const row = result.rows[0];
  if (!row) throw fail('NOT_FOUND', '账号不存在');
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    nickname: row.nickname,
    mobile: row.mobile,
    email: row.email,
    role: row.role,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    platformAdmin: row.platform_admin,
    mustChangePassword: row.must_change_password,
  };
}

/** A member that can be acted as: active, approved (issue 8), in an active organization. */
const usableMember = `m.status = 'active' AND m.approval = 'passed' AND o.status = 'active'`;

/**
 * The member a fresh login acts as: the one the user switched to last if still usable, else
 * their earliest usable member. Null when the user has none left.
 */
export async function memberForLogin(db: Queryable, userId: number): Promise<number | null> {
  const result = await db.query<{ id: number }>(
    `SELECT m.id FROM members m
       JOIN organizations o ON o.id = m.organization_id
       JOIN users u ON u.id = m.user_id
      WHERE m.user_id = $1 AND ${usableMember}
      ORDER BY (m.id = u.last_member_id) DESC NULLS LAST, m.id
      LIMIT 1`,
    [userId],
  );
  return result.rows[0]?.id ?? null;
}

/** Whether `memberId` is a usable member of `userId` (the target of switchOrganization). */
export async function isOwnUsableMember(
  db: Queryable,
  userId: number,
  memberId: number,
): Promise<boolean> {
  const result = await db.query(
    `SELECT 1 FROM members m JOIN organizations o ON o.id = m.organization_id
      WHERE m.id = $1 AND m.user_id = $2 AND ${usableMember}`,
    [memberId, userId],
  );
  return result.rowCount === 1;
}

/** The user's other teacher accounts: teacher or orgAdmin members other than the current one. */
export async function otherTeacherAccounts(
  db: Queryable,
  userId: number,
  currentMemberId: number,
): Promise<TeacherAccount[]> {
  const result = await db.query<{
    id: number;
    nickname: string;
    role: MemberRole;
    organization_id: number;
    organization_name: string;
  }>(
    `SELECT m.id, m.nickname, m.role, o.id AS organization_id, o.name AS organization_name
       FROM members m JOIN organizations o ON o.id = m.organization_id
      WHERE m.user_id = $1 AND m.id <> $2 AND m.role IN ('teacher', 'orgAdmin') AND ${usableMember}
      ORDER BY m.id`,
    [userId, currentMemberId],
  );
  return result.rows.map((r) => ({
    id: r.id,
    nickname: r.nickname,
    role: r.role,
    organizationId: r.organization_id,
    organizationName: r.organization_name,
  }));
}

export async function rememberMember(db: Queryable, userId: number, memberId: number) {
  await db.query('UPDATE users SET last_member_id = $2, updated_at = now() WHERE id = $1', [
    userId,
    memberId,
  ]);
}
