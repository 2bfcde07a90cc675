/**
 * Who may see a guarded screen, decided once for every wrapper (must-login, auth,
 * platform-admin), so each kind of guard treats a visitor and the wrong member the same way.
 */
import type { SessionView } from '../app/hooks.ts';
import type { Guard } from '../routes/screen-route.ts';

/**
 * `waiting`: the start-up sequence does not yet know who is here (show neither the screen nor
 * the login prompt); `login`: a visitor, who gets the login prompt; `forbidden`: logged in
 * without the standing the screen needs; `allowed`: the screen.
 */
export type AccessDecision = 'waiting' | 'login' | 'forbidden' | 'allowed';

export function decideAccess(guard: Guard, { ready, user }: SessionView): AccessDecision {
  if (guard.kind === 'public') return 'allowed';
  if (!ready) return 'waiting';
  if (!user) return 'login';
  if (guard.kind === 'auth' && !guard.roles.includes(user.role)) return 'forbidden';
  if (guard.kind === 'platform-admin' && !user.platformAdmin) return 'forbidden';
  return 'allowed';
}
