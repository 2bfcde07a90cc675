import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { ErrorCode, errorCatalogue } from '../../src/contract/errors.ts';
import { ApiError } from '../../src/transport/errors.ts';
import { RawClient, sdk } from '../support/api.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform?.stop();
});

/** Runs `promise` expecting an ApiError and returns it. */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

async function newCaptcha(client: RawClient): Promise<{ captchaId: string; answer: string }> {
  const answer = await client.call<{ captchaId: string; image: string }>(accounts.getImageCaptcha, {
    query: { width: 120 },
  });
  expect(answer.body.success).toBe(true);
  const { captchaId, image } = answer.body.data!;
  expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
  return { captchaId, answer: platform.captchas.answerFor(image) };
}

describe('login, current user, verify, logout', () => {
  it('logs in with username and password and answers the current user', async () => {
    const api = sdk(platform.apiUrl);
    const { username, password } = platform.accounts.student;
    const user = await api.call(accounts.loginByPwd, { body: { username, password } });
    expect(user).toMatchObject({
      username,
      role: 'student',
      organizationName: '信奥训练营示范校',
      platformAdmin: false,
    });
    expect(await api.call(accounts.queryCurrent)).toEqual(user);
    expect(await api.call(accounts['oj.member.queryCurrent'])).toEqual(user);
    const verified = await api.call(accounts.verify);
    expect(verified.valid).toBe(true);
    expect(Date.parse(verified.expiresAt!)).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
  });

  it('sets an httpOnly, SameSite=Lax session cookie and stores only its hash', async () => {
    const client = new RawClient(platform.apiUrl);
    const { username, password } = platform.accounts.teacher;
    const { sealed } = await client.seal('POST', '/loginByPwd', { username, password });
    const answer = await client.send('POST', '/loginByPwd', { rawBody: sealed });
    expect(answer.body.success).toBe(true);
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('xinao_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const token = cookie.split(';')[0]!.split('=')[1]!;
    const stored = await platform.pool.query('SELECT 1 FROM sessions WHERE token_hash = $1', [
      token,
    ]);
    expect(stored.rowCount).toBe(0);
  });

  it('accepts the mobile number in place of the username', async () => {
    const api = sdk(platform.apiUrl);
    const { mobile, password, username } = platform.accounts.parent;
    const user = await api.call(accounts.loginByPwd, { body: { username: mobile, password } });
    expect(user.username).toBe(username);
    expect(user.role).toBe('parent');
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    const api = sdk(platform.apiUrl);
    const wrong = await failure(
      api.call(accounts.loginByPwd, {
        body: { username: platform.accounts.student.username, password: 'not-the-password' },
      }),
    );
    const unknown = await failure(
      api.call(accounts.loginByPwd, { body: { username: 'nobody_here', password: 'whatever1' } }),
    );
    for (const error of [wrong, unknown]) {
      expect(error.code).toBe(ErrorCode.BAD_CREDENTIALS);
      expect(error.message).toBe(errorCatalogue.BAD_CREDENTIALS.message);
    }
  });

  it('refuses member calls without a session, and verify says not valid', async () => {
    const api = sdk(platform.apiUrl);
    const error = await failure(api.call(accounts.queryCurrent));
    expect(error.code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect(error.status).toBe(401);
    expect(await api.call(accounts.verify)).toEqual({ valid: false, expiresAt: null });
  });

  it('logout revokes the session: the old cookie no longer works', async () => {
    const client = new RawClient(platform.apiUrl);
    const { username, password } = platform.accounts.orgAdmin;
    expect(
      (await client.call(accounts.loginByPwd, { body: { username, password } })).body.success,
    ).toBe(true);
    const stolenCookie = client.jar.header()!;
    expect((await client.call(accounts.logout)).body.data).toEqual({ loggedOut: true });
    expect(client.jar.header()).toBeUndefined();
    const replayed = await client.send('GET', '/queryCurrent', {
      headers: { cookie: stolenCookie },
    });
    expect(replayed.body.code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('refuses a disabled user, and ends their open sessions', async () => {
    const api = sdk(platform.apiUrl);
    const username = await registerFreshUser('to_be_disabled');
    const live = sdk(platform.apiUrl);
    await live.call(accounts.loginByPwd, { body: { username, password: 'Passw0rd!x' } });
    await platform.pool.query(`UPDATE users SET status = 'disabled' WHERE username = $1`, [
      username,
    ]);
    const error = await failure(
      api.call(accounts.loginByPwd, { body: { username, password: 'Passw0rd!x' } }),
    );
    expect(error.code).toBe(ErrorCode.FORBIDDEN);
    expect(error.message).toContain('停用');
    expect((await failure(live.call(accounts.queryCurrent))).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });
});

async function registerFreshUser(prefix: string): Promise<string> {
  const client = new RawClient(platform.apiUrl);
  const { captchaId, answer } = await newCaptcha(client);
  const username = `${prefix}_${Date.now() % 100000}`;
  const registered = await client.call(accounts.registerByPwd, {
    body: { username, password: 'Passw0rd!x', nickname: '新同学', captchaId, captchaCode: answer },
  });
  expect(registered.body).toMatchObject({ success: true });
  return username;
}

describe('registration with an image captcha', () => {
  it('registers a student in the public organization and logs them in', async () => {
    const client = new RawClient(platform.apiUrl);
    const { captchaId, answer } = await newCaptcha(client);
    const registered = await client.call(accounts.registerByPwd, {
      body: {
        username: 'new_learner',
        password: 'Secret123',
        nickname: '小林',
        captchaId,
        captchaCode: answer.toUpperCase(),
      },
    });
    expect(registered.body.data).toMatchObject({
      username: 'new_learner',
      nickname: '小林',
      role: 'student',
      organizationName: '信奥训练营示范校',
    });
    expect((await client.call(accounts.queryCurrent)).body.data).toMatchObject({
      username: 'new_learner',
    });
    const api = sdk(platform.apiUrl);
    const again = await api.call(accounts.loginByPwd, {
      body: { username: 'NEW_LEARNER', password: 'Secret123' },
    });
    expect(again.username).toBe('new_learner');
  });

  it('uses a captcha once: checked, then accepted for exactly one registration', async () => {
    const client = new RawClient(platform.apiUrl);
    const { captchaId, answer } = await newCaptcha(client);
    const check = await client.call(accounts.checkImageCaptcha, {
      body: { captchaId, code: answer },
    });
    expect(check.body.data).toEqual({ valid: true });
    const body = { password: 'Secret123', nickname: '一次', captchaId, captchaCode: answer };
    const first = await client.call(accounts.registerByPwd, {
      body: { ...body, username: 'once_a' },
    });
    expect(first.body.success).toBe(true);
    const second = await client.call(accounts.registerByPwd, {
      body: { ...body, username: 'once_b' },
    });
    expect(second.body.code).toBe(ErrorCode.CAPTCHA_INVALID);
    const users = await platform.pool.query(`SELECT 1 FROM users WHERE username = 'once_b'`);
    expect(users.rowCount).toBe(0);
  });

  it('burns a captcha on one wrong answer', async () => {
    const client = new RawClient(platform.apiUrl);
    const { captchaId, answer } = await newCaptcha(client);
    const wrong = await client.call(accounts.checkImageCaptcha, {
      body: { captchaId, code: answer === 'abcd' ? 'abce' : 'abcd' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: ErrorCode.CAPTCHA_INVALID });
    const right = await client.call(accounts.checkImageCaptcha, {
      body: { captchaId, code: answer },
    });
    expect(right.body.code).toBe(ErrorCode.CAPTCHA_INVALID);
  });

  it('refuses a taken username with CONFLICT', async () => {
    const client = new RawClient(platform.apiUrl);
    const { captchaId, answer } = await newCaptcha(client);
    const taken = await client.call(accounts.registerByPwd, {
      body: {
        username: platform.accounts.student.username.toUpperCase(),
        password: 'Secret123',
        nickname: '重名',
        captchaId,
        captchaCode: answer,
      },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: ErrorCode.CONFLICT, message: '用户名已被占用' });
  });

  it('stores scrypt hashes with their parameters, never the password', async () => {
    const row = await platform.pool.query<{ password_hash: string }>(
      `SELECT password_hash FROM users WHERE username = 'new_learner'`,
    );
    expect(row.rows[0]!.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
    expect(row.rows[0]!.password_hash).not.toContain('Secret123');
  });
});
