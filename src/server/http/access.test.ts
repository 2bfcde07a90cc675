import { describe, expect, it } from 'vitest';
import type { Access, CallDef } from '../../contract/call.ts';
import { ErrorCode } from '../../contract/errors.ts';
import type { Auth } from './sessions.ts';
import { checkAccess, effectiveAccess } from './access.ts';

const call = (path: string, access: Access) => ({ path, access }) as CallDef;
const who = (role: Auth['role'], platformAdmin = false): Auth => ({
  sessionId: 1,
  userId: 1,
  memberId: 1,
  role,
  organizationId: 1,
  platformAdmin,
  expiresAt: new Date(),
});

function codeOf(access: Access, auth: Auth | null): number {
  try {
    checkAccess(access, auth);
    return 0;
  } catch (e) {
    return (e as { code: number }).code;
  }
}

describe('access', () => {
  it('raises a call to its area floor, never lowers it', () => {
    expect(effectiveAccess(call('/oj/member/queryCurrent', 'public'))).toBe('member');
    expect(effectiveAccess(call('/edms/grade/queryList', 'member'))).toBe('teacher');
    expect(effectiveAccess(call('/edms/org/update', 'orgAdmin'))).toBe('orgAdmin');
    expect(effectiveAccess(call('/bms/devInbox/queryList', 'member'))).toBe('platformAdmin');
    expect(effectiveAccess(call('/grade/queryList', 'public'))).toBe('public');
  });

  it('answers NOT_LOGGED_IN without a session and FORBIDDEN for the wrong role', () => {
    expect(codeOf('member', null)).toBe(ErrorCode.NOT_LOGGED_IN);
    expect(codeOf('public', null)).toBe(0);
    expect(codeOf('teacher', who('student'))).toBe(ErrorCode.FORBIDDEN);
    expect(codeOf('teacher', who('parent'))).toBe(ErrorCode.FORBIDDEN);
    expect(codeOf('teacher', who('teacher'))).toBe(0);
    expect(codeOf('teacher', who('orgAdmin'))).toBe(0);
    expect(codeOf('orgAdmin', who('teacher'))).toBe(ErrorCode.FORBIDDEN);
    expect(codeOf('platformAdmin', who('orgAdmin'))).toBe(ErrorCode.FORBIDDEN);
    expect(codeOf('platformAdmin', who('student', true))).toBe(0);
  });
});
