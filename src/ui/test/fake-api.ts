/**
 * A stand-in API for component tests (msw, Node side). It hands out a real envelope key, so
 * the real transport seals its requests as it would against the server, and seals successful
 * answers to whoever sent a key, as the server does (a transport refuses a plain answer where
 * it asked for a sealed one). Tests add the calls they need with `answer`.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { CallDef } from '../../contract/call.ts';
import { allCalls } from '../../contract/index.ts';
import { effectiveAccess, isStaffAccess } from '../../contract/permission/operates.ts';
import { ErrorCode, errorCatalogue } from '../../contract/errors.ts';
import { ENVELOPE_KEY_HEADER } from '../../contract/envelope.ts';
import {
  acceptSession,
  generateServerKeyPair,
  importServerPrivateKey,
  isSealedEnvelope,
  sealResponse,
} from '../../transport/envelope-crypto.ts';

export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_API = `${TEST_ORIGIN}/xinao/api`;
export const TEST_WEB = `${TEST_ORIGIN}/web/`;

export const testSettings = {
  title: '测试站点',
  favicon: '/web/test.svg',
  logo: '/web/test-logo.svg',
};

const keyPair = await generateServerKeyPair();
const privateKey = await importServerPrivateKey(keyPair.privateKeyJwk);

/** Every staff operate of the contract (what a role may grant). */
export const EVERY_STAFF_OPERATE = allCalls
  .filter((call) => isStaffAccess(effectiveAccess(call)))
  .map((call) => call.id);

export const api = setupServer(
  http.get(`${TEST_API}/common/envelope/publicKey`, () =>
    HttpResponse.json({
      success: true,
      code: 0,
      message: '成功',
      data: { keyId: keyPair.keyId, publicKey: keyPair.publicKey },
    }),
  ),
  http.get(`${TEST_WEB}settings.json`, () => HttpResponse.json(testSettings)),
  // What the session may do (use-operates.ts): every staff operate, as for platform staff whom no
  // role limits, unless a test says otherwise; the screens' own rules are what is tested.
  http.get(`${TEST_API}/member/queryCurrentRights`, async ({ request }) =>
    sealedFor(
      request,
      success({ rights: [], vip: false, expireDate: null, operates: EVERY_STAFF_OPERATE }),
    ),
  ),
  // Nobody is logged in unless a test says otherwise.
  http.get(`${TEST_API}/queryCurrent`, () =>
    failure(ErrorCode.NOT_LOGGED_IN, errorCatalogue.NOT_LOGGED_IN.message, 401),
  ),
);

export function failure(code: number, message: string, status = 400, data: JsonBodyType = null) {
  return HttpResponse.json({ success: false, code, message, data }, { status });
}

export function success(data: JsonBodyType) {
  return HttpResponse.json({ success: true, code: 0, message: '成功', data });
}

/** The key a request offered for its answer: the header, or the sealed body's. */
async function offeredKey(request: Request): Promise<string | null> {
  const header = request.headers.get(ENVELOPE_KEY_HEADER);
  if (header) return header;
  if (!request.headers.get('content-type')?.includes('application/json')) return null;
  const body: unknown = await request.clone().json();
  return isSealedEnvelope(body) ? body.key : null;
}

/** `response` as the server would send it to `request`: a success sealed with its key. */
export async function sealedFor(request: Request, response: Response): Promise<Response> {
  const key = await offeredKey(request);
  if (!key || !response.headers.get('content-type')?.includes('application/json')) {
    return response;
  }
  const envelope = (await response.clone().json()) as { success: boolean; data: unknown };
  if (!envelope.success) return response;
  const session = await acceptSession(key, () => privateKey, {
    method: request.method,
    path: new URL(request.url).pathname,
  });
  return HttpResponse.json(
    { ...envelope, data: await sealResponse(session, envelope.data) } as JsonBodyType,
    { status: response.status },
  );
}

/** Answers one contract call with `respond` (every time it is made), sealed like the server. */
export function answer(call: CallDef, respond: (request: Request) => Response | Promise<Response>) {
  const method = call.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  api.use(
    http[method](`${TEST_API}${call.path}`, async ({ request }) =>
      sealedFor(request, await respond(request)),
    ),
  );
}
