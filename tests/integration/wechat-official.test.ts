/**
 * WeChat itself behind the provider (WECHAT_PROVIDER=wechat; server/wechat/official.ts;
 * docs/decisions/admin-and-identity.md "WeChat sign-in"), against a stand-in for WeChat's API
 * written from its documentation (tests/support/fake-wechat.ts): the 公众号's authorization
 * address as WeChat reads it, codes exchanged once for a ticket that binds and signs in, the
 * mini program by unionid and by a verified mobile, the sign-in code's picture from
 * getwxacodeunlimit with one access token shared and renewed when WeChat replaced it, and
 * WeChat's refusals said instead of hidden.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/refs.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { organization } from '../../src/contract/organization/calls.ts';
import { wechat } from '../../src/contract/wechat/calls.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Transport } from '../../src/transport/client.ts';
import { sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { FAKE_QR_PNG, startFakeWechat, type FakeWechat } from '../support/fake-wechat.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

const GZH = { appId: 'wxgzh0000000000001', secret: 'gzh-secret' };
const MP = { appId: 'wxmp00000000000001', secret: 'mp-secret' };

let fake: FakeWechat;
let platform: TestPlatform;

const officialEnv = (extra: Record<string, string> = {}) => ({
  ...process.env,
  WECHAT_PROVIDER: 'wechat',
  WECHAT_GZH_APPID: GZH.appId,
  WECHAT_GZH_SECRET: GZH.secret,
  WECHAT_MP_APPID: MP.appId,
  WECHAT_MP_SECRET: MP.secret,
  WECHAT_MP_SCAN_PAGE: 'pages/login/scan',
  WECHAT_API_BASE: fake.url,
  ...extra,
});

async function login(who: { username: string; password: string }): Promise<Transport> {
  const api = sdk(platform.apiUrl);
  await api.call(accounts.loginByPwd, { body: { username: who.username, password: who.password } });
  return api;
}

beforeAll(async () => {
  fake = await startFakeWechat({ gzh: GZH, mp: MP });
  platform = await startTestPlatform({ env: officialEnv() });
}, 120_000);

afterAll(async () => {
  await platform?.stop();
  await fake?.close();
});

describe('WeChat itself: the 公众号', () => {
  it('sends the browser to WeChat’s authorization page, coming back to this site', async () => {
    const { url } = await sdk(platform.apiUrl).call(wechat['wx.gzh.authorizeUrl'], {
      query: { redirect: '/web/user/accout', state: 'bind' },
    });
    expect(url).toBe(
      `https://open.weixin.qq.com/connect/oauth2/authorize?appid=${GZH.appId}` +
        `&redirect_uri=${encodeURIComponent(`${platform.url}/web/user/accout`)}` +
        '&response_type=code&scope=snsapi_base&state=bind#wechat_redirect',
    );
  });

  it('binds the WeChat a code proves and signs in with it; a code works once', async () => {
    const person = { openid: 'oGZH-student', unionid: 'uUNION-student' };
    const api = sdk(platform.apiUrl);
    const code = fake.issueCode('gzh', person);
    const proof = await api.call(wechat['wx.gzh.code2Session'], { query: { code } });
    expect(proof.bound).toBe(false);
    const student = await login(platform.accounts.student);
    await student.call(organization['member.bindWxGzh'], { body: { ticket: proof.ticket } });

    const again = await api.call(wechat['wx.gzh.code2Session'], {
      query: { code: fake.issueCode('gzh', person) },
    });
    expect(again.bound).toBe(true);
    const me = await api.call(wechat.loginByWxGzh, { body: { ticket: again.ticket } });
    expect(me.username).toBe(platform.accounts.student.username);

    const replayed = await failureOf(api.call(wechat['wx.gzh.code2Session'], { query: { code } }));
    expect(Object.keys(replayed.fieldErrors)).toEqual(['query.code']);
  });
});

describe('WeChat itself: the mini program', () => {
  it('signs in by the same WeChat (unionid), and by a mobile WeChat verified', async () => {
    const api = sdk(platform.apiUrl);
    const proof = await api.call(wechat['wx.mp.code2Session'], {
      query: { code: fake.issueCode('mp', { openid: 'oMP-student', unionid: 'uUNION-student' }) },
    });
    expect(proof.bound).toBe(true);
    expect((await api.call(wechat.loginByWxMp, { body: { ticket: proof.ticket } })).username).toBe(
      platform.accounts.student.username,
    );

    const { rows } = await platform.pool.query<{ mobile: string }>(
      'SELECT mobile FROM users WHERE username = $1',
      [platform.accounts.teacher.username],
    );
    const phone = await sdk(platform.apiUrl).call(wechat['wx.mp.authorizeMobile'], {
      query: { code: fake.issuePhoneCode(rows[0]!.mobile) },
    });
    expect(phone).toMatchObject({ bound: true, mobile: rows[0]!.mobile });
    const teacher = await sdk(platform.apiUrl).call(wechat.loginByWxMpMobile, {
      body: { ticket: phone.ticket },
    });
    expect(teacher.username).toBe(platform.accounts.teacher.username);

    // Another country's number finds no account here: refused as a code proving nothing.
    const abroad = await failureOf(
      sdk(platform.apiUrl).call(wechat['wx.mp.authorizeMobile'], {
        query: { code: fake.issuePhoneCode('2025550123', '1') },
      }),
    );
    expect(Object.keys(abroad.fieldErrors)).toEqual(['query.code']);
  });

  it('shows WeChat’s sign-in code for a scene, with one access token, renewed when replaced', async () => {
    const page = sdk(platform.apiUrl);
    const before = fake.tokenCalls();
    const first = await page.call(wechat['wx.mp.generateQrCode'], { body: {} });
    expect(first.image).toBe(`data:image/png;base64,${FAKE_QR_PNG.toString('base64')}`);
    const second = await page.call(wechat['wx.mp.generateQrCode'], { body: {} });
    expect(fake.qrRequests().slice(-2)).toEqual([
      { scene: first.scene, page: 'pages/login/scan', check_path: false },
      { scene: second.scene, page: 'pages/login/scan', check_path: false },
    ]);
    // The token from the phone test above, or one fetched here: at most one fetch for both.
    expect(fake.tokenCalls() - before).toBeLessThanOrEqual(1);

    // WeChat replaced the token: the refusal (40001) makes the platform ask once more.
    const beforeThird = fake.tokenCalls();
    fake.replaceTokens();
    const third = await page.call(wechat['wx.mp.generateQrCode'], { body: {} });
    expect(fake.qrRequests().at(-1)!.scene).toBe(third.scene);
    expect(fake.tokenCalls()).toBe(beforeThird + 1);
  });
});

describe('WeChat’s refusals', () => {
  it('says WeChat was busy (the client tries again), and issues nothing', async () => {
    const code = fake.issueCode('gzh', { openid: 'oGZH-x' });
    // A client that does not try again sees the refusal.
    fake.failNext(-1, 'system error');
    const busy = await failureOf(
      sdk(platform.apiUrl, undefined, { retryDelaysMs: [] }).call(wechat['wx.gzh.code2Session'], {
        query: { code },
      }),
    );
    expect(busy.code).toBe(ErrorCode.SERVICE_UNAVAILABLE);
    expect(busy.message).toBe('微信接口繁忙（-1：system error）');
    // The SDK tries again after a 503: answered, with the code still unspent.
    fake.failNext(-1, 'system error', 1);
    const proof = await sdk(platform.apiUrl).call(wechat['wx.gzh.code2Session'], {
      query: { code },
    });
    expect(proof.bound).toBe(false);
  });

  it('names a wrong secret’s errcode, and a 公众号 not configured', async () => {
    const wrong = await startTestPlatform({
      env: officialEnv({ WECHAT_GZH_SECRET: 'not-the-secret' }),
    });
    const mpOnly = await startTestPlatform({
      env: officialEnv({ WECHAT_GZH_APPID: '', WECHAT_GZH_SECRET: '' }),
    });
    try {
      const refused = await failureOf(
        sdk(wrong.apiUrl).call(wechat['wx.gzh.code2Session'], {
          query: { code: fake.issueCode('gzh', { openid: 'oGZH-y' }) },
        }),
      );
      expect(refused.code).toBe(ErrorCode.NOT_CONFIGURED);
      expect(refused.message).toBe(
        '微信接口拒绝（40125：invalid appsecret），请检查本平台的微信配置',
      );
      const none = await failureOf(
        sdk(mpOnly.apiUrl).call(wechat['wx.gzh.authorizeUrl'], {
          query: { redirect: '/web/user/accout', state: 'bind' },
        }),
      );
      expect(none.code).toBe(ErrorCode.CONFLICT);
      expect(none.message).toBe('本平台未配置微信公众号（WECHAT_GZH_APPID）');
    } finally {
      await Promise.all([wrong.stop(), mpOnly.stop()]);
    }
  }, 120_000);

  it('refuses settings that could not work at start', () => {
    expect(() => loadConfig({ WECHAT_PROVIDER: 'wechat' })).toThrow(/WECHAT_GZH_APPID/);
    expect(() => loadConfig({ WECHAT_PROVIDER: 'wechat', WECHAT_MP_APPID: MP.appId })).toThrow(
      /WECHAT_MP_APPID and WECHAT_MP_SECRET/,
    );
  });
});
