import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may make a call. `member`: any logged-in account; `teacher`: a teacher or organization
 * admin of the session's current organization; `orgAdmin`: organization admin only;
 * `platformAdmin`: platform staff. Area guards (/oj, /edms, /bms) raise the floor further.
 */
export type Access = 'public' | 'member' | 'teacher' | 'orgAdmin' | 'platformAdmin';

export type ResponseKind = 'json' | 'xlsx' | 'zip' | 'event-stream';

/** How the request body travels: a sealed JSON envelope, or plain multipart (file uploads). */
export type RequestKind = 'json' | 'multipart';

/**
 * Where a call goes and how its answer is read: all the client transport needs of a call.
 * Routes live in ../routes/*.ts, apart from the schemas, so the browser can make calls without
 * loading zod and the schemas on its first screen (DESIGN.md §5 budget).
 */
export interface CallRoute {
  /** Stable name, `domain.action`, used in logs, the API reference and the event log. */
  id: string;
  method: HttpMethod;
  /** Path below the API prefix /xinao/api, e.g. `/oj/member/queryCurrent`. */
  path: string;
  responseKind?: ResponseKind;
  /**
   * `multipart`: the body is form data (files plus fields; object fields JSON-encoded, array
   * fields repeated, spec 001 §7) and is never sealed, like uploads (spec 000 §7).
   */
  requestKind?: RequestKind;
  /** Client flag: failures are rethrown without a notification (spec 000 §8). */
  skipErrorHandler?: boolean;
}

/**
 * A call as a client names it: its route at run time, its schema types at compile time only,
 * so `transport.call(ref, …)` is typed by the schemas without carrying them. Every CallDef is a
 * CallRef; routes/*.ts give schema-free refs (`auth.loginByPwd`) for the browser.
 */
export interface CallRef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> extends CallRoute {
  /** Never set: carries the schema types for CallQuery, CallBody and CallResult. */
  readonly schemaTypes?: { query: Q; body: B; response: R };
}

/** The full definition: route, access rule, schemas. The server validates with it. */
export interface CallDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> extends CallRef<Q, B, R> {
  access: Access;
  summary: string;
  query?: Q;
  body?: B;
  response: R;
  /** Per-client rate limit, for login, captcha and code-sending calls. */
  rateLimit?: { max: number; timeWindowMs: number };
  /** Largest JSON body (sealed) this call takes, when above the server default of 256 KiB. */
  bodyLimitBytes?: number;
}

export const defineCall = <Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  def: CallDef<Q, B, R>,
): CallDef<Q, B, R> => def;

export type CallQuery<C> = C extends CallRef<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type CallBody<C> = C extends CallRef<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type CallResult<C> = C extends CallRef<z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** The client ref of a full definition. */
export type RefOf<D> = D extends CallDef<infer Q, infer B, infer R> ? CallRef<Q, B, R> : never;

/**
 * Client refs for an area's routes, typed by the area's definitions: `refsTo<typeof defs>()
 * ({ loginByPwd, … })`. Only the route objects exist at run time; the definitions are a type
 * import, so no schema is loaded. routes.test.ts checks each ref against its definition.
 */
export const refsTo =
  <Defs>() =>
  <K extends keyof Defs & string>(routes: Record<K, CallRoute>): { [P in K]: RefOf<Defs[P]> } =>
    routes as { [P in K]: RefOf<Defs[P]> };

/** The area a path belongs to, from its first segment (spec 001 §1). */
export function areaOf(path: string): 'oj' | 'edms' | 'bms' | 'app' {
  const first = path.split('/')[1];
  return first === 'oj' || first === 'edms' || first === 'bms' ? first : 'app';
}
