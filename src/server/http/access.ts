import { areaOf } from '../../contract/call.ts';
import type { Access, CallDef } from '../../contract/call.ts';
import type { Auth } from './sessions.ts';
import { fail } from './app-error.ts';

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

/** The stricter of the call's own access and its area's floor. */
export function effectiveAccess(call: CallDef): Access {
  // A payment provider is nobody's session: its notifications are checked by signature.
  if (call.requestKind === 'notify') return 'public';
  const floor = areaFloor[areaOf(call.path)];
  return rank[floor] > rank[call.access] ? floor : call.access;
}

function allows(access: Access, auth: Auth): boolean {
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

/** Throws NOT_LOGGED_IN or FORBIDDEN when the caller may not make the call. */
export function checkAccess(access: Access, auth: Auth | null): void {
  if (access === 'public') return;
  if (!auth) throw fail('NOT_LOGGED_IN');
  if (!allows(access, auth)) {
    throw fail('FORBIDDEN', access === 'parent' ? '这是家长的功能，请用家长账号登录' : undefined);
  }
}
