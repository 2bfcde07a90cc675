import type { CurrentUser } from '../contract/accounts/calls.ts';

/**
 * The current user as machines keep it: the contract's CurrentUser without mobile and email.
 * Contact details are personal data that the event-log export scrubs; leaving them out of
 * machine contexts keeps a replayed context equal to the live one and keeps them out of
 * long-lived client state. Screens that show them load them on their own.
 */
export type SessionUser = Omit<CurrentUser, 'mobile' | 'email'>;

export function toSessionUser(user: CurrentUser | SessionUser): SessionUser {
  return {
    id: user.id,
    userId: user.userId,
    username: user.username,
    nickname: user.nickname,
    role: user.role,
    organizationId: user.organizationId,
    organizationName: user.organizationName,
    platformAdmin: user.platformAdmin,
    mustChangePassword: user.mustChangePassword,
  };
}
