/**
 * The contract's calls as permissions (docs/decisions/admin-and-identity.md): looked up by id,
 * and who may be given each. Worked out once, when the module loads, for every request after.
 */
import { allCalls } from '../../contract/index.ts';
import type { CallDef } from '../../contract/call.ts';
import {
  effectiveAccess,
  isStaffAccess,
  organizationGrantable,
} from '../../contract/permission/operates.ts';
import type { Grantable } from '../../contract/permission/resource-tree.ts';

const callsById = new Map<string, CallDef>(allCalls.map((c) => [c.id, c]));

/** The call of this version with that id, if any. */
export const callOf = (id: string): CallDef | undefined => callsById.get(id);

/** Who may be given the call: an organization's roles and the platform's, the platform's, nobody. */
export function grantableOf(call: CallDef | undefined): Grantable {
  if (!call) return 'none';
  const access = effectiveAccess(call);
  if (!isStaffAccess(access)) return 'none';
  return organizationGrantable(access) ? 'organization' : 'platform';
}

/** The staff calls with their access raised to their area's floor. */
export const STAFF_CALLS = allCalls
  .map((call) => ({ call, access: effectiveAccess(call) }))
  .filter(({ access }) => isStaffAccess(access));

const idsGrantable = (kind: Grantable) =>
  allCalls.filter((c) => grantableOf(c) === kind).map((c) => c.id);

/** The call ids of each kind, for filtering the operates' list. */
export const CALL_IDS_BY_GRANTABLE: Readonly<Record<Grantable, readonly string[]>> = {
  organization: idsGrantable('organization'),
  platform: idsGrantable('platform'),
  none: idsGrantable('none'),
};
