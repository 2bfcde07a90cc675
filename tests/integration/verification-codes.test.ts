import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { RawClient, sdk } from '../support/api.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;
let admin: ReturnType<typeof sdk>;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = sdk(platform.apiUrl);
  const { username, password } = platform.accounts.admin;
  await admin.call(accounts.loginByPwd, { body: { username, password } });
});
afterAll(async () => {
  await platform?.stop();
});

async function captchaFor(client: RawClient) {
  const answer = await client.call<{ captchaId: string; image: string }>(accounts.getImageCaptcha);
  const { captchaId, image } = answer.body.data!;
  return { captchaId, captchaCode: platform.captchas.answerFor(image) };
}

/** The code the dev inbox shows for `target`, read by the platform admin. */
async function codeInInbox(target: string): Promise<string> {
  const messages = await admin.call(accounts['bms.devInbox.queryList'], { query: { limit: 20 } });
  const message = messages.find((m) => m.target === target);
  expect(message, `no dev inbox message for ${target}`).toBeDefined();
  return /(\d{6})/.exec(message!.body)![1]!;
}

describe('SMS codes through the dev inbox', () => {
  it('sends a code that logs the owner of the mobile in', async () => {
    const client = new RawClient(platform.apiUrl);
    const { mobile, username } = platform.accounts.student;
    const sent = await client.call(accounts.getSmsCode, {
      body: { mobile, ...(await captchaFor(client)) },
    });
    expect(sent.body.success).toBe(true);
    const code = await codeInInbox(mobile);
    const login = await client.call(accounts.loginByMobile, { body: { mobile, code } });
    expect(login.body.data).toMatchObject({ username, role: 'student' });
    // The code is used up.
    const again = await new RawClient(platform.apiUrl).call(accounts.loginByMobile, {
      body: { mobile, code },
    });
    expect(again.body.code).toBe(ErrorCode.CODE_INVALID);
  });

  it('needs a valid captcha to send', async () => {
    const client = new RawClient(platform.apiUrl);
    const { captchaId } = await captchaFor(client);
    const refused = await client.call(accounts.getSmsCode, {
      body: { mobile: '13900000009', captchaId, captchaCode: 'zzzz' },
    });
    expect(refused.body.code).toBe(ErrorCode.CAPTCHA_INVALID);
    const inbox = await admin.call(accounts['bms.devInbox.queryList'], { query: {} });
    expect(inbox.some((m) => m.target === '13900000009')).toBe(false);
  });

  it('allows one send per minute per mobile', async () => {
    const client = new RawClient(platform.apiUrl);
    const mobile = '13900000010';
    const first = await client.call(accounts.getSmsCode, {
      body: { mobile, ...(await captchaFor(client)) },
    });
    expect(first.body.success).toBe(true);
    const second = await client.call(accounts.getSmsCode, {
      body: { mobile, ...(await captchaFor(client)) },
    });
    expect(second.status).toBe(429);
    expect(second.body.code).toBe(ErrorCode.RATE_LIMITED);
    expect(second.body.message).toMatch(/\d+ 秒后再试/);
  });

  it('stops accepting a code after five wrong tries', async () => {
    const client = new RawClient(platform.apiUrl);
    const { mobile } = platform.accounts.teacher;
    await client.call(accounts.getSmsCode, { body: { mobile, ...(await captchaFor(client)) } });
    const code = await codeInInbox(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const attempt = await new RawClient(platform.apiUrl).call(accounts.loginByMobile, {
        body: { mobile, code: wrong },
      });
      expect(attempt.body.code).toBe(ErrorCode.CODE_INVALID);
    }
    const right = await new RawClient(platform.apiUrl).call(accounts.loginByMobile, {
      body: { mobile, code },
    });
    expect(right.body.code).toBe(ErrorCode.CODE_INVALID);
  });

  it('tells the owner of an unregistered mobile to register', async () => {
    const client = new RawClient(platform.apiUrl);
    const mobile = '13900000011';
    await client.call(accounts.getSmsCode, { body: { mobile, ...(await captchaFor(client)) } });
    const answer = await client.call(accounts.loginByMobile, {
      body: { mobile, code: await codeInInbox(mobile) },
    });
    expect(answer.body.code).toBe(ErrorCode.NOT_FOUND);
    expect(answer.body.message).toContain('该手机号未注册');
  });

  it('sends e-mail codes to the dev inbox too', async () => {
    const client = new RawClient(platform.apiUrl);
    const sent = await client.call(accounts.getEmailCode, {
      body: { email: 'Learner@Example.com', purpose: 'bind', ...(await captchaFor(client)) },
    });
    expect(sent.body.success).toBe(true);
    const inbox = await admin.call(accounts['bms.devInbox.queryList'], { query: {} });
    const mail = inbox.find((m) => m.target === 'learner@example.com');
    expect(mail).toMatchObject({ channel: 'email' });
    expect(mail!.body).toContain('绑定验证码');
  });
});

describe('the dev inbox is for platform admins only', () => {
  it('refuses a student with FORBIDDEN and no data, and an anonymous caller with NOT_LOGGED_IN', async () => {
    const student = new RawClient(platform.apiUrl);
    const { username, password } = platform.accounts.student;
    await student.call(accounts.loginByPwd, { body: { username, password } });
    const forbidden = await student.call(accounts['bms.devInbox.queryList']);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({
      success: false,
      code: ErrorCode.FORBIDDEN,
      message: expect.any(String),
      data: null,
    });
    const anonymous = await new RawClient(platform.apiUrl).call(accounts['bms.devInbox.queryList']);
    expect(anonymous.body.code).toBe(ErrorCode.NOT_LOGGED_IN);
  });
});
