import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may make a call. `member`: any logged-in account; `teacher`: a teacher or organization
 * admin of the session's current organization; `orgAdmin`: organization admin only;
 * `platformAdmin`: platform staff. Area guards (/oj, /edms, /bms) raise the floor further.
 */
export type Access = 'public' | 'member' | 'teacher' | 'orgAdmin' | 'platformAdmin';

export type ResponseKind = 'json' | 'xlsx' | 'event-stream';

export interface CallDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  /** Stable name, `domain.action`, used in logs, the API reference and the event log. */
  id: string;
  method: HttpMethod;
  /** Path below the API prefix /xinao/api, e.g. `/oj/member/queryCurrent`. */
  path: string;
  access: Access;
  summary: string;
  query?: Q;
  body?: B;
  response: R;
  responseKind?: ResponseKind;
  /** Client flag: failures are rethrown without a notification (spec 000 §8). */
  skipErrorHandler?: boolean;
  /** Per-client rate limit, for login, captcha and code-sending calls. */
  rateLimit?: { max: number; timeWindowMs: number };
}

export const defineCall = <Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  def: CallDef<Q, B, R>,
): CallDef<Q, B, R> => def;

export type CallQuery<C> = C extends CallDef<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type CallBody<C> = C extends CallDef<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type CallResult<C> = C extends CallDef<z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** The area a path belongs to, from its first segment (spec 001 §1). */
export function areaOf(path: string): 'oj' | 'edms' | 'bms' | 'app' {
  const first = path.split('/')[1];
  return first === 'oj' || first === 'edms' || first === 'bms' ? first : 'app';
}
