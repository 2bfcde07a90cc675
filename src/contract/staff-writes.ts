import type { Access, CallDef } from './call.ts';

/**
 * Which calls are staff writes: the calls the back office sends through the staff-edit machine
 * (src/machines/staff-edit), which shows their outcome on the screen that made them. Read from
 * each call's entry, so a new staff call is a staff write the day it is declared: `npm run
 * contract` writes the ids into src/contract/refs.ts (`StaffWriteCall`), and no list is kept
 * by hand.
 *
 * A staff write changes something (not GET, not a query or a download read through POST), is
 * made by staff (teacher, organization admin or platform admin), and is not a payment
 * provider's notification. One screen shared with learners sends its writes the same way: the document
 * shelf, whose learner copy writes a member's own notes (`oj.memberDocument.*`).
 */
export const STAFF: readonly Access[] = ['teacher', 'orgAdmin', 'platformAdmin'];

/** The document shelf's learner copy (DocumentShelf.tsx, area `oj`). */
const SHARED_SHELF = /^oj\.memberDocument\.(create|update|delete|publish|unpublish)$/;

/** Reads sent by POST (a filter in the body): `queryList`, `anonQueryList`, `querySimpleList`. */
const READ = /query/i;

export function isStaffWrite(
  call: Pick<CallDef, 'id' | 'method' | 'access' | 'requestKind' | 'responseKind'>,
): boolean {
  if (call.method === 'GET' || call.requestKind === 'notify') return false;
  // A download (a spreadsheet, a zip) is read, not written.
  if ((call.responseKind ?? 'json') !== 'json') return false;
  if (SHARED_SHELF.test(call.id)) return true;
  const action = call.id.split('.').at(-1) ?? '';
  return STAFF.includes(call.access) && !READ.test(action);
}
