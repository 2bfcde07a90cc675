import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../contract/accounts/calls.ts';
import { toSessionUser } from './user.ts';

const admin: CurrentUser = {
  id: 15,
  userId: 5,
  username: 'demo_admin',
  nickname: '平台管理员',
  mobile: '13800000005',
  email: 'admin@demo.xinao.local',
  role: 'orgAdmin',
  organizationId: 1,
  organizationName: '示范校',
  platformAdmin: true,
  mustChangePassword: false,
};

describe('toSessionUser', () => {
  it('keeps who the member is, the platform-admin flag included (route guards read it)', () => {
    const user = toSessionUser(admin);
    expect(user.platformAdmin).toBe(true);
    expect(toSessionUser({ ...admin, platformAdmin: false }).platformAdmin).toBe(false);
    expect(user).toEqual({
      id: 15,
      userId: 5,
      username: 'demo_admin',
      nickname: '平台管理员',
      role: 'orgAdmin',
      organizationId: 1,
      organizationName: '示范校',
      platformAdmin: true,
      mustChangePassword: false,
    });
  });

  it('leaves the contact details out of machine contexts', () => {
    const user = toSessionUser(admin);
    expect(user).not.toHaveProperty('mobile');
    expect(user).not.toHaveProperty('email');
    // Idempotent: a session user converts to itself (replay feeds them back in).
    expect(toSessionUser(user)).toEqual(user);
  });
});
