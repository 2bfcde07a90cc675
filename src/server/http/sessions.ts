import { BLOCK_IN_FORCE } from '../db/block-in-force.ts';
import type { MemberRole } from '../../contract/accounts/calls.ts';
import type { Queryable } from '../db/pool.ts';
import { preparedStatement } from '../db/prepared.ts';
import { randomTokenString, sha256Hex } from '../security/tokens.ts';

export const SESSION_COOKIE = 'xinao_session';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A custom role a caller holds, as the session's query read it: `version` grows with each change
 * of what the role grants, so a cached list of its operates is known stale on the next call
 * (server/permission/role-operates.ts).
 */
export interface RoleGrant {
  id: number;
  version: number;
  enabled: boolean;
}

/** Who is calling: the session, its login user and the member it currently acts as. */
export interface Auth {
  sessionId: number;
  userId: number;
  memberId: number;
  role: MemberRole;
  organizationId: number;
  platformAdmin: boolean;
  expiresAt: Date;
  /**
   * The organization's roles the member holds (member/configRoles). Empty: the built-in role
   * (`role`) decides the staff calls; otherwise only what these roles grant.
   */
  memberRoles: RoleGrant[];
  /** The platform roles the user holds (user/configRoles). Empty: a platform admin may do all. */
  userRoles: RoleGrant[];
  /** An admin reset the password: the session may only change it (http/access.ts). */
  mustChangePassword: boolean;
}

interface SessionRow {
  id: number;
  user_id: number;
  member_id: number;
  role: MemberRole;
  organization_id: number;
  platform_admin: boolean;
  expires_at: Date;
  member_roles: RoleGrant[];
  user_roles: RoleGrant[];
  must_change_password: boolean;
}

const grantsOf = (holder: string, table: string, key: string) =>
  `COALESCE((SELECT json_agg(json_build_object('id', r.id, 'version', r.version,
      'enabled', r.enabled) ORDER BY r.id)
    FROM ${table} h JOIN roles r ON r.id = h.role_id WHERE h.${key} = ${holder}), '[]')`;

/** Every authenticated request runs it: prepared (db/prepared.ts). */
const sessionByTokenHash = preparedStatement<SessionRow>(
  'session-by-token-hash',
  `SELECT s.id, s.user_id, s.member_id, m.role, m.organization_id, u.platform_admin, s.expires_at,
          u.must_change_password,
          ${grantsOf('s.member_id', 'member_roles', 'member_id')} AS member_roles,
          ${grantsOf('s.user_id', 'user_roles', 'user_id')} AS user_roles
     FROM sessions s
     JOIN users u ON u.id = s.user_id
     JOIN members m ON m.id = s.member_id
     JOIN organizations o ON o.id = m.organization_id
    WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
      AND u.status = 'active' AND m.status = 'active' AND m.approval = 'passed'
      AND o.status = 'active'
      -- A block ends the person's sessions when made; this holds for one opened meanwhile.
      AND NOT EXISTS (SELECT 1 FROM member_blocks b
                       WHERE b.user_id = s.user_id AND ${BLOCK_IN_FORCE})`,
);

/**
 * The live session for a cookie token, or null. A revoked or expired session, a disabled user,
 * member or organization all end it.
 */
export async function findSession(db: Queryable, token: string): Promise<Auth | null> {
  const result = await sessionByTokenHash(db, [sha256Hex(token)]);
  const row = result.rows[0];
  if (!row) return null;
  return {
    sessionId: row.id,
    userId: row.user_id,
    memberId: row.member_id,
    role: row.role,
    organizationId: row.organization_id,
    platformAdmin: row.platform_admin,
    expiresAt: row.expires_at,
    memberRoles: row.member_roles,
    userRoles: row.user_roles,
    mustChangePassword: row.must_change_password,
  };
}

export async function createSession(
  db: Queryable,
  input: { userId: number; memberId: number; ip: string; userAgent: string | undefined },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomTokenString(32);
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, member_id, expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [sha256Hex(token), input.userId, input.memberId, expiresAt, input.ip, input.userAgent ?? null],
  );
  // Staff see who never logged in (member/exportPwd resets only those).
  await db.query('UPDATE members SET last_login_at = now() WHERE id = $1', [input.memberId]);
  return { token, expiresAt };
}

export async function revokeSessionByToken(db: Queryable, token: string): Promise<void> {
  await db.query(
    'UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL',
    [sha256Hex(token)],
  );
}

export async function switchSessionMember(
  db: Queryable,
  sessionId: number,
  memberId: number,
): Promise<void> {
  await db.query('UPDATE sessions SET member_id = $2 WHERE id = $1', [sessionId, memberId]);
}
