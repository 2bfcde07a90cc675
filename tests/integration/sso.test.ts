/**
 * Single sign-on against a real OpenID provider started in the test process (oidc-provider;
 * issue 27 item 7; docs/decisions/admin-and-identity.md "Single sign-on"): the platform's
 * authorization URL leads through the provider's login and consent to the callback, whose code
 * and state sign the linked account in. A wrong state, a replayed code, an expired ID token, an
 * unverified claim and a person with no account are each refused and sign nobody in — unless
 * SSO_CREATE_IN names the school such a person joins.
 */
import { findFreePort } from '../../src/server/net.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/refs.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { sso } from '../../src/contract/sso/calls.ts';
import { DEMO_ORGANIZATION } from '../../src/server/seed/demo-data.ts';
import { sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { startIdentityProvider, type TestIdentityProvider } from '../support/oidc-provider.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

const CLIENT = { clientId: 'xinao', clientSecret: 'xinao-test-secret' };
const STUDENT_EMAIL = 'student@school.example';

let platform: TestPlatform;
let platformWithout: TestPlatform;
let idp: TestIdentityProvider;

async function startPlatform(port: number, extra: Record<string, unknown> = {}) {
  return startTestPlatform({
    env: {
      ...process.env,
      SSO_ISSUER: `http://127.0.0.1:${port}`,
      SSO_CLIENT_ID: CLIENT.clientId,
      SSO_CLIENT_SECRET: CLIENT.clientSecret,
      SSO_NAME: '实验中学统一身份认证',
    },
    ...extra,
  });
}

/** The callback's query as the web page hands it to ssoAuth. */
const answerOf = (callback: URL) => ({
  code: callback.searchParams.get('code')!,
  state: callback.searchParams.get('state')!,
  ...(callback.searchParams.get('iss') ? { iss: callback.searchParams.get('iss')! } : {}),
});

const people = {
  xiaoming: { email: STUDENT_EMAIL, email_verified: true, name: '小明' },
  unverified: { email: STUDENT_EMAIL, email_verified: false },
  stranger: { email: 'nobody@school.example', email_verified: true },
};

let port = 0;

beforeAll(async () => {
  port = await findFreePort();
  [platform, platformWithout] = await Promise.all([startPlatform(port), startTestPlatform()]);
  await platform.pool.query('UPDATE users SET email = $2 WHERE username = $1', [
    platform.accounts.student.username,
    STUDENT_EMAIL,
  ]);
  idp = await startIdentityProvider({
    port,
    ...CLIENT,
    redirectUri: `${platform.url}/web/sso/callback`,
    people,
  });
}, 120_000);

afterAll(async () => {
  await Promise.all([idp?.stop(), platform?.stop(), platformWithout?.stop()]);
});

describe('single sign-on (ssoAuth)', () => {
  it('says it is configured, under the name the settings give', async () => {
    expect(await sdk(platform.apiUrl).call(sso['sso.queryConfig'], {})).toEqual({
      enabled: true,
      name: '实验中学统一身份认证',
    });
  });

  it('signs the account with the verified e-mail in, and refuses the same code twice', async () => {
    const browser = sdk(platform.apiUrl);
    const { url } = await browser.call(sso['sso.authorizeUrl'], {});
    expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256');
    const callback = await idp.signIn(url, 'xiaoming');
    const me = await browser.call(sso.ssoAuth, { body: answerOf(callback) });
    expect(me.username).toBe(platform.accounts.student.username);
    expect((await browser.call(accounts.queryCurrent, {})).id).toBe(me.id);

    // The same answer again: the state is spent, and the provider would refuse the code.
    const replayed = await failureOf(
      sdk(platform.apiUrl).call(sso.ssoAuth, { body: answerOf(callback) }),
    );
    expect(replayed.code).toBe(ErrorCode.FORBIDDEN);
    const { rows } = await platform.pool.query('SELECT 1 FROM user_sso');
    expect(rows).toHaveLength(1);
  });

  it('refuses a replayed code under a fresh state', async () => {
    const browser = sdk(platform.apiUrl);
    const first = await idp.signIn(
      (await browser.call(sso['sso.authorizeUrl'], {})).url,
      'xiaoming',
    );
    await browser.call(sso.ssoAuth, { body: answerOf(first) });
    const fresh = new URL((await browser.call(sso['sso.authorizeUrl'], {})).url);
    const replay = await failureOf(
      sdk(platform.apiUrl).call(sso.ssoAuth, {
        body: { ...answerOf(first), state: fresh.searchParams.get('state')! },
      }),
    );
    expect(replay.code).toBe(ErrorCode.FORBIDDEN);
    expect(replay.message).toContain('单点登录失败');
  });

  it('refuses a wrong state, and a state that is not this platform’s', async () => {
    const browser = sdk(platform.apiUrl);
    const callback = await idp.signIn(
      (await browser.call(sso['sso.authorizeUrl'], {})).url,
      'xiaoming',
    );
    const wrong = await failureOf(
      browser.call(sso.ssoAuth, { body: { ...answerOf(callback), state: 'x'.repeat(43) } }),
    );
    expect(wrong.code).toBe(ErrorCode.FORBIDDEN);
    expect(wrong.message).toContain('state');
    const malformed = await failureOf(
      browser.call(sso.ssoAuth, { body: { ...answerOf(callback), state: 'bad state' } }),
    );
    expect(Object.keys(malformed.fieldErrors)).toEqual(['body.state']);
    const nobody = await failureOf(browser.call(accounts.queryCurrent, {}));
    expect(nobody.status).toBe(401);
  });

  it('links nobody by an unverified claim, and creates no account for a stranger', async () => {
    await platform.pool.query('DELETE FROM user_sso');
    for (const [login, says] of [
      ['unverified', '已验证'],
      ['stranger', '没有与该身份'],
    ] as const) {
      const browser = sdk(platform.apiUrl);
      const callback = await idp.signIn(
        (await browser.call(sso['sso.authorizeUrl'], {})).url,
        login,
      );
      const refused = await failureOf(browser.call(sso.ssoAuth, { body: answerOf(callback) }));
      expect(refused.message).toContain(says);
    }
    const { rows } = await platform.pool.query(
      `SELECT (SELECT count(*) FROM user_sso)::int AS links,
              (SELECT count(*) FROM users WHERE email = 'nobody@school.example')::int AS made`,
    );
    expect(rows[0]).toEqual({ links: 0, made: 0 });
  });
});

describe('accounts made at the first sign-in (SSO_CREATE_IN)', () => {
  it('makes a student of the named school for a person the provider vouches for, once', async () => {
    const createPort = await findFreePort();
    const creating = await startTestPlatform({
      env: {
        ...process.env,
        SSO_ISSUER: `http://127.0.0.1:${createPort}`,
        SSO_CLIENT_ID: CLIENT.clientId,
        SSO_CLIENT_SECRET: CLIENT.clientSecret,
        SSO_CREATE_IN: DEMO_ORGANIZATION,
      },
    });
    const creatingIdp = await startIdentityProvider({
      port: createPort,
      ...CLIENT,
      redirectUri: `${creating.url}/web/sso/callback`,
      people: {
        newcomer: { email: 'newcomer@school.example', email_verified: true, name: '新来的小李' },
        unverified: { email: 'unsure@school.example', email_verified: false },
        late: { email: 'late@school.example', email_verified: true },
      },
    });
    const signIn = async (login: string) => {
      const browser = sdk(creating.apiUrl);
      const callback = await creatingIdp.signIn(
        (await browser.call(sso['sso.authorizeUrl'], {})).url,
        login,
      );
      return { browser, answer: browser.call(sso.ssoAuth, { body: answerOf(callback) }) };
    };
    try {
      const first = await (await signIn('newcomer')).answer;
      expect(first).toMatchObject({
        nickname: '新来的小李',
        role: 'student',
        organizationName: DEMO_ORGANIZATION,
        email: 'newcomer@school.example',
      });
      const again = await (await signIn('newcomer')).answer;
      expect(again.userId).toBe(first.userId);

      // Vouched for, not verified: still nobody, and nothing made.
      const unsure = await failureOf((await signIn('unverified')).answer);
      expect(unsure.message).toContain('已验证');

      // The school renamed since the settings were written: said, and nothing made.
      await creating.pool.query(
        `UPDATE organizations SET name = name || '（旧）' WHERE name = $1`,
        [DEMO_ORGANIZATION],
      );
      const lost = await failureOf((await signIn('late')).answer);
      expect(lost.message).toContain(`「${DEMO_ORGANIZATION}」不存在`);

      const { rows } = await creating.pool.query<{ email: string }>(
        `SELECT email FROM users WHERE email LIKE '%@school.example' ORDER BY email`,
      );
      expect(rows.map((r) => r.email)).toEqual(['newcomer@school.example']);
    } finally {
      await Promise.all([creatingIdp.stop(), creating.stop()]);
    }
  }, 120_000);
});

describe('an expired ID token', () => {
  it('is refused: a platform whose clock is past its expiry signs nobody in', async () => {
    // A platform whose clock runs two hours ahead of its provider's tokens (discovery is lazy:
    // the provider may start after the platform, once its callback address is known).
    const aheadPort = await findFreePort();
    const ahead = await startPlatform(aheadPort, { ssoClockSkewSec: 2 * 3600 });
    const aheadIdp = await startIdentityProvider({
      port: aheadPort,
      ...CLIENT,
      redirectUri: `${ahead.url}/web/sso/callback`,
      people,
    });
    try {
      await ahead.pool.query('UPDATE users SET email = $2 WHERE username = $1', [
        ahead.accounts.student.username,
        STUDENT_EMAIL,
      ]);
      const browser = sdk(ahead.apiUrl);
      const callback = await aheadIdp.signIn(
        (await browser.call(sso['sso.authorizeUrl'], {})).url,
        'xiaoming',
      );
      const refused = await failureOf(browser.call(sso.ssoAuth, { body: answerOf(callback) }));
      expect(refused.code).toBe(ErrorCode.FORBIDDEN);
      expect(refused.message).toMatch(/单点登录失败.*(exp|expired|timestamp)/i);
      expect((await failureOf(browser.call(accounts.queryCurrent, {}))).status).toBe(401);
    } finally {
      await Promise.all([aheadIdp.stop(), ahead.stop()]);
    }
  }, 120_000);
});

describe('without single sign-on configured', () => {
  it('says so', async () => {
    const api = sdk(platformWithout.apiUrl);
    expect(await api.call(sso['sso.queryConfig'], {})).toEqual({ enabled: false, name: '' });
    const refused = await failureOf(api.call(sso['sso.authorizeUrl'], {}));
    expect(refused.code).toBe(ErrorCode.CONFLICT);
    expect(refused.message).toContain('未配置单点登录');
  });
});
