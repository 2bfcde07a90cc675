import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { freshClientIp, RawClient } from '../support/api.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform?.stop();
});

describe('rate limit on loginByPwd', () => {
  it(`allows ${accounts.loginByPwd.rateLimit!.max} tries a minute per client, then answers RATE_LIMITED`, async () => {
    const max = accounts.loginByPwd.rateLimit!.max;
    const attacker = new RawClient(platform.apiUrl);
    const body = { username: platform.accounts.student.username, password: 'guess-000' };
    // Each guess at another name: the per-account brake (login-brake.test.ts) stays out of it.
    for (let i = 0; i < max; i++) {
      const attempt = await attacker.call(accounts.loginByPwd, {
        body: { username: `someone_${i}`, password: 'guess-000' },
      });
      expect(attempt.body.code).toBe(ErrorCode.BAD_CREDENTIALS);
    }
    const limited = await attacker.call(accounts.loginByPwd, {
      body: { ...body, password: platform.accounts.student.password },
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      success: false,
      code: ErrorCode.RATE_LIMITED,
      data: null,
    });
    expect(limited.body.message).toContain('操作过于频繁');
    // The headers docs/protocol.md promises a client that wants to wait exactly long enough.
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('x-ratelimit-limit')).toBe(String(max));
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('x-ratelimit-reset')).not.toBeNull();
    // The limited attempt did not log in, even with the right password.
    expect((await attacker.call(accounts.queryCurrent)).body.code).toBe(ErrorCode.NOT_LOGGED_IN);

    // Another client is not affected.
    const other = new RawClient(platform.apiUrl);
    const login = await other.call(accounts.loginByPwd, {
      body: { username: body.username, password: platform.accounts.student.password },
    });
    expect(login.body.success).toBe(true);
  });

  it('does not count sign-ins that succeed: a computer room signs everyone in from one address', async () => {
    const max = accounts.loginByPwd.rateLimit!.max;
    const { username, password } = platform.accounts.student;
    const room = freshClientIp();
    for (let i = 0; i < max + 5; i++) {
      const pupil = new RawClient(platform.apiUrl, room);
      const login = await pupil.call(accounts.loginByPwd, { body: { username, password } });
      expect(login.body.success).toBe(true);
    }
    // Guesses from the same address still count, and are still stopped at the limit.
    const guesser = new RawClient(platform.apiUrl, room);
    const codes: number[] = [];
    for (let i = 0; i <= max; i++) {
      const guess = await guesser.call(accounts.loginByPwd, {
        body: { username: `room_${i}`, password: 'guess-000' },
      });
      codes.push(guess.body.code);
    }
    expect(codes.at(-1)).toBe(ErrorCode.RATE_LIMITED);
    expect(codes.filter((c) => c === ErrorCode.BAD_CREDENTIALS)).toHaveLength(max);
  });

  it('does not limit calls whose contract has no rateLimit', async () => {
    const client = new RawClient(platform.apiUrl);
    for (let i = 0; i < 40; i++) {
      expect((await client.call(accounts.verify)).body.success).toBe(true);
    }
  });
});
