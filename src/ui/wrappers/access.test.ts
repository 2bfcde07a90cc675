import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../machines/user.ts';
import type { Guard } from '../routes/screen-route.ts';
import { decideAccess } from './access.ts';

const member = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  id: 11,
  userId: 1,
  username: 'demo_student',
  nickname: '演示学生',
  role: 'student',
  organizationId: 1,
  organizationName: '示范校',
  platformAdmin: false,
  mustChangePassword: false,
  ...overrides,
});

const mustLogin: Guard = { kind: 'must-login' };
const teachers: Guard = { kind: 'auth', roles: ['teacher', 'orgAdmin'] };
const platformAdmin: Guard = { kind: 'platform-admin' };

describe('decideAccess', () => {
  it('lets anyone onto a public screen, even before the session is known', () => {
    expect(decideAccess({ kind: 'public' }, { ready: false, user: null })).toBe('allowed');
  });

  it('decides nothing for a guarded screen until the start-up sequence knows the session', () => {
    for (const guard of [mustLogin, teachers, platformAdmin]) {
      expect(decideAccess(guard, { ready: false, user: null }), guard.kind).toBe('waiting');
      expect(decideAccess(guard, { ready: false, user: member() }), guard.kind).toBe('waiting');
    }
  });

  it('asks a visitor to log in, whichever guard', () => {
    for (const guard of [mustLogin, teachers, platformAdmin]) {
      expect(decideAccess(guard, { ready: true, user: null }), guard.kind).toBe('login');
    }
  });

  it('auth: lets in the listed roles of the current organization only', () => {
    expect(decideAccess(teachers, { ready: true, user: member() })).toBe('forbidden');
    expect(decideAccess(teachers, { ready: true, user: member({ role: 'teacher' }) })).toBe(
      'allowed',
    );
    // Platform staff pass auth only through their current member's role.
    expect(decideAccess(teachers, { ready: true, user: member({ platformAdmin: true }) })).toBe(
      'forbidden',
    );
  });

  it('platform-admin: lets in platform staff whatever their role, and no one else', () => {
    expect(decideAccess(platformAdmin, { ready: true, user: member() })).toBe('forbidden');
    expect(decideAccess(platformAdmin, { ready: true, user: member({ role: 'orgAdmin' }) })).toBe(
      'forbidden',
    );
    expect(
      decideAccess(platformAdmin, { ready: true, user: member({ platformAdmin: true }) }),
    ).toBe('allowed');
  });

  it('must-login: any logged-in member', () => {
    expect(decideAccess(mustLogin, { ready: true, user: member() })).toBe('allowed');
  });
});
