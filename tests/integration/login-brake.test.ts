/**
 * The per-account login brake (issue 13, item 4; docs/protocol.md "Login brake"): after five
 * password logins to an account that did not succeed within 15 minutes, the next ones need an
 * image captcha, whatever address they come from; the owner gets in with one; unknown names are
 * braked alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { LOGIN_BRAKE } from '../../src/server/accounts/login-brake.ts';
import { RawClient } from '../support/api.ts';
import type { RawAnswer } from '../support/api.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform?.stop();
});

/** Each try from a new address: the per-address limit never cuts in, the brake must. */
function login(body: Record<string, unknown>): Promise<RawAnswer> {
  return new RawClient(platform.apiUrl).call(accounts.loginByPwd, { body });
}

async function solvedCaptcha(): Promise<{ captchaId: string; captchaCode: string }> {
  const answer = await new RawClient(platform.apiUrl).call<{ captchaId: string; image: string }>(
    accounts.getImageCaptcha,
  );
  const { captchaId, image } = answer.body.data!;
  return { captchaId, captchaCode: platform.captchas.answerFor(image) };
}

const dataOf = (answer: RawAnswer) => answer.body.data as { captchaRequired?: boolean } | null;

describe('the per-account login brake', () => {
  it('asks for a captcha after five wrong passwords, and lets the owner in with one', async () => {
    const { username, password } = platform.accounts.student;
    for (let i = 1; i <= LOGIN_BRAKE.attempts; i++) {
      const wrong = await login({ username, password: `wrong-${i}` });
      expect(wrong.body.code).toBe(ErrorCode.BAD_CREDENTIALS);
      // The fifth says the next try needs the captcha, so the form can show it at once.
      expect(dataOf(wrong)?.captchaRequired ?? false).toBe(i === LOGIN_BRAKE.attempts);
    }

    // Even the right password needs the captcha now.
    const braked = await login({ username, password });
    expect(braked.status).toBe(400);
    expect(braked.body.code).toBe(ErrorCode.CAPTCHA_REQUIRED);
    expect(braked.body.message).toBe('该账号密码错误次数较多，请输入图形验证码后再登录');
    expect(dataOf(braked)).toEqual({ captchaRequired: true });

    // A wrong answer is refused before the password is looked at, and burns the captcha.
    const captcha = await solvedCaptcha();
    const wrongAnswer = await login({
      username,
      password,
      captchaId: captcha.captchaId,
      captchaCode: captcha.captchaCode === 'abcd' ? 'abce' : 'abcd',
    });
    expect(wrongAnswer.body.code).toBe(ErrorCode.CAPTCHA_INVALID);
    const reused = await login({ username, password, ...captcha });
    expect(reused.body.code).toBe(ErrorCode.CAPTCHA_INVALID);

    // A solved captcha with a wrong password is still a wrong password.
    const guess = await login({ username, password: 'still-wrong', ...(await solvedCaptcha()) });
    expect(guess.body.code).toBe(ErrorCode.BAD_CREDENTIALS);
    expect(dataOf(guess)).toEqual({ captchaRequired: true });

    // The owner: right password and a solved captcha. The success releases the brake.
    const owner = await login({ username, password, ...(await solvedCaptcha()) });
    expect(owner.body.success).toBe(true);
    const next = await login({ username, password });
    expect(next.body.success).toBe(true);
  });

  it('brakes only that account: another one logs in without a captcha', async () => {
    const { username } = platform.accounts.student;
    for (let i = 0; i < LOGIN_BRAKE.attempts; i++) {
      await login({ username, password: 'wrong-again' });
    }
    expect((await login({ username, password: 'x-x-x-x' })).body.code).toBe(
      ErrorCode.CAPTCHA_REQUIRED,
    );
    const teacher = platform.accounts.teacher;
    const other = await login({ username: teacher.username, password: teacher.password });
    expect(other.body.success).toBe(true);
  });

  it('brakes an unknown name just the same, so the brake tells nobody which names exist', async () => {
    const answers: number[] = [];
    for (let i = 0; i <= LOGIN_BRAKE.attempts; i++) {
      answers.push((await login({ username: 'no_such_user_x', password: 'guess-1234' })).body.code);
    }
    expect(answers).toEqual([
      ...Array<number>(LOGIN_BRAKE.attempts).fill(ErrorCode.BAD_CREDENTIALS),
      ErrorCode.CAPTCHA_REQUIRED,
    ]);
  });

  it('a burst of concurrent guesses gets at most five past the brake', async () => {
    const { username } = platform.accounts.teacher;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login({ username, password: `burst-${i}` })),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === ErrorCode.BAD_CREDENTIALS).length).toBeLessThanOrEqual(
      LOGIN_BRAKE.attempts,
    );
    expect(codes.filter((c) => c === ErrorCode.CAPTCHA_REQUIRED).length).toBeGreaterThanOrEqual(
      12 - LOGIN_BRAKE.attempts,
    );
  });
});
