/**
 * A stand-in for WeChat's API in the test process, written from WeChat's documentation of the
 * calls the platform makes (server/wechat/official.ts): the 公众号's `sns/oauth2/access_token`,
 * the mini program's `sns/jscode2session`, `cgi-bin/stable_token`,
 * `wxa/business/getuserphonenumber` and `wxa/getwxacodeunlimit`. Codes work once (40029 unknown,
 * 40163 used), a wrong secret is 40125, an access token WeChat replaced is 40001. It proves the
 * adapter speaks the documented protocol; it is not WeChat.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeApp {
  appId: string;
  secret: string;
}

/** A 1×1 PNG: what getwxacodeunlimit answers is an image, not JSON. */
export const FAKE_QR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export interface FakeWechat {
  url: string;
  /** A code as WeChat would hand it to the app for this person. */
  issueCode(app: 'gzh' | 'mp', who: { openid: string; unionid?: string }): string;
  /** A getPhoneNumber code for this mobile. */
  issuePhoneCode(mobile: string, countryCode?: string): string;
  /** WeChat answers the next `times` calls with this errcode (-1: system busy). */
  failNext(errcode: number, errmsg: string, times?: number): void;
  /** Every access token handed out so far stops working (as when another party forced one). */
  replaceTokens(): void;
  /** How many stable_token calls were made. */
  tokenCalls(): number;
  /** The bodies getwxacodeunlimit received. */
  qrRequests(): { scene: string; page?: string; check_path?: boolean }[];
  close(): Promise<void>;
}

export async function startFakeWechat(apps: { gzh: FakeApp; mp: FakeApp }): Promise<FakeWechat> {
  const codes = new Map<string, { app: 'gzh' | 'mp'; openid: string; unionid?: string }>();
  const phoneCodes = new Map<string, { mobile: string; countryCode: string }>();
  const used = new Set<string>();
  const validTokens = new Set<string>();
  const qr: { scene: string; page?: string; check_path?: boolean }[] = [];
  let failure: { errcode: number; errmsg: string; times: number } | null = null;
  let tokenCalls = 0;

  const json = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
  };
  /** Spends a code once: its value, or the errcode WeChat answers. */
  const spend = <T>(map: Map<string, T>, code: string): T | number => {
    if (used.has(code)) return 40163;
    const found = map.get(code);
    if (!found) return 40029;
    used.add(code);
    return found;
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://wx');
      const q = url.searchParams;
      if (failure) {
        const { errcode, errmsg } = failure;
        failure.times -= 1;
        if (failure.times <= 0) failure = null;
        return json(res, { errcode, errmsg });
      }
      if (url.pathname === '/sns/oauth2/access_token' || url.pathname === '/sns/jscode2session') {
        const app = url.pathname === '/sns/jscode2session' ? 'mp' : 'gzh';
        const creds = apps[app];
        if (q.get('grant_type') !== 'authorization_code' || q.get('appid') !== creds.appId) {
          return json(res, { errcode: 40013, errmsg: 'invalid appid' });
        }
        if (q.get('secret') !== creds.secret) {
          return json(res, { errcode: 40125, errmsg: 'invalid appsecret' });
        }
        const spent = spend(codes, q.get(app === 'gzh' ? 'code' : 'js_code') ?? '');
        if (typeof spent === 'number' || spent.app !== app) {
          return json(res, {
            errcode: typeof spent === 'number' ? spent : 40029,
            errmsg: 'invalid code',
          });
        }
        return json(res, {
          openid: spent.openid,
          ...(spent.unionid ? { unionid: spent.unionid } : {}),
          ...(app === 'gzh'
            ? {
                access_token: 'user-token',
                expires_in: 7200,
                refresh_token: 'r',
                scope: 'snsapi_base',
              }
            : { session_key: randomBytes(16).toString('base64') }),
        });
      }
      if (url.pathname === '/cgi-bin/stable_token' && req.method === 'POST') {
        tokenCalls += 1;
        const body = await readBody(req);
        if (body.appid !== apps.mp.appId || body.secret !== apps.mp.secret) {
          return json(res, { errcode: 40125, errmsg: 'invalid appsecret' });
        }
        const token = randomBytes(12).toString('hex');
        validTokens.add(token);
        return json(res, { access_token: token, expires_in: 7200 });
      }
      const token = q.get('access_token') ?? '';
      if (url.pathname.startsWith('/wxa/') && !validTokens.has(token)) {
        return json(res, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid' });
      }
      if (url.pathname === '/wxa/business/getuserphonenumber') {
        const spent = spend(phoneCodes, String((await readBody(req)).code ?? ''));
        if (typeof spent === 'number') return json(res, { errcode: spent, errmsg: 'invalid code' });
        return json(res, {
          errcode: 0,
          errmsg: 'ok',
          phone_info: {
            phoneNumber:
              spent.countryCode === '86' ? spent.mobile : `+${spent.countryCode}${spent.mobile}`,
            purePhoneNumber: spent.mobile,
            countryCode: spent.countryCode,
            watermark: { timestamp: Math.floor(Date.now() / 1000), appid: apps.mp.appId },
          },
        });
      }
      if (url.pathname === '/wxa/getwxacodeunlimit') {
        const body = (await readBody(req)) as {
          scene: string;
          page?: string;
          check_path?: boolean;
        };
        if (!body.scene || body.scene.length > 32) {
          return json(res, { errcode: 40169, errmsg: 'invalid length for scene' });
        }
        qr.push(body);
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(FAKE_QR_PNG);
      }
      res.writeHead(404).end();
    })().catch((error: Error) => {
      res.writeHead(500).end(error.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    issueCode(app, who) {
      const code = randomBytes(16).toString('hex');
      codes.set(code, { app, ...who });
      return code;
    },
    issuePhoneCode(mobile, countryCode = '86') {
      const code = randomBytes(16).toString('hex');
      phoneCodes.set(code, { mobile, countryCode });
      return code;
    },
    failNext(errcode, errmsg, times = 1) {
      failure = { errcode, errmsg, times };
    },
    replaceTokens: () => validTokens.clear(),
    tokenCalls: () => tokenCalls,
    qrRequests: () => qr,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
