/**
 * The permissions are the calls themselves (docs/decisions/admin-and-identity.md, "Roles and
 * permissions"): every call of the contract is an operate, its id the call's id, grouped under
 * its resource, the call's group. What a role may be given is decided here from the call's
 * access, so the rule lives once for the server's check and the screens' tree.
 */
import { METHOD_PREFIX, areaOf } from '../call.ts';
import type { Access, CallDef } from '../call.ts';

const AREA_PREFIXES = new Set(['oj', 'edms', 'bms']);

/**
 * The group a call belongs to: its id without the area and the action, the dots as slashes
 * (`edms.homework.queryList` → `homework`, `member.blacklist.create` → `member/blacklist`). A
 * call with no group (`loginByPwd`, `root`) belongs to `(root)`.
 */
export function groupOfCall(id: string): string {
  const parts = id.replace(METHOD_PREFIX, '').split('.');
  const start = AREA_PREFIXES.has(parts[0]!) ? 1 : 0;
  return parts.slice(start, -1).join('/') || ROOT_GROUP;
}

export const ROOT_GROUP = '(root)';

const rank: Record<Access, number> = {
  public: 0,
  member: 1,
  parent: 2,
  teacher: 2,
  orgAdmin: 3,
  platformAdmin: 4,
};

/** The floor each area sets (issue 2): /oj a logged-in member, /edms a teacher, /bms staff. */
const areaFloor: Record<ReturnType<typeof areaOf>, Access> = {
  oj: 'member',
  edms: 'teacher',
  bms: 'platformAdmin',
  app: 'public',
};

/**
 * Who may make the call before any custom role: the stricter of its own access and its area's
 * floor (server/http/access.ts checks it; the screens' operates are the staff ones).
 */
export function effectiveAccess(call: Pick<CallDef, 'path' | 'access' | 'requestKind'>): Access {
  // A payment provider is nobody's session: its notifications are checked by signature.
  if (call.requestKind === 'notify') return 'public';
  const floor = areaFloor[areaOf(call.path)];
  return rank[floor] > rank[call.access] ? floor : call.access;
}

/**
 * Whether an operate is a staff permission, the only kind a role grants: every account makes
 * public and member calls (its own), and a parent the calls about their children; those are
 * nobody's to give or take.
 */
export const isStaffAccess = (access: Access): boolean =>
  access === 'teacher' || access === 'orgAdmin' || access === 'platformAdmin';

/**
 * What a role of one organization may grant: what that organization's admin may do (the staff
 * calls below the platform's). A platform-wide role may grant every staff operate.
 */
export const organizationGrantable = (access: Access): boolean =>
  access === 'teacher' || access === 'orgAdmin';
