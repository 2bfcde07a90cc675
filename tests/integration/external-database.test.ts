/**
 * Issue 13 item 1: a real (external) database gets no account with a known password. The demo
 * accounts, with their public password, are seeded only on the embedded database or with
 * SEED_DEMO=1; elsewhere the first platform administrator gets ADMIN_PASSWORD or a random
 * password printed once. The "external" databases here are fresh databases on the embedded
 * cluster of a first platform, reached through DATABASE_URL like any other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { DEFAULT_SEED_PASSWORD } from '../../src/server/config.ts';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-data.ts';
import { FIRST_ADMIN_USERNAME } from '../../src/server/seed/index.ts';
import { sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

let host: TestPlatform;
const started: TestPlatform[] = [];

/** A fresh, empty database on the host's cluster, as an operator's DATABASE_URL would name it. */
async function emptyDatabase(name: string): Promise<string> {
  await host.pool.query(`CREATE DATABASE ${name}`);
  const url = new URL(host.pool.options.connectionString!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function startOn(databaseUrl: string, env: Record<string, string> = {}) {
  const platform = await startTestPlatform({
    databaseUrl,
    env: { ...process.env, NODE_ENV: 'test', ...env },
  });
  started.push(platform);
  return platform;
}

const login = (platform: TestPlatform, username: string, password: string) =>
  sdk(platform.apiUrl).call(accounts.loginByPwd, { body: { username, password } });

beforeAll(async () => {
  host = await startTestPlatform();
});
afterAll(async () => {
  for (const platform of started.reverse()) await platform.stop();
  await host?.stop();
});

describe('an empty external database', () => {
  it('has no demo account: demo_admin with the public password is refused', async () => {
    const platform = await startOn(await emptyDatabase('xinao_ext_plain'), {
      ADMIN_PASSWORD: 'Op3rator-Secret',
    });
    expect(platform.createdAccounts).toEqual([FIRST_ADMIN_USERNAME]);
    const refused = await failureOf(
      login(platform, DEMO_ACCOUNTS.admin.username, DEFAULT_SEED_PASSWORD),
    );
    expect(refused.code).toBe(ErrorCode.BAD_CREDENTIALS);
    const users = await platform.pool.query(`SELECT username FROM users ORDER BY id`);
    expect(users.rows.map((r) => r.username)).toEqual([FIRST_ADMIN_USERNAME]);
    // The platform's catalogue is there all the same: the question bank and the card list.
    const questions = await platform.pool.query(`SELECT count(*)::int AS n FROM questions`);
    expect(questions.rows[0].n).toBeGreaterThan(40);
  });

  it('gets its first platform administrator from ADMIN_PASSWORD, once', async () => {
    const url = await emptyDatabase('xinao_ext_admin');
    const first = await startOn(url, { ADMIN_PASSWORD: 'Op3rator-Secret' });
    const admin = await login(first, FIRST_ADMIN_USERNAME, 'Op3rator-Secret');
    expect(admin.platformAdmin).toBe(true);
    await first.stop();
    // A later start changes nothing, whatever ADMIN_PASSWORD says then.
    const again = await startOn(url, { ADMIN_PASSWORD: 'Another-Secret' });
    expect(again.createdAccounts).toEqual([]);
    expect((await failureOf(login(again, FIRST_ADMIN_USERNAME, 'Another-Secret'))).code).toBe(
      ErrorCode.BAD_CREDENTIALS,
    );
    expect((await login(again, FIRST_ADMIN_USERNAME, 'Op3rator-Secret')).platformAdmin).toBe(true);
  });

  it('without ADMIN_PASSWORD gives the administrator a random password, not a known one', async () => {
    const platform = await startOn(await emptyDatabase('xinao_ext_random'));
    expect(platform.createdAccounts).toEqual([FIRST_ADMIN_USERNAME]);
    for (const guess of [DEFAULT_SEED_PASSWORD, 'admin', 'admin123', 'Op3rator-Secret']) {
      expect((await failureOf(login(platform, FIRST_ADMIN_USERNAME, guess))).code).toBe(
        ErrorCode.BAD_CREDENTIALS,
      );
    }
  });

  it('gets the demo accounts only when SEED_DEMO=1 asks for them', async () => {
    const platform = await startOn(await emptyDatabase('xinao_ext_demo'), { SEED_DEMO: '1' });
    expect(platform.createdAccounts).toContain(DEMO_ACCOUNTS.admin.username);
    const admin = await login(platform, DEMO_ACCOUNTS.admin.username, DEFAULT_SEED_PASSWORD);
    expect(admin.platformAdmin).toBe(true);
  });
});
