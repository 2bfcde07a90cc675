/**
 * One system log entry from a call that has answered (docs/decisions/admin-and-identity.md,
 * "The system log"): who, as which role, in which organization, which call, on which ids, how
 * it ended, from where, when. Only ids and names are kept: never a password, a body or an answer.
 */
import type { SysLogKind } from '../../contract/sys-log/recorded.ts';
import type { CallTrace } from '../http/call-trace.ts';
import type { Auth } from '../http/sessions.ts';

export interface SysLogEntry {
  at: string;
  kind: SysLogKind;
  callId: string;
  userId: number | null;
  /** Only when no account is known: the name a failed sign-in tried. */
  triedName: string | null;
  memberId: number | null;
  /** The built-in role's name; the custom roles' names are added when written. */
  role: string;
  /** The custom roles that decided the call (named when written, recorder.ts). */
  roleIds: number[];
  organizationId: number | null;
  targets: Record<string, TargetValue>;
  outcome: 'success' | 'failure';
  status: number;
  errorCode: number | null;
  message: string | null;
  ip: string;
  userAgent: string | null;
  requestId: string;
  durationMs: number;
}

type TargetId = number | string;
type TargetValue = TargetId | TargetId[];

/** `id`, `ids`, `memberId`, `questionIds`: the fields that name rows. */
const TARGET_KEY = /^(ids?|[a-z][A-Za-z0-9]*Ids?)$/;
const MAX_IDS_PER_KEY = 50;
const MAX_TEXT = 500;

export const ANONYMOUS_ROLE = '未登录';
const BUILT_IN_ROLE_NAMES = {
  student: '学员',
  parent: '家长',
  teacher: '教师',
  orgAdmin: '机构管理员',
} as const;

/**
 * PostgreSQL text holds no NUL and JSON no lone surrogate: a caller's text loses them, so one
 * odd entry cannot stall the rest.
 */
const storable = (text: string, max: number) => text.slice(0, max).replace(/[\0\p{Cs}]/gu, '');

function targetId(value: unknown): TargetId | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && value.length > 0 && value.length <= 64) {
    return storable(value, 64);
  }
  return undefined;
}

/** The ids among a call's inputs (path, query, body) and, for a create, the id it made. */
export function targetsOf(
  inputs: readonly unknown[],
  answer: unknown,
): Record<string, TargetValue> {
  const targets: Record<string, TargetValue> = {};
  for (const input of inputs) {
    if (!input || typeof input !== 'object' || Array.isArray(input)) continue;
    for (const [key, value] of Object.entries(input)) {
      if (!TARGET_KEY.test(key) || Object.hasOwn(targets, key)) continue;
      if (Array.isArray(value)) {
        const ids = value.map(targetId).filter((v) => v !== undefined);
        if (ids.length > 0) targets[key] = ids.slice(0, MAX_IDS_PER_KEY);
      } else {
        const id = targetId(value);
        if (id !== undefined) targets[key] = id;
      }
    }
  }
  if (!Object.hasOwn(targets, 'id') && answer && typeof answer === 'object') {
    const made = targetId((answer as { id?: unknown }).id);
    if (made !== undefined) targets.id = made;
  }
  return targets;
}

/** The built-in role the caller acted in, and the custom roles that decided what they may do. */
export function roleOf(auth: Auth | null): { role: string; roleIds: number[] } {
  if (!auth) return { role: ANONYMOUS_ROLE, roleIds: [] };
  if (auth.platformAdmin) return { role: '平台管理员', roleIds: auth.userRoles.map((r) => r.id) };
  return {
    role: BUILT_IN_ROLE_NAMES[auth.role],
    roleIds: auth.memberRoles.map((r) => r.id),
  };
}

/** A refused sign-in has no account: the name it tried is what the log can say of who. */
function triedName(trace: CallTrace): string | null {
  const body = trace.body as { username?: unknown; mobile?: unknown } | undefined;
  const name = body?.username ?? body?.mobile;
  return typeof name === 'string' ? storable(name, 64) : null;
}

function refusalText(trace: CallTrace): string | null {
  const refusal = trace.refusal;
  if (!refusal) return null;
  const fields = (refusal.data as { fields?: { field: string; message: string }[] } | null)?.fields;
  const detail = [...new Set(fields?.map((f) => `${f.field} ${f.message}`))].join('；');
  return storable(detail ? `${refusal.message}：${detail}` : refusal.message, MAX_TEXT);
}

export interface AnsweredCall {
  trace: CallTrace;
  kind: SysLogKind;
  /** The path's parameters (`{id}` of a REST-style path). */
  params: unknown;
  ip: string;
  userAgent: string | undefined;
  requestId: string;
  status: number;
  elapsedMs: number;
  now: number;
}

export function entryOf(call: AnsweredCall): SysLogEntry {
  const { trace } = call;
  const auth = trace.auth;
  const failed = call.status >= 400;
  return {
    at: new Date(call.now - Math.round(call.elapsedMs)).toISOString(),
    kind: call.kind,
    callId: trace.call.id,
    userId: auth?.userId ?? null,
    triedName: auth ? null : triedName(trace),
    memberId: auth?.memberId ?? null,
    ...roleOf(auth),
    organizationId: auth?.organizationId ?? null,
    // A write's answer may name the row it made; a sign-in's answer is the account, not a target.
    targets: targetsOf(
      [call.params, trace.query, trace.body],
      failed || call.kind !== 'write' ? undefined : trace.answer,
    ),
    outcome: failed ? 'failure' : 'success',
    status: call.status,
    errorCode: failed ? (trace.refusal?.code ?? null) : null,
    message: failed ? refusalText(trace) : null,
    ip: call.ip,
    userAgent: call.userAgent === undefined ? null : storable(call.userAgent, MAX_TEXT),
    requestId: call.requestId,
    durationMs: Math.round(call.elapsedMs),
  };
}
