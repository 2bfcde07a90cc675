/**
 * WeChat sign-in against the sandbox provider over real HTTP (issue 27 item 7;
 * docs/decisions/admin-and-identity.md "WeChat sign-in"): the 公众号 server check signs as WeChat
 * specifies; the sandbox's authorization page hands a code back to a page of this site only; a
 * code becomes a ticket once, a ticket signs in or binds once; a WeChat bound to one account is
 * refused to another; the mini program signs in by the same WeChat (unionid) and by a mobile
 * WeChat verified; the web's QR scene goes scan → confirm → signed in, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/refs.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { organization } from '../../src/contract/organization/calls.ts';
import { wechat } from '../../src/contract/wechat/calls.ts';
import { wechatSignature } from '../../src/server/wechat/signature.ts';
import { SANDBOX_WECHAT_GZH_TOKEN } from '../../src/server/config.ts';
import type { Transport } from '../../src/transport/client.ts';
import { sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;
const API = () => platform.apiUrl;

/** The sandbox's 公众号 authorization: agree as `nickname`, read the code off the way back. */
async function gzhCode(nickname: string, back = '/web/user/account'): Promise<string> {
  const url = `${platform.url}/sandbox-wx/authorize?${new URLSearchParams({ redirect_uri: back, state: 's1' })}`;
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('申请使用你的微信身份');
  const answer = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ nickname, decision: 'allow' }).toString(),
  });
  expect(answer.status).toBe(302);
  const location = new URL(answer.headers.get('location')!, platform.url);
  expect(location.pathname).toBe(back);
  expect(location.searchParams.get('state')).toBe('s1');
  return location.searchParams.get('code')!;
}

/** The WeChat app's wx.login / getPhoneNumber, as the sandbox stands in for them. */
async function mpCode(kind: 'login' | 'phone', value: string): Promise<string> {
  const field = kind === 'login' ? 'nickname' : 'mobile';
  const answer = await fetch(`${platform.url}/sandbox-wx/mp/${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ [field]: value }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { code: string }).code;
}

async function login(who: { username: string; password: string }): Promise<Transport> {
  const api = sdk(API());
  await api.call(accounts.loginByPwd, { body: { username: who.username, password: who.password } });
  return api;
}

beforeAll(async () => {
  platform = await startTestPlatform();
}, 120_000);

afterAll(() => platform?.stop());

describe('the 公众号 server check (wx/gzh/verifyToken)', () => {
  it('says WeChat sign-in is on (the login dialog offers its tab)', async () => {
    expect(await sdk(API()).call(wechat['wx.queryConfig'], {})).toEqual({ enabled: true });
  });

  it('answers echostr as plain text to WeChat’s signature, and refuses any other', async () => {
    const fields = { timestamp: '1733200000', nonce: 'n0nce', echostr: 'hello-wechat' };
    const signature = wechatSignature(SANDBOX_WECHAT_GZH_TOKEN, fields.timestamp, fields.nonce);
    const ok = await fetch(
      `${API()}/wx/gzh/verifyToken?${new URLSearchParams({ ...fields, signature })}`,
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('text/plain');
    expect(await ok.text()).toBe('hello-wechat');

    const forged = await fetch(
      `${API()}/wx/gzh/verifyToken?${new URLSearchParams({ ...fields, signature: 'a'.repeat(40) })}`,
    );
    expect(forged.status).toBe(403);
    const missing = await fetch(`${API()}/wx/gzh/verifyToken?${new URLSearchParams(fields)}`);
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('signature');
  });
});

describe('the 公众号: authorize, bind, sign in', () => {
  it('never sends the code to another site', async () => {
    const url = `${platform.url}/sandbox-wx/authorize?${new URLSearchParams({ redirect_uri: 'https://evil.example/x' })}`;
    expect((await fetch(url)).status).toBe(400);
    const posted = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'nickname=a&decision=allow',
    });
    expect(posted.status).toBe(400);
  });

  it('binds a WeChat to the signed-in learner, who then signs in with it; each proof works once', async () => {
    const visitor = sdk(API());
    const first = await visitor.call(wechat['wx.gzh.code2Session'], {
      query: { code: await gzhCode('小明的微信') },
    });
    expect(first.bound).toBe(false);
    const notBound = await failureOf(
      visitor.call(wechat.loginByWxGzh, { body: { ticket: first.ticket } }),
    );
    expect(notBound.code).toBe(ErrorCode.NOT_FOUND);
    expect(notBound.message).toContain('尚未绑定');

    // The code was spent: WeChat's codes work once.
    const code = await gzhCode('小明的微信');
    await visitor.call(wechat['wx.gzh.code2Session'], { query: { code } });
    const again = await failureOf(visitor.call(wechat['wx.gzh.code2Session'], { query: { code } }));
    expect(again.fieldErrors['query.code']).toContain('已使用');

    const student = await login(platform.accounts.student);
    const forBinding = await student.call(wechat['wx.gzh.code2Session'], {
      query: { code: await gzhCode('小明的微信') },
    });
    expect(
      await student.call(organization['member.bindWxGzh'], { body: { ticket: forBinding.ticket } }),
    ).toEqual({ bound: true });
    const spent = await failureOf(
      student.call(organization['member.bindWxGzh'], { body: { ticket: forBinding.ticket } }),
    );
    expect(spent.code).toBe(ErrorCode.FORBIDDEN);

    const later = sdk(API());
    const proof = await later.call(wechat['wx.gzh.code2Session'], {
      query: { code: await gzhCode('小明的微信') },
    });
    expect(proof.bound).toBe(true);
    const me = await later.call(wechat.loginByWxGzh, { body: { ticket: proof.ticket } });
    expect(me.username).toBe(platform.accounts.student.username);
    const replayed = await failureOf(
      sdk(API()).call(wechat.loginByWxGzh, { body: { ticket: proof.ticket } }),
    );
    expect(replayed.code).toBe(ErrorCode.FORBIDDEN);
    const malformed = await failureOf(
      sdk(API()).call(wechat.loginByWxGzh, { body: { ticket: 'xyz' } }),
    );
    expect(Object.keys(malformed.fieldErrors)).toEqual(['body.ticket']);
  });

  it('refuses to bind a WeChat that is already another account’s', async () => {
    const teacher = await login(platform.accounts.teacher);
    const proof = await teacher.call(wechat['wx.gzh.code2Session'], {
      query: { code: await gzhCode('小明的微信') },
    });
    const refused = await failureOf(
      teacher.call(organization['member.bindWxGzh'], { body: { ticket: proof.ticket } }),
    );
    expect(refused.code).toBe(ErrorCode.CONFLICT);
    expect(refused.message).toContain('已绑定其他账号');
    const { rows } = await platform.pool.query(
      `SELECT 1 FROM user_wechat w JOIN users u ON u.id = w.user_id WHERE u.username = $1`,
      [platform.accounts.teacher.username],
    );
    expect(rows).toHaveLength(0);
  });
});

describe('the mini program', () => {
  it('signs in by the same WeChat bound through the 公众号 (unionid)', async () => {
    const api = sdk(API());
    const proof = await api.call(wechat['wx.mp.code2Session'], {
      query: { code: await mpCode('login', '小明的微信') },
    });
    expect(proof.bound).toBe(true);
    const me = await api.call(wechat.loginByWxMp, { body: { ticket: proof.ticket } });
    expect(me.username).toBe(platform.accounts.student.username);
    const neither = await failureOf(sdk(API()).call(wechat.loginByWxMp, { body: {} }));
    expect(Object.keys(neither.fieldErrors)).toEqual(['body.ticket']);
  });

  it('signs in by a mobile WeChat verified, and only with such a ticket', async () => {
    const { rows } = await platform.pool.query<{ mobile: string }>(
      'SELECT mobile FROM users WHERE username = $1',
      [platform.accounts.student.username],
    );
    const mobile = rows[0]!.mobile;
    const api = sdk(API());
    const proof = await api.call(wechat['wx.mp.authorizeMobile'], {
      query: { code: await mpCode('phone', mobile) },
    });
    expect(proof).toMatchObject({ mobile, bound: true });
    const me = await api.call(wechat.loginByWxMpMobile, { body: { ticket: proof.ticket } });
    expect(me.username).toBe(platform.accounts.student.username);

    const stranger = await api.call(wechat['wx.mp.authorizeMobile'], {
      query: { code: await mpCode('phone', '13900000999') },
    });
    expect(stranger.bound).toBe(false);
    const unknown = await failureOf(
      api.call(wechat.loginByWxMpMobile, { body: { ticket: stranger.ticket } }),
    );
    expect(unknown.code).toBe(ErrorCode.NOT_FOUND);

    const identity = await api.call(wechat['wx.mp.code2Session'], {
      query: { code: await mpCode('login', '小明的微信') },
    });
    const wrongKind = await failureOf(
      api.call(wechat.loginByWxMpMobile, { body: { ticket: identity.ticket } }),
    );
    expect(Object.keys(wrongKind.fieldErrors)).toEqual(['body.ticket']);
  });
});

describe('scan to sign in on the web', () => {
  /** The phone: open the scanned page, confirm as `nickname`. */
  async function scan(scene: string, nickname: string) {
    const url = `${platform.url}/sandbox-wx/scan/${scene}`;
    expect((await fetch(url)).status).toBe(200);
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ nickname }).toString(),
    });
  }

  it('goes scan → confirm → signed in, once', async () => {
    const page = sdk(API());
    const shown = await page.call(wechat['wx.mp.generateQrCode'], { body: {} });
    expect(shown.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(shown.image.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(
      (await page.call(wechat['wx.mp.queryScene'], { query: { scene: shown.scene } })).status,
    ).toBe('pending');
    const early = await failureOf(page.call(wechat.loginByWxMp, { body: { scene: shown.scene } }));
    expect(early.message).toContain('扫码');

    const phone = await scan(shown.scene, '小明的微信');
    expect(phone.status).toBe(200);
    expect(await phone.text()).toContain('已确认');
    expect(
      (await page.call(wechat['wx.mp.queryScene'], { query: { scene: shown.scene } })).status,
    ).toBe('confirmed');
    const me = await page.call(wechat.loginByWxMp, { body: { scene: shown.scene } });
    expect(me.username).toBe(platform.accounts.student.username);
    expect((await page.call(accounts.queryCurrent, {})).username).toBe(me.username);

    const twice = await failureOf(
      sdk(API()).call(wechat.loginByWxMp, { body: { scene: shown.scene } }),
    );
    expect(twice.code).toBe(ErrorCode.CONFLICT);
    // The phone cannot confirm a scene used up.
    const stale = await fetch(`${platform.url}/sandbox-wx/scan/${shown.scene}`);
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain('已失效');
  });

  it('tells the page a WeChat no account is bound to, and signs nobody in', async () => {
    const page = sdk(API());
    const shown = await page.call(wechat['wx.mp.generateQrCode'], { body: {} });
    const phone = await scan(shown.scene, '陌生人的微信');
    expect(await phone.text()).toContain('尚未绑定');
    expect(
      (await page.call(wechat['wx.mp.queryScene'], { query: { scene: shown.scene } })).status,
    ).toBe('unbound');
    const refused = await failureOf(
      page.call(wechat.loginByWxMp, { body: { scene: shown.scene } }),
    );
    expect(refused.message).toContain('尚未绑定');
    const unknown = await failureOf(
      page.call(wechat['wx.mp.queryScene'], { query: { scene: '0'.repeat(32) } }),
    );
    expect(unknown.code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('unbinding', () => {
  it('takes the WeChat off the account: it no longer signs in there and may be bound elsewhere', async () => {
    const student = await login(platform.accounts.student);
    expect((await student.call(wechat['member.queryWxBinding'], {})).gzh).not.toBeNull();
    expect(await student.call(wechat['member.unbindWx'], {})).toEqual({ gzh: null, mp: null });
    expect(await student.call(wechat['member.queryWxBinding'], {})).toEqual({
      gzh: null,
      mp: null,
    });

    const api = sdk(API());
    const proof = await api.call(wechat['wx.gzh.code2Session'], {
      query: { code: await gzhCode('小明的微信') },
    });
    expect(proof.bound).toBe(false);
    const refused = await failureOf(
      api.call(wechat.loginByWxGzh, { body: { ticket: proof.ticket } }),
    );
    expect(refused.message).toContain('尚未绑定');

    const teacher = await login(platform.accounts.teacher);
    const again = await teacher.call(wechat['wx.gzh.code2Session'], {
      query: { code: await gzhCode('小明的微信') },
    });
    await teacher.call(organization['member.bindWxGzh'], { body: { ticket: again.ticket } });
    expect((await teacher.call(wechat['member.queryWxBinding'], {})).gzh).not.toBeNull();

    // The system log is written after the answer, by its recorder: asked until it is there.
    const outcomes = async () =>
      (
        await platform.pool.query<{ outcome: string }>(
          `SELECT l.outcome FROM sys_log l JOIN users u ON u.id = l.user_id
            WHERE l.call_id = 'member.unbindWx' AND u.username = $1`,
          [platform.accounts.student.username],
        )
      ).rows.map((r) => r.outcome);
    await expect.poll(outcomes).toEqual(['success']);
  });

  it('refuses when nothing is bound, and a visitor', async () => {
    const student = await login(platform.accounts.student);
    const none = await failureOf(student.call(wechat['member.unbindWx'], {}));
    expect(none.code).toBe(ErrorCode.CONFLICT);
    expect(none.message).toBe('本账号没有绑定微信');
    const visitor = await failureOf(sdk(API()).call(wechat['member.unbindWx'], {}));
    expect(visitor.code).toBe(ErrorCode.NOT_LOGGED_IN);
  });
});

describe('without WeChat configured', () => {
  it('says so instead of pretending', async () => {
    const off = await startTestPlatform({ env: { ...process.env, WECHAT_PROVIDER: 'none' } });
    try {
      const refused = await failureOf(
        sdk(off.apiUrl).call(wechat['wx.mp.generateQrCode'], { body: {} }),
      );
      expect(refused.code).toBe(ErrorCode.CONFLICT);
      expect(refused.message).toContain('未配置微信登录');
      expect(await sdk(off.apiUrl).call(wechat['wx.queryConfig'], {})).toEqual({ enabled: false });
      expect((await fetch(`${off.url}/sandbox-wx/mp/login`, { method: 'POST' })).status).toBe(404);
    } finally {
      await off.stop();
    }
  }, 120_000);
});
