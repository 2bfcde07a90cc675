import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { RawClient } from '../support/api.ts';
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

  it('does not limit calls whose contract has no rateLimit', async () => {
    const client = new RawClient(platform.apiUrl);
    for (let i = 0; i < 40; i++) {
      expect((await client.call(accounts.verify)).body.success).toBe(true);
    }
  });
});

describe('rate limits with two API processes on one database', () => {
  it('counts a client once across both: the limit is not doubled', async () => {
    // A second API on the same database, as a second process or machine would run it.
    const second = await startTestPlatform({
      databaseUrl: platform.pool.options.connectionString!,
      judgeWorkers: 0,
    });
    try {
      const max = accounts.loginByPwd.rateLimit!.max;
      const ip = '10.99.0.7';
      const [one, two] = [new RawClient(platform.apiUrl, ip), new RawClient(second.apiUrl, ip)];
      const instances = new Set<string>();
      const codes: number[] = [];
      for (let i = 0; i < max + 2; i++) {
        const attempt = await (i % 2 === 0 ? one : two).call(accounts.loginByPwd, {
          body: { username: `spread_${i}`, password: 'guess-000' },
        });
        instances.add(attempt.headers.get('x-xinao-instance')!);
        codes.push(attempt.body.code);
      }
      // Each answer named its process, and the two are different processes.
      expect(instances.size).toBe(2);
      expect(codes.slice(0, max).every((c) => c === ErrorCode.BAD_CREDENTIALS)).toBe(true);
      expect(codes.slice(max)).toEqual([ErrorCode.RATE_LIMITED, ErrorCode.RATE_LIMITED]);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
