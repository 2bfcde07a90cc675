/**
 * Who may make a call (docs/decisions/admin-and-identity.md, "Roles and permissions"): the
 * call's access and its area's floor decide for the built-in roles; a caller who holds custom
 * roles may make exactly the staff calls those roles grant. Checked from the cookie and the path,
 * before a byte of the body is read.
 */
import type { Access, CallDef } from '../../contract/call.ts';
import type { Auth, RoleGrant } from './sessions.ts';
import { fail } from './app-error.ts';

/** What the built-in roles may do: the access rule as it stood before roles could be configured. */
export function builtInAllows(access: Access, auth: Auth): boolean {
  switch (access) {
    case 'public':
    case 'member':
      return true;
    case 'parent':
      return auth.role === 'parent';
    case 'teacher':
      return auth.role === 'teacher' || auth.role === 'orgAdmin';
    case 'orgAdmin':
      return auth.role === 'orgAdmin';
    case 'platformAdmin':
      return auth.platformAdmin;
  }
}

/** The operates custom roles grant, cached per role and version (server/permission/). */
export interface RoleOperates {
  /** The union of what the roles grant; a disabled role grants nothing. */
  grantedBy(roles: readonly RoleGrant[]): Promise<ReadonlySet<string>>;
  /** The operate's name as staff last set it, for the refusal. */
  nameOf(call: CallDef): Promise<string>;
}

/**
 * The roles that decide a staff call for this caller, or null when the built-in role does: a
 * platform call by the user's platform roles, any other staff call by the member's roles (held
 * only by an organization's staff).
 */
function customRolesFor(access: Access, auth: Auth): readonly RoleGrant[] | null {
  if (access === 'platformAdmin') return auth.userRoles.length > 0 ? auth.userRoles : null;
  if (access !== 'teacher' && access !== 'orgAdmin') return null;
  if (auth.role !== 'teacher' && auth.role !== 'orgAdmin') return null;
  return auth.memberRoles.length > 0 ? auth.memberRoles : null;
}

/** Whether the caller may make the call; custom roles are read through `roles`. */
export async function mayCall(
  call: CallDef,
  access: Access,
  auth: Auth,
  roles: RoleOperates,
): Promise<boolean> {
  // A platform call is the platform's staff's, whatever roles they were given.
  if (access === 'platformAdmin' && !auth.platformAdmin) return false;
  const custom = customRolesFor(access, auth);
  if (custom === null) return builtInAllows(access, auth);
  return (await roles.grantedBy(custom)).has(call.id);
}

/**
 * What a session whose password an admin reset may still do: know who it is, change the
 * password, log out (public calls need no session).
 */
export const WHILE_PASSWORD_MUST_CHANGE: ReadonlySet<string> = new Set([
  'queryCurrent',
  'member.queryCurrent',
  'oj.member.queryCurrent',
  'oj.member.queryMineTeacherList',
  'member.queryCurrentRights',
  'member.updatePwd',
  'logout',
]);

/** Throws NOT_LOGGED_IN or FORBIDDEN (naming the operate) when the caller may not make the call. */
export async function checkAccess(
  call: CallDef,
  access: Access,
  auth: Auth | null,
  roles: RoleOperates,
): Promise<void> {
  if (access === 'public') return;
  if (!auth) throw fail('NOT_LOGGED_IN');
  if (auth.mustChangePassword && !WHILE_PASSWORD_MUST_CHANGE.has(call.id)) {
    throw fail('FORBIDDEN', '管理员重置了你的密码，请先修改密码');
  }
  if (await mayCall(call, access, auth, roles)) return;
  if (access === 'parent') throw fail('FORBIDDEN', '这是家长的功能，请用家长账号登录');
  throw fail('FORBIDDEN', `没有权限执行「${await roles.nameOf(call)}」`);
}
