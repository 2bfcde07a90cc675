import { describe, expect, it } from 'vitest';
import type { Access, CallDef } from '../../contract/call.ts';
import { ErrorCode } from '../../contract/errors.ts';
import type { Auth, RoleGrant } from './sessions.ts';
import { effectiveAccess } from '../../contract/permission/operates.ts';
import { allCalls } from '../../contract/index.ts';
import { WHILE_PASSWORD_MUST_CHANGE, checkAccess } from './access.ts';
import type { RoleOperates } from './access.ts';

const call = (path: string, access: Access, id = path) =>
  ({ id, path, access, summary: `接口 ${id}` }) as CallDef;
const who = (role: Auth['role'], platformAdmin = false, more: Partial<Auth> = {}): Auth => ({
  sessionId: 1,
  userId: 1,
  memberId: 1,
  role,
  organizationId: 1,
  platformAdmin,
  expiresAt: new Date(),
  memberRoles: [],
  userRoles: [],
  mustChangePassword: false,
  ...more,
});

/** Roles by id, each granting the listed call ids. */
const rolesGranting = (grants: Record<number, string[]>): RoleOperates => ({
  grantedBy: async (roles) =>
    new Set(roles.filter((r) => r.enabled).flatMap((r) => grants[r.id] ?? [])),
  nameOf: async (c) => `操作名 ${c.id}`,
});
const none = rolesGranting({});
const grant = (id: number, enabled = true): RoleGrant => ({ id, version: 1, enabled });

async function refusalOf(
  access: Access,
  auth: Auth | null,
  roles = none,
  target = call('/edms/homework/queryList', access),
): Promise<{ code: number; message?: string } | null> {
  try {
    await checkAccess(target, access, auth, roles);
    return null;
  } catch (e) {
    return e as { code: number; message: string };
  }
}
const codeOf = async (...args: Parameters<typeof refusalOf>) =>
  (await refusalOf(...args))?.code ?? 0;

describe('access', () => {
  it('raises a call to its area floor, never lowers it', () => {
    expect(effectiveAccess(call('/oj/member/queryCurrent', 'public'))).toBe('member');
    expect(effectiveAccess(call('/edms/grade/queryList', 'member'))).toBe('teacher');
    expect(effectiveAccess(call('/edms/org/update', 'orgAdmin'))).toBe('orgAdmin');
    expect(effectiveAccess(call('/bms/devInbox/queryList', 'member'))).toBe('platformAdmin');
    expect(effectiveAccess(call('/grade/queryList', 'public'))).toBe('public');
  });

  it('answers NOT_LOGGED_IN without a session and FORBIDDEN for the wrong built-in role', async () => {
    expect(await codeOf('member', null)).toBe(ErrorCode.NOT_LOGGED_IN);
    expect(await codeOf('public', null)).toBe(0);
    expect(await codeOf('teacher', who('student'))).toBe(ErrorCode.FORBIDDEN);
    expect(await codeOf('teacher', who('parent'))).toBe(ErrorCode.FORBIDDEN);
    expect(await codeOf('teacher', who('teacher'))).toBe(0);
    expect(await codeOf('teacher', who('orgAdmin'))).toBe(0);
    expect(await codeOf('orgAdmin', who('teacher'))).toBe(ErrorCode.FORBIDDEN);
    expect(await codeOf('platformAdmin', who('orgAdmin'))).toBe(ErrorCode.FORBIDDEN);
    expect(await codeOf('platformAdmin', who('student', true))).toBe(0);
  });

  it('names the operate in a staff refusal', async () => {
    const refused = await refusalOf('orgAdmin', who('teacher'));
    expect(refused?.message).toBe('没有权限执行「操作名 /edms/homework/queryList」');
  });

  it('lets a member holding custom roles make exactly the staff calls they grant', async () => {
    const roles = rolesGranting({ 1: ['/edms/homework/queryList'], 2: ['/member/pass'] });
    const grader = who('teacher', false, { memberRoles: [grant(1)] });
    expect(await codeOf('teacher', grader, roles)).toBe(0);
    expect(await codeOf('teacher', grader, roles, call('/edms/grade/queryList', 'teacher'))).toBe(
      ErrorCode.FORBIDDEN,
    );
    // A role may reach above the holder's built-in role, within the organization.
    const approver = who('teacher', false, { memberRoles: [grant(2)] });
    expect(await codeOf('orgAdmin', approver, roles, call('/member/pass', 'orgAdmin'))).toBe(0);
    // A disabled role grants nothing, and the built-in role does not come back.
    const disabled = who('teacher', false, { memberRoles: [grant(1, false)] });
    expect(await codeOf('teacher', disabled, roles)).toBe(ErrorCode.FORBIDDEN);
    // Every account's own calls are nobody's to take.
    expect(await codeOf('member', grader, roles, call('/oj/member/queryCurrent', 'member'))).toBe(
      0,
    );
  });

  it('keeps platform calls to platform staff, narrowed by their platform roles', async () => {
    const roles = rolesGranting({ 3: ['/bms/order/queryList'] });
    const outsider = who('orgAdmin', false, { memberRoles: [grant(3)] });
    const target = call('/bms/order/queryList', 'platformAdmin');
    expect(await codeOf('platformAdmin', outsider, roles, target)).toBe(ErrorCode.FORBIDDEN);
    const support = who('orgAdmin', true, { userRoles: [grant(3)] });
    expect(await codeOf('platformAdmin', support, roles, target)).toBe(0);
    expect(
      await codeOf('platformAdmin', support, roles, call('/bms/app/update', 'platformAdmin')),
    ).toBe(ErrorCode.FORBIDDEN);
  });

  it('lets a session whose password an admin reset only change it, know itself or log out', async () => {
    const reset = who('orgAdmin', true, { mustChangePassword: true });
    for (const id of WHILE_PASSWORD_MUST_CHANGE) {
      const known = allCalls.find((c) => c.id === id);
      expect(known, id).toBeDefined();
      expect(await refusalOf(effectiveAccess(known!), reset, none, known)).toBeNull();
    }
    expect(await refusalOf('teacher', reset)).toEqual(
      expect.objectContaining({
        code: ErrorCode.FORBIDDEN,
        message: '管理员重置了你的密码，请先修改密码',
      }),
    );
    expect(await refusalOf('public', reset)).toBeNull();
  });
});
