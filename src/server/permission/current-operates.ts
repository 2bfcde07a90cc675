/**
 * What the screens need to show a session only the menus and buttons it may use: the staff
 * operates it may make now, decided by the same check every call passes (http/access.ts).
 */
import { mayCall } from '../http/access.ts';
import type { RoleOperates } from '../http/access.ts';
import type { Auth } from '../http/sessions.ts';
import { STAFF_CALLS } from './catalogue.ts';

export async function permittedOperates(auth: Auth, roles: RoleOperates): Promise<string[]> {
  if (auth.role !== 'teacher' && auth.role !== 'orgAdmin' && !auth.platformAdmin) return [];
  const permitted: string[] = [];
  for (const { call, access } of STAFF_CALLS) {
    if (await mayCall(call, access, auth, roles)) permitted.push(call.id);
  }
  return permitted;
}
