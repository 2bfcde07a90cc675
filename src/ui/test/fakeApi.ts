/**
 * A stand-in API for component tests (msw, Node side). It hands out a real envelope key, so
 * the real transport seals its requests as it would against the server; answers go back
 * unsealed, which the transport accepts. Tests add the calls they need with `answer`.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { CallDef } from '../../contract/call.ts';
import { ErrorCode, errorCatalogue } from '../../contract/errors.ts';
import { generateServerKeyPair } from '../../transport/envelope-crypto.ts';

export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_API = `${TEST_ORIGIN}/xinao/api`;
export const TEST_WEB = `${TEST_ORIGIN}/web/`;

export const testSettings = {
  title: '测试站点',
  favicon: '/web/test.svg',
  logo: '/web/test-logo.svg',
};

const keyPair = await generateServerKeyPair();

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

/** Answers one contract call with `respond` (every time it is made). */
export function answer(call: CallDef, respond: () => Response | Promise<Response>) {
  const method = call.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  api.use(http[method](`${TEST_API}${call.path}`, respond));
}
