/**
 * The platform's users (contract/permission/users.ts; docs/decisions/admin-and-identity.md,
 * "Platform users"): accounts with the platform flag, each logging in as an organization admin
 * of the platform's own organization, limited by the platform roles they hold (none: every
 * platform operate). Nobody hands on what they do not hold: a caller limited by roles gives no
 * role they could not give themselves and never touches an unlimited admin. The platform keeps
 * at least one enabled unlimited admin, whatever is disabled, deleted or limited.
 */
import type { z } from 'zod';
import type { Page, PageQuery } from '../../contract/paging.ts';
import type {
  PlatformUserItem,
  platformUserCreate,
  platformUserUpdate,
} from '../../contract/permission/users.ts';
import { withTransaction, type Pool, type PoolClient, type Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { containsPattern, orderBy, pagedRows } from '../http/paging.ts';
import type { Auth } from '../http/sessions.ts';
import { refuseDuplicate } from '../http/unique.ts';
import { validationError } from '../http/validation-error.ts';
import { generatePassword, hashPassword } from '../security/password.ts';
import type { Services } from '../services.ts';
import { mayGiveRole } from './roles.ts';

/** The organization platform users log in to (as its organization admin). */
export const PLATFORM_ORGANIZATION = '平台运营';

/** Serializes the changes that could leave the platform without an enabled unlimited admin. */
const LAST_ADMIN_LOCK = 7_242_027_002;

const SELECT = `u.id, u.username, u.nickname, u.mobile, u.email, u.status,
  u.must_change_password AS "mustChangePassword",
  COALESCE((SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.id)
    FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id), '[]') AS roles,
  (SELECT to_json(max(m.last_login_at)) #>> '{}' FROM members m WHERE m.user_id = u.id)
    AS "lastLoginAt",
  to_json(u.created_at) #>> '{}' AS "createdAt", to_json(u.updated_at) #>> '{}' AS "updatedAt"`;

/** Limited by platform roles: may do only what they grant (http/access.ts). */
const isLimited = (auth: Auth) => auth.userRoles.length > 0;

export async function platformUser(db: Queryable, id: number): Promise<PlatformUserItem> {
  const { rows } = await db.query<PlatformUserItem>(
    `SELECT ${SELECT} FROM users u WHERE u.id = $1 AND u.platform_admin`,
    [id],
  );
  if (!rows[0]) throw fail('NOT_FOUND', `平台用户 ${id} 不存在`);
  return rows[0];
}

/** A user the caller may change: a caller limited by roles never changes an unlimited admin. */
async function managedUser(db: Queryable, auth: Auth, id: number): Promise<PlatformUserItem> {
  const user = await platformUser(db, id);
  if (isLimited(auth) && user.roles.length === 0) {
    throw fail('FORBIDDEN', '不受角色限制的平台管理员只能由同样不受限制的管理员管理');
  }
  return user;
}

/** Refuses, under `body.roleIds`, a role that is not a platform role or that the caller may not give. */
async function checkRoles(services: Services, auth: Auth, roleIds: readonly number[]) {
  if (roleIds.length === 0) {
    // A limited caller cannot make someone unlimited.
    if (isLimited(auth)) {
      throw validationError([{ field: 'body.roleIds', message: '你受角色限制，须为其指定角色' }]);
    }
    return;
  }
  const { rows } = await services.pool.query<{ id: number; name: string; platform: boolean }>(
    'SELECT id, name, organization_id IS NULL AS platform FROM roles WHERE id = ANY($1::int[])',
    [roleIds],
  );
  const problems: { field: string; message: string }[] = [];
  for (const [i, id] of roleIds.entries()) {
    const role = rows.find((r) => r.id === id);
    const field = `body.roleIds.${i}`;
    if (!role) problems.push({ field, message: `角色 ${id} 不存在` });
    else if (!role.platform) problems.push({ field, message: `「${role.name}」是机构的角色` });
    else {
      const refusal = await mayGiveRole(services, auth, id);
      if (refusal) problems.push({ field, message: refusal });
    }
  }
  if (problems.length > 0) throw validationError(problems);
}

/** After a change, at least one enabled platform user whom no role limits must remain. */
async function assertAnAdminRemains(db: PoolClient, message: string) {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users u
      WHERE u.platform_admin AND u.status = 'active'
        AND NOT EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = u.id)`,
  );
  if (rows[0]!.n === 0) throw fail('CONFLICT', message);
}

async function setRoles(db: Queryable, userId: number, roleIds: readonly number[]) {
  await db.query('DELETE FROM user_roles WHERE user_id = $1', [userId]);
  await db.query(`INSERT INTO user_roles (user_id, role_id) SELECT $1, unnest($2::int[])`, [
    userId,
    roleIds,
  ]);
}

async function platformOrganization(db: Queryable): Promise<number> {
  await db.query(
    'INSERT INTO organizations (name, is_public) VALUES ($1, false) ON CONFLICT (name) DO NOTHING',
    [PLATFORM_ORGANIZATION],
  );
  const { rows } = await db.query<{ id: number }>('SELECT id FROM organizations WHERE name = $1', [
    PLATFORM_ORGANIZATION,
  ]);
  return rows[0]!.id;
}

/** A unique username, mobile or email taken: refused under its field. */
async function unlessTaken<T>(write: () => Promise<T>): Promise<T> {
  return refuseDuplicate(
    () =>
      refuseDuplicate(
        () => refuseDuplicate(write, 'body.username', '用户名已被使用', 'users_username_key'),
        'body.mobile',
        '手机号已被使用',
        'users_mobile_key',
      ),
    'body.email',
    '邮箱已被使用',
    'users_email_key',
  );
}

export async function createPlatformUser(
  services: Services,
  auth: Auth,
  input: z.output<typeof platformUserCreate>,
): Promise<PlatformUserItem & { initialPassword: string }> {
  await checkRoles(services, auth, input.roleIds);
  const password = input.password ?? generatePassword();
  const hash = await hashPassword(password);
  const id = await withTransaction(services.pool, async (db) => {
    const organizationId = await platformOrganization(db);
    const { rows } = await unlessTaken(() =>
      db.query<{ id: number }>(
        `INSERT INTO users (username, mobile, email, password_hash, nickname, platform_admin,
                            must_change_password)
         VALUES ($1, $2, $3, $4, $5, true, true) RETURNING id`,
        [input.username, input.mobile ?? null, input.email ?? null, hash, input.nickname],
      ),
    );
    const userId = rows[0]!.id;
    await db.query(
      `INSERT INTO members (user_id, organization_id, role, nickname)
       VALUES ($1, $2, 'orgAdmin', $3)`,
      [userId, organizationId, input.nickname],
    );
    await setRoles(db, userId, input.roleIds);
    return userId;
  });
  return { ...(await platformUser(services.pool, id)), initialPassword: password };
}

export async function updatePlatformUser(
  services: Services,
  auth: Auth,
  input: z.output<typeof platformUserUpdate>,
): Promise<PlatformUserItem> {
  if (input.id === auth.userId && input.status === 'disabled') {
    throw validationError([{ field: 'body.status', message: '不能停用自己' }]);
  }
  await withTransaction(services.pool, async (db) => {
    await db.query('SELECT pg_advisory_xact_lock($1)', [LAST_ADMIN_LOCK]);
    await managedUser(db, auth, input.id);
    await unlessTaken(() =>
      db.query(
        `UPDATE users SET nickname = $2, mobile = $3, email = $4, status = $5, updated_at = now()
          WHERE id = $1`,
        [input.id, input.nickname, input.mobile, input.email, input.status],
      ),
    );
    if (input.status === 'disabled') {
      await assertAnAdminRemains(db, '这是最后一位启用的、不受角色限制的平台管理员，不能停用');
      await db.query(
        'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
        [input.id],
      );
    }
  });
  return platformUser(services.pool, input.id);
}

/**
 * Erases a user who never used the platform; one with a history (a session, or anything
 * recorded against their accounts) is disabled instead, so what they did keeps its author.
 */
export async function deletePlatformUser(
  services: Services,
  auth: Auth,
  id: number,
): Promise<{ id: number; erased: boolean }> {
  if (id === auth.userId) throw fail('CONFLICT', '不能删除自己');
  return withTransaction(services.pool, async (db) => {
    await db.query('SELECT pg_advisory_xact_lock($1)', [LAST_ADMIN_LOCK]);
    await managedUser(db, auth, id);
    const { rows } = await db.query<{ used: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM sessions WHERE user_id = $1) AS used',
      [id],
    );
    let erased = false;
    if (!rows[0]!.used) {
      await db.query('SAVEPOINT erase_user');
      try {
        await db.query('DELETE FROM user_roles WHERE user_id = $1', [id]);
        await db.query('DELETE FROM users WHERE id = $1', [id]);
        erased = true;
      } catch (error) {
        // Something refers to the user's accounts: that is a history too.
        if ((error as { code?: string }).code !== '23503') throw error;
        await db.query('ROLLBACK TO SAVEPOINT erase_user');
      }
    }
    if (!erased) {
      await db.query(`UPDATE users SET status = 'disabled', updated_at = now() WHERE id = $1`, [
        id,
      ]);
      await db.query(
        'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
        [id],
      );
    }
    await assertAnAdminRemains(db, '这是最后一位启用的、不受角色限制的平台管理员，不能删除');
    return { id, erased };
  });
}

const SORT = { username: 'u.username', createdAt: 'u.created_at', lastLoginAt: '"lastLoginAt"' };

export function platformUserPage(
  pool: Pool,
  filter: { keyword?: string; status?: 'active' | 'disabled'; roleId?: number },
  query: PageQuery,
): Promise<Page<PlatformUserItem>> {
  const sql = new SqlParams();
  const where = ['u.platform_admin'];
  if (filter.status) where.push(`u.status = ${sql.add(filter.status)}`);
  if (filter.roleId !== undefined) {
    where.push(
      `EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = u.id AND ur.role_id = ${sql.add(filter.roleId)})`,
    );
  }
  if (filter.keyword) {
    const pattern = sql.add(containsPattern(filter.keyword));
    where.push(
      `(u.username ILIKE ${pattern} OR u.nickname ILIKE ${pattern} OR u.mobile ILIKE ${pattern})`,
    );
  }
  return pagedRows<PlatformUserItem>(
    pool,
    {
      select: SELECT,
      from: `FROM users u WHERE ${where.join(' AND ')}`,
      params: sql.values,
      order: orderBy(query, SORT, 'u.created_at', 'u.id'),
    },
    query,
  );
}

/** A new password, shown once; the user changes it at the next login, and their sessions end. */
export async function resetPlatformUserPassword(
  services: Services,
  auth: Auth,
  id: number,
  password: string | undefined,
): Promise<{ id: number; password: string }> {
  if (id === auth.userId) throw fail('CONFLICT', '修改本人密码请使用「修改密码」');
  await managedUser(services.pool, auth, id);
  const next = password ?? generatePassword();
  const hash = await hashPassword(next);
  await withTransaction(services.pool, async (db) => {
    await db.query(
      `UPDATE users SET password_hash = $2, must_change_password = true, updated_at = now()
        WHERE id = $1`,
      [id, hash],
    );
    await db.query(
      'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
      [id],
    );
  });
  return { id, password: next };
}

export async function configPlatformUserRoles(
  services: Services,
  auth: Auth,
  id: number,
  roleIds: readonly number[],
): Promise<PlatformUserItem> {
  if (id === auth.userId) throw fail('CONFLICT', '不能修改自己的角色');
  await checkRoles(services, auth, roleIds);
  await withTransaction(services.pool, async (db) => {
    await db.query('SELECT pg_advisory_xact_lock($1)', [LAST_ADMIN_LOCK]);
    await managedUser(db, auth, id);
    await setRoles(db, id, roleIds);
    await assertAnAdminRemains(
      db,
      '这是最后一位启用的、不受角色限制的平台管理员，不能为其指定角色（指定后将受角色限制）',
    );
  });
  return platformUser(services.pool, id);
}
