import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bodyLimitOf } from '../../contract/body-size.ts';
import { ROOT_CALL_ID } from '../../contract/call.ts';
import type { CallDef } from '../../contract/call.ts';
import { API_PREFIX, APP_ID_HEADER } from '../../contract/envelope.ts';
import { errorCatalogue } from '../../contract/errors.ts';
import { IMPORT_RATE_LIMIT } from '../../contract/question/common.ts';
import { SESSION_COOKIE, createSession, findSession, revokeSessionByToken } from './sessions.ts';
import type { Auth } from './sessions.ts';
import type { Services } from '../services.ts';
import { effectiveAccess } from '../../contract/permission/operates.ts';
import { checkAccess } from './access.ts';
import { startTrace, traceOf } from './call-trace.ts';
import { fail } from './app-error.ts';
import { sealServerResponse } from '../envelope/node-envelope.ts';
import { openRequestEnvelope } from './envelope.ts';
import { FileAnswer, contentDisposition, readMultipart } from './multipart.ts';
import type { EnvelopeDeps } from './envelope.ts';
import type { HandlerContext, HandlerEntry } from './handler.ts';
import { parseOrThrow, validationError } from './validation-error.ts';

export interface CallRouteOptions {
  services: Services;
  envelope: EnvelopeDeps;
  /** Check every answer against the contract and log mismatches (development and test). */
  validateResponses: boolean;
  secureCookies: boolean;
  /** The server-wide floor of every call's body limit. */
  bodyLimitBytes: number;
  /** Replaces the `max` of the question imports' per-account limit (IMPORT_LIMIT_PER_HOUR). */
  importLimitMax?: number;
  /**
   * Replaces the `max` of every per-account limit: for tests that send thousands of refused
   * requests from one account (tests/support/bad-input.ts), never read from a setting.
   */
  accountLimitMax?: number;
}

/** Calls that load balancers and people probe without headers: the health check. */
const APP_ID_EXEMPT = new Set([ROOT_CALL_ID]);
const appIdValue = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/);
/** A call with no query schema takes no query parameters. */
const noQuery = z.strictObject({});

/** `/oj/member/{id}` → `/xinao/api/oj/member/:id`; the health check `/` is the bare prefix. */
export function routeUrl(call: CallDef): string {
  const path = call.path === '/' ? '' : call.path.replace(/\{(\w+)\}/g, ':$1');
  return API_PREFIX + path;
}

/**
 * The appid a request carries must be an enabled app (table apps, server/apps/registry.ts).
 * URL calls (a file, a QR image, read by `<img src>` or a link, which send no header) carry
 * it as the `appId` query parameter instead; it is optional there.
 */
/** The query passes the handler's own parse (schema and the checks every field gets). */
function queryHolds(call: CallDef, request: FastifyRequest): boolean {
  try {
    parseOrThrow(call.query ?? noQuery, request.query ?? {}, 'query');
    return true;
  } catch {
    return false;
  }
}

async function checkAppId(request: FastifyRequest, call: CallDef, services: Services) {
  const fromUrl = call.responseKind === 'binary';
  const value = fromUrl
    ? (request.query as Record<string, unknown> | undefined)?.appId
    : request.headers[APP_ID_HEADER];
  const field = fromUrl ? 'query.appId' : `header.${APP_ID_HEADER}`;
  // A URL whose query is malformed is refused by the handler, naming its field; its appId is
  // only worth a lookup once the rest of the address holds.
  if (fromUrl && call.query && !queryHolds(call, request)) return;
  if (value === undefined || value === '') {
    if (fromUrl) return;
    throw validationError([{ field, message: '缺少请求头 appid' }]);
  }
  if (!appIdValue.safeParse(value).success) {
    throw validationError([
      { field, message: fromUrl ? 'appId 格式不正确' : '请求头 appid 格式不正确' },
    ]);
  }
  const status = await services.apps.statusOf(value as string);
  if (status === 'unknown') throw fail('FORBIDDEN', `应用 ${String(value)} 未登记，请求被拒绝`);
  if (status === 'disabled') throw fail('FORBIDDEN', `应用 ${String(value)} 已停用，请求被拒绝`);
}

async function resolveAuth(request: FastifyRequest, services: Services): Promise<Auth | null> {
  const token = request.cookies[SESSION_COOKIE];
  return token ? findSession(services.pool, token) : null;
}

/** The rate-limit key of a per-account limit: the account, never the address. */
function accountKey(request: FastifyRequest): string {
  const auth = traceOf(request)?.auth;
  return auth ? `account:${auth.userId}` : `client:${request.ip}`;
}

/** The request announces a body: a non-zero length, or a chunked one. */
function carriesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined && length !== '0') return true;
  return request.headers['transfer-encoding'] !== undefined;
}

/**
 * Registers every contract call at its path. Each request goes, in order, through: appid →
 * session → access (all before the body is read) → rate limit (plugin hook) → body read →
 * envelope → input validation → handler → answer (sealed when the request carried a key).
 */
export function registerCalls(
  app: FastifyInstance,
  calls: readonly CallDef[],
  handlers: readonly HandlerEntry[],
  options: CallRouteOptions,
): void {
  const byId = new Map(handlers.map((h) => [h.call.id, h]));
  const missing = calls.filter((c) => !byId.has(c.id)).map((c) => c.id);
  if (missing.length > 0) throw new Error(`no handler for call(s): ${missing.join(', ')}`);

  for (const call of calls) {
    const entry = byId.get(call.id)!;
    const access = effectiveAccess(call);
    // A provider's notification arrives as POST (JSON body) or GET (query string), docs/product-rules.md#call-conventions.
    const notify = call.requestKind === 'notify';
    app.route({
      method: notify ? ['GET', 'POST'] : call.method,
      url: routeUrl(call),
      // Every input its schema accepts fits (contract/body-size.ts); large JSON raises the limit.
      bodyLimit: bodyLimitOf(call, options.bodyLimitBytes),
      config: call.rateLimit
        ? {
            callId: call.id,
            rateLimit: {
              max: call.rateLimit.max,
              timeWindow: call.rateLimit.timeWindowMs,
              // Per account: the early checks below have already found the caller.
              ...(call.rateLimit.per === 'account'
                ? {
                    max:
                      options.accountLimitMax ??
                      (call.rateLimit === IMPORT_RATE_LIMIT ? options.importLimitMax : undefined) ??
                      call.rateLimit.max,
                    keyGenerator: (request: FastifyRequest) => accountKey(request),
                  }
                : {}),
            },
          }
        : { callId: call.id },
      // Who is calling and whether they may make the call are known from the cookie and the
      // path: refuse before a byte of the body is read (a 30 MiB anonymous import costs nothing).
      // Route hooks run before the rate-limit plugin's, which may key on the caller found here.
      onRequest: async (request: FastifyRequest) => {
        const trace = startTrace(request, call);
        // Payment providers send no appid: their notifications prove themselves by signature.
        if (!APP_ID_EXEMPT.has(call.id) && !notify) {
          await checkAppId(request, call, options.services);
        }
        // Fastify does not read a GET's body, so without this check one would pass unseen.
        if (call.method === 'GET' && carriesBody(request)) {
          throw validationError([{ field: 'body', message: '此接口不接受请求体' }]);
        }
        trace.auth = await resolveAuth(request, options.services);
        await checkAccess(call, access, trace.auth, options.services.roleOperates);
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        // A multipart call given a sealed JSON body reads its fields from it (and has no file).
        const multipart = call.requestKind === 'multipart' && request.isMultipart();
        const opened =
          multipart || notify
            ? { session: null, body: undefined }
            : await openRequestEnvelope(call, request, options.envelope);
        const trace = traceOf(request)!;
        let auth = trace.auth;
        // Multipart bodies (never sealed) are streamed only once the caller may make the call.
        const upload = multipart
          ? await readMultipart(request, call.uploadLimitBytes)
          : { body: undefined, files: [] };
        if (multipart) opened.body = upload.body;
        // A notification's fields come as its schema says: a GET call's declared query (the
        // 公众号 server check), else the body, which a GET notification carries in its query.
        const notifyFields = notify && request.method === 'GET' && call.body ? 'query' : 'body';
        const query =
          notifyFields === 'query'
            ? {}
            : parseOrThrow(call.query ?? noQuery, request.query ?? {}, 'query');
        if (notify) opened.body = notifyFields === 'query' ? request.query : request.body;
        if (!call.body && opened.body !== undefined) {
          throw validationError([{ field: 'body', message: '此接口不接受请求体' }]);
        }
        // A form (multipart, or a provider's notification) carries text; a sealed body JSON.
        const carrier = multipart || notify ? 'text' : 'json';
        trace.query = query;
        const body = call.body
          ? parseOrThrow(call.body, opened.body, notifyFields, carrier)
          : undefined;
        trace.body = body;

        const ctx: HandlerContext = {
          query,
          body,
          auth,
          services: options.services,
          request,
          reply,
          files: upload.files,
          requireAuth: () => {
            if (!auth) throw fail('NOT_LOGGED_IN');
            return auth;
          },
          signIn: async (userId, memberId) => {
            const previous = request.cookies[SESSION_COOKIE];
            if (previous) await revokeSessionByToken(options.services.pool, previous);
            const session = await createSession(options.services.pool, {
              userId,
              memberId,
              ip: request.ip,
              userAgent: request.headers['user-agent'],
            });
            reply.setCookie(SESSION_COOKIE, session.token, {
              path: '/',
              httpOnly: true,
              sameSite: 'lax',
              secure: options.secureCookies,
              expires: session.expiresAt,
            });
            auth = await findSession(options.services.pool, session.token);
            trace.auth = auth;
          },
          signOut: async () => {
            const token = request.cookies[SESSION_COOKIE];
            if (token) await revokeSessionByToken(options.services.pool, token);
            reply.clearCookie(SESSION_COOKIE, { path: '/' });
            auth = null;
          },
        };
        const data = await entry.handle(ctx);
        if (!(data instanceof FileAnswer)) trace.answer = data;
        // An event stream has been written to the hijacked reply by its handler (docs/product-rules.md#requests).
        if (call.responseKind === 'event-stream') return reply;
        // A download (zip, xlsx) goes out as is, never in the envelope.
        if (data instanceof FileAnswer) {
          return reply
            .status(errorCatalogue.OK.status)
            .type(data.contentType)
            .header('content-disposition', contentDisposition(data.fileName, data.options.inline))
            .headers(data.options.headers ?? {})
            .send(data.data);
        }

        if (options.validateResponses) {
          const checked = call.response.safeParse(data);
          if (!checked.success) {
            request.log.error(
              { callId: call.id, issues: checked.error.issues },
              'answer does not match the contract',
            );
          }
        }
        const payload = opened.session ? sealServerResponse(opened.session, data) : data;
        reply.status(errorCatalogue.OK.status);
        return { success: true, code: 0, message: errorCatalogue.OK.message, data: payload };
      },
    });
  }
}
