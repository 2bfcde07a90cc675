/**
 * Custom roles (contract/permission/roles.ts; docs/decisions/admin-and-identity.md, "Roles and
 * permissions"). An organization's admin manages their organization's roles; platform staff
 * manage every role, platform-wide ones included. What a role grants is a set of staff
 * operates: for an organization's role never more than that organization's admin may do, for a
 * platform role the platform's operates, and never more than the one granting it holds.
 */
import type { z } from 'zod';
import type {
  RoleItem,
  roleConfigPerms,
  roleCreate,
  roleUpdate,
} from '../../contract/permission/roles.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { withTransaction } from '../db/pool.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { effectiveAccess } from '../../contract/permission/operates.ts';
import { mayCall } from '../http/access.ts';
import { refuseDuplicate } from '../http/unique.ts';
import { fail } from '../http/app-error.ts';
import { containsPattern, orderBy, pagedRows } from '../http/paging.ts';
import type { Auth } from '../http/sessions.ts';
import { validationError } from '../http/validation-error.ts';
import type { Services } from '../services.ts';
import { callOf, grantableOf } from './catalogue.ts';

/** The organization whose roles the caller manages; null: platform staff, every role. */
export const managedOrganization = (auth: Auth): number | null =>
  auth.platformAdmin ? null : auth.organizationId;

const SELECT = `r.id, r.name, r.remark, r.organization_id AS "organizationId",
  o.name AS "organizationName", r.enabled,
  COALESCE((SELECT array_agg(ro.call_id ORDER BY op.sort, ro.call_id)
    FROM role_operates ro JOIN resource_operates op ON op.call_id = ro.call_id
    WHERE ro.role_id = r.id), '{}') AS "callIds",
  ((SELECT count(*) FROM member_roles mr WHERE mr.role_id = r.id)
    + (SELECT count(*) FROM user_roles ur WHERE ur.role_id = r.id))::int AS "holderCount",
  to_json(r.created_at) #>> '{}' AS "createdAt", to_json(r.updated_at) #>> '{}' AS "updatedAt"`;
const FROM = 'FROM roles r LEFT JOIN organizations o ON o.id = r.organization_id';

/** The role if the caller manages it (404 otherwise: another organization's roles are not shown). */
export async function managedRole(db: Queryable, auth: Auth, id: number): Promise<RoleItem> {
  const sql = new SqlParams();
  const org = managedOrganization(auth);
  const { rows } = await db.query<RoleItem>(
    `SELECT ${SELECT} ${FROM} WHERE r.id = ${sql.add(id)}
       ${org === null ? '' : `AND r.organization_id = ${sql.add(org)}`}`,
    sql.values,
  );
  if (!rows[0]) throw fail('NOT_FOUND', `角色 ${id} 不存在`);
  return rows[0];
}

/** A write whose unique name may be taken (roles_name_key): refused under `body.name`. */
const unlessNameTaken = <T>(name: string, write: () => Promise<T>) =>
  refuseDuplicate(write, 'body.name', `角色名称「${name}」已被使用`);

export async function createRole(
  services: Services,
  auth: Auth,
  input: z.output<typeof roleCreate>,
): Promise<RoleItem> {
  const managed = managedOrganization(auth);
  let organizationId = input.organizationId;
  if (managed !== null) {
    // An organization's admin makes their own organization's roles only.
    if (organizationId !== null && organizationId !== managed) {
      throw fail('FORBIDDEN', '只能为本机构新建角色');
    }
    organizationId = managed;
  } else if (organizationId !== null) {
    const { rowCount } = await services.pool.query('SELECT 1 FROM organizations WHERE id = $1', [
      organizationId,
    ]);
    if (!rowCount) {
      throw validationError([
        { field: 'body.organizationId', message: `机构 ${organizationId} 不存在` },
      ]);
    }
  }
  const { rows } = await unlessNameTaken(input.name, () =>
    services.pool.query<{ id: number }>(
      `INSERT INTO roles (organization_id, name, remark, enabled) VALUES ($1, $2, $3, $4)
       RETURNING id`,
      [organizationId, input.name, input.remark, input.enabled],
    ),
  );
  return managedRole(services.pool, auth, rows[0]!.id);
}

export async function updateRole(
  services: Services,
  auth: Auth,
  input: z.output<typeof roleUpdate>,
): Promise<RoleItem> {
  await managedRole(services.pool, auth, input.id);
  // The version grows: enabling or disabling changes what the holders may do on their next call.
  await unlessNameTaken(input.name, () =>
    services.pool.query(
      `UPDATE roles SET name = $2, remark = $3, enabled = $4, version = version + 1,
         updated_at = now() WHERE id = $1`,
      [input.id, input.name, input.remark, input.enabled],
    ),
  );
  return managedRole(services.pool, auth, input.id);
}

export async function deleteRole(
  services: Services,
  auth: Auth,
  id: number,
): Promise<{ id: number }> {
  return withTransaction(services.pool, async (db) => {
    const role = await managedRole(db, auth, id);
    // Lock the role against a concurrent assignment, then count its holders.
    await db.query('SELECT 1 FROM roles WHERE id = $1 FOR UPDATE', [id]);
    const { rows } = await db.query<{ n: number }>(
      `SELECT ((SELECT count(*) FROM member_roles WHERE role_id = $1)
        + (SELECT count(*) FROM user_roles WHERE role_id = $1))::int AS n`,
      [id],
    );
    if (rows[0]!.n > 0) {
      throw fail('CONFLICT', `角色「${role.name}」仍有 ${rows[0]!.n} 人持有，请先取消分配再删除`);
    }
    await db.query('DELETE FROM roles WHERE id = $1', [id]);
    return { id };
  });
}

const SORT = { name: 'r.name', createdAt: 'r.created_at' };

export async function rolePage(
  services: Services,
  auth: Auth,
  filter: { keyword?: string; organizationId?: number; platformWide?: boolean; enabled?: boolean },
  query: PageQuery,
): Promise<Page<RoleItem>> {
  const sql = new SqlParams();
  const where: string[] = [];
  const managed = managedOrganization(auth);
  if (managed !== null) where.push(`r.organization_id = ${sql.add(managed)}`);
  if (filter.organizationId !== undefined) {
    where.push(`r.organization_id = ${sql.add(filter.organizationId)}`);
  }
  if (filter.platformWide !== undefined) {
    where.push(filter.platformWide ? 'r.organization_id IS NULL' : 'r.organization_id IS NOT NULL');
  }
  if (filter.enabled !== undefined) where.push(`r.enabled = ${sql.add(filter.enabled)}`);
  if (filter.keyword) {
    const pattern = sql.add(containsPattern(filter.keyword));
    where.push(`(r.name ILIKE ${pattern} OR r.remark ILIKE ${pattern})`);
  }
  return pagedRows<RoleItem>(
    services.pool,
    {
      select: SELECT,
      from: `${FROM} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      params: sql.values,
      order: orderBy(query, SORT, 'r.created_at', 'r.id'),
    },
    query,
  );
}

/**
 * Why one operate cannot be in this role, or null: it must be a call of the contract, a staff
 * call, within an organization's reach for an organization's role, and held by the one granting
 * it (an admin limited by their own roles passes on no more than they have).
 */
async function refusalOf(
  services: Services,
  auth: Auth,
  organizationRole: boolean,
  callId: string,
): Promise<string | null> {
  const call = callOf(callId);
  if (!call) return `没有这个接口：${callId}`;
  const grantable = grantableOf(call);
  if (grantable === 'none') return `「${call.summary}」是每个账号本人的操作，不由角色授予`;
  if (organizationRole && grantable === 'platform') {
    return `机构角色不能授予平台权限「${await services.roleOperates.nameOf(call)}」`;
  }
  // A platform role is held by platform users and decides their platform calls only
  // (http/access.ts): an organization's operate in it would never be read.
  if (!organizationRole && grantable === 'organization') {
    return `平台角色只授予平台权限；「${await services.roleOperates.nameOf(call)}」请用机构角色授予`;
  }
  // Platform staff whom no platform role limits may grant every operate.
  const unlimited = auth.platformAdmin && auth.userRoles.length === 0;
  if (!unlimited && !(await mayCall(call, effectiveAccess(call), auth, services.roleOperates))) {
    return `你本人没有「${await services.roleOperates.nameOf(call)}」的权限，不能授予`;
  }
  return null;
}

export async function configRolePerms(
  services: Services,
  auth: Auth,
  input: z.output<typeof roleConfigPerms>,
): Promise<RoleItem> {
  const role = await managedRole(services.pool, auth, input.id);
  const problems: { field: string; message: string }[] = [];
  for (const [i, callId] of input.callIds.entries()) {
    const refusal = await refusalOf(services, auth, role.organizationId !== null, callId);
    if (refusal) problems.push({ field: `body.callIds.${i}`, message: refusal });
  }
  if (problems.length > 0) throw validationError(problems);
  await withTransaction(services.pool, async (db) => {
    await db.query('SELECT 1 FROM roles WHERE id = $1 FOR UPDATE', [role.id]);
    await db.query('DELETE FROM role_operates WHERE role_id = $1', [role.id]);
    await db.query(`INSERT INTO role_operates (role_id, call_id) SELECT $1, unnest($2::text[])`, [
      role.id,
      input.callIds,
    ]);
    // Every process sees the new version in its next session query and reads the new list.
    await db.query('UPDATE roles SET version = version + 1, updated_at = now() WHERE id = $1', [
      role.id,
    ]);
  });
  return managedRole(services.pool, auth, role.id);
}

/**
 * Why the caller may not give this role to someone, or null: nobody hands on an operate they do
 * not hold (platform staff whom no platform role limits hold every one).
 */
export async function mayGiveRole(
  services: Services,
  auth: Auth,
  roleId: number,
): Promise<string | null> {
  if (auth.platformAdmin && auth.userRoles.length === 0) return null;
  const { rows } = await services.pool.query<{ name: string; call_ids: string[] }>(
    `SELECT r.name, COALESCE(array_agg(ro.call_id) FILTER (WHERE ro.call_id IS NOT NULL), '{}')
              AS call_ids
       FROM roles r LEFT JOIN role_operates ro ON ro.role_id = r.id WHERE r.id = $1
      GROUP BY r.id`,
    [roleId],
  );
  const role = rows[0];
  if (!role) return `角色 ${roleId} 不存在`;
  for (const callId of role.call_ids) {
    const call = callOf(callId);
    if (call && !(await mayCall(call, effectiveAccess(call), auth, services.roleOperates))) {
      return `「${role.name}」含有你本人没有的权限「${await services.roleOperates.nameOf(call)}」，不能分配`;
    }
  }
  return null;
}
