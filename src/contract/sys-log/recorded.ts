/**
 * What the system log records (docs/decisions/admin-and-identity.md, "The system log"): every
 * staff write, every export staff make, and every sign-in, sign-out and password change
 * whoever makes it, failed attempts included. Read from each call's entry, so a new staff call
 * is recorded the day it is declared.
 */
import type { CallDef } from '../call.ts';
import { STAFF, isStaffWrite } from '../staff-writes.ts';

export const SYS_LOG_KINDS = ['write', 'export', 'identity'] as const;
export type SysLogKind = (typeof SYS_LOG_KINDS)[number];

export const SYS_LOG_KIND_NAMES: Record<SysLogKind, string> = {
  write: '操作',
  export: '导出',
  identity: '登录与密码',
};

/** Answers that leave as a file: a spreadsheet, a zip, a problem package. */
const EXPORTED = new Set(['xlsx', 'zip', 'download']);

type Recordable = Pick<
  CallDef,
  'id' | 'method' | 'access' | 'requestKind' | 'responseKind' | 'identity'
>;

/** The kind of entry a call makes in the system log, or null when it is not recorded. */
export function sysLogKindOf(call: Recordable): SysLogKind | null {
  if (call.identity) return 'identity';
  // The document shelf's learner copy is sent like a staff write but writes a learner's own notes.
  if (isStaffWrite(call) && STAFF.includes(call.access)) return 'write';
  if (STAFF.includes(call.access) && EXPORTED.has(call.responseKind ?? 'json')) return 'export';
  return null;
}
