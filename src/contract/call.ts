import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may make a call. `member`: any logged-in account; `teacher`: a teacher or organization
 * admin of the session's current organization; `orgAdmin`: organization admin only;
 * `parent`: a parent member (issue 25: the calls about their bound children);
 * `platformAdmin`: platform staff. Area guards (/oj, /edms, /bms) raise the floor further.
 */
export type Access = 'public' | 'member' | 'parent' | 'teacher' | 'orgAdmin' | 'platformAdmin';

/**
 * `binary`: bytes served as they are stored (a file, a QR image), read by the browser through
 * a URL (`<img src>`, a link), never through the transport. `download`: a file whose type the
 * answer's content-type names (a problem package: a zip or an XML file), saved like a zip.
 */
export type ResponseKind = 'json' | 'xlsx' | 'zip' | 'download' | 'event-stream' | 'binary';

/**
 * Response header of a download with something to say (exportPackage: what the chosen format
 * could not carry, one Chinese sentence per loss naming the question): JSON text, a list of
 * strings, percent-encoded since headers are ASCII. The transport hands it on as
 * DownloadedFile.notes.
 */
export const DOWNLOAD_NOTES_HEADER = 'x-xinao-download-notes';

/**
 * How the request body travels: a sealed JSON envelope, plain multipart (file uploads), or a
 * payment provider's notification (`notify`).
 */
export type RequestKind = 'json' | 'multipart' | 'notify';

/**
 * The one naming rule (docs/architecture.md "Calls"): a call's id is its path below the API
 * prefix with the slashes as dots. `/oj/member/queryCurrent` is `oj.member.queryCurrent`,
 * `/loginByPwd` is `loginByPwd`; the bare prefix `/` (the health check) is `root`.
 */
export const ROOT_CALL_ID = 'root';

/** `DELETE common.file.{fileName}`: the method in front of a path another call also serves. */
export const METHOD_PREFIX = /^(GET|POST|PUT|DELETE) /;
/** Path suffixes that name a file's type rather than a segment. */
const FILE_SUFFIX = /\.(jpg)$/;

/** `oj.member.queryCurrent` → `/oj/member/queryCurrent`. */
export const pathOfId = (id: string): string => {
  if (id === ROOT_CALL_ID) return '/';
  // Two extensions of the rule, both only where the spec's paths need them: a path served by
  // two methods (GET and DELETE /common/file/{fileName}) keys its second call with the method
  // in front (`DELETE common.file.{fileName}`), and a path naming a file keeps its suffix's dot
  // (`common.image.qrCode.jpg` is `/common/image/qrCode.jpg`).
  const bare = id.replace(METHOD_PREFIX, '');
  const suffix = FILE_SUFFIX.exec(bare)?.[0] ?? '';
  return `/${bare
    .slice(0, bare.length - suffix.length)
    .split('.')
    .join('/')}${suffix}`;
};

/** `/oj/member/queryCurrent` → `oj.member.queryCurrent`. */
export const idOfPath = (path: string): string =>
  path === '/' ? ROOT_CALL_ID : path.slice(1).split('/').join('.');

/** The flags a client needs beyond method and path; written once, in the call's entry. */
export interface CallFlags {
  responseKind?: ResponseKind;
  /**
   * `multipart`: the body is form data (files plus fields; object fields JSON-encoded, array fields
   * repeated, docs/product-rules.md#call-conventions) and is never sealed, like uploads
   * (docs/product-rules.md#requests). `notify`: a payment provider calls it
   * (docs/product-rules.md#call-conventions: paidNotify and refundNotify, GET and POST): no appid,
   * no session, never sealed; the same fields arrive as a JSON body (POST) or a query string (GET),
   * and the handler trusts them only once their signature verifies.
   */
  requestKind?: RequestKind;
  /** Client flag: failures are rethrown without a notification (docs/product-rules.md#errors). */
  skipErrorHandler?: boolean;
}

/**
 * Where a call goes and how its answer is read: all the client transport needs of a call. The
 * browser gets these from the generated `<domain>/refs.ts`, without zod and the schemas, so its
 * first screen stays small (docs/decisions/client-and-screens.md, "First-screen JavaScript without
 * zod").
 */
export interface CallRoute extends CallFlags {
  /** The path with dots (see ROOT_CALL_ID); used in logs, the API reference and the event log. */
  id: string;
  method: HttpMethod;
  /** Path below the API prefix /xinao/api, e.g. `/oj/member/queryCurrent`. */
  path: string;
}

/**
 * A call as a client names it: its route at run time, its schema types at compile time only,
 * so `transport.call(ref, …)` is typed by the schemas without carrying them. Every CallDef is a
 * CallRef.
 */
export interface CallRef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> extends CallRoute {
  /** Never set: carries the schema types for CallQuery, CallBody and CallResult. */
  readonly schemaTypes?: { query: Q; body: B; response: R };
}

/** What an author writes for one call: everything but the id and path, which are its key. */
export interface CallSpec<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> extends CallFlags {
  method: HttpMethod;
  access: Access;
  summary: string;
  query?: Q;
  body?: B;
  response: R;
  /**
   * Rate limit, for login, captcha and code-sending calls (per client address) and for heavy
   * calls (per account: the same person from many addresses is still one person).
   */
  rateLimit?: { max: number; timeWindowMs: number; per?: 'client' | 'account' };
  /**
   * The call signs in or out or changes a credential: the system log records every attempt,
   * whoever makes it (contract/sys-log/recorded.ts).
   */
  identity?: boolean;
  /** Largest JSON body (sealed) this call takes, when above the server default of 256 KiB. */
  bodyLimitBytes?: number;
  /**
   * Largest file a multipart call takes, when above the upload default (32 MiB): apart from
   * bodyLimitBytes, so a call taking a large file still refuses a large sealed JSON body.
   */
  uploadLimitBytes?: number;
}

/** The full definition: route, access rule, schemas. The server validates with it. */
export interface CallDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
>
  extends CallRef<Q, B, R>, CallSpec<Q, B, R> {}

type DefOf<S> =
  S extends CallSpec<
    infer Q extends z.ZodType,
    infer B extends z.ZodType,
    infer R extends z.ZodType
  >
    ? CallDef<Q, B, R>
    : never;

/** Checks one entry's shape while keeping its schema types (used inside defineCalls). */
export const spec = <Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  s: CallSpec<Q, B, R>,
): CallSpec<Q, B, R> => s;

/**
 * A domain's calls, keyed by id (= path with dots): `defineCalls({ 'oj.member.queryCurrent':
 * spec({...}) })`. The id and path are filled from the key, so a call is one entry in one file.
 * Each definition's `id` is typed as its key, so the server's handler list can say which calls it
 * wires (server/handlers.ts: a call without a handler is a compile error).
 */
export function defineCalls<const S extends Record<string, CallSpec>>(
  specs: S,
): { [K in keyof S & string]: DefOf<S[K]> & { readonly id: K } } {
  return Object.fromEntries(
    Object.entries(specs).map(([id, s]) => [id, { id, path: pathOfId(id), ...s }]),
  ) as { [K in keyof S & string]: DefOf<S[K]> & { readonly id: K } };
}

export type CallQuery<C> = C extends CallRef<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type CallBody<C> = C extends CallRef<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type CallResult<C> = C extends CallRef<z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** The client ref of a full definition. */
export type RefOf<D> = D extends CallDef<infer Q, infer B, infer R> ? CallRef<Q, B, R> : never;

/** The client refs of a domain's definitions, key for key (the generated refs.ts files). */
export type RefsOf<Defs> = { readonly [K in keyof Defs]: RefOf<Defs[K]> };

/** The area a path belongs to, from its first segment (docs/product-rules.md#areas). */
export function areaOf(path: string): 'oj' | 'edms' | 'bms' | 'app' {
  const first = path.split('/')[1];
  return first === 'oj' || first === 'edms' || first === 'bms' ? first : 'app';
}
