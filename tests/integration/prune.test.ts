/**
 * The short-lived rows the server keeps (envelope nonces, captchas, the login brake's attempts,
 * WeChat's tickets, scenes and sandbox codes, single sign-on's started requests, rate limits'
 * windows) are pruned once they can no longer be used, and only then: a row still in force, or
 * ended less than a day ago, stays (src/server/prunes.ts); a passed window goes at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneExpired } from '../../src/server/envelope/nonces.ts';
import { SHORT_LIVED_PRUNES } from '../../src/server/prunes.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

const OLD = `now() - interval '2 days'`;
const RECENT = `now() - interval '1 hour'`;
const LATER = `now() + interval '5 minutes'`;

async function ids(table: string, column: string): Promise<string[]> {
  const { rows } = await platform.pool.query<{ id: string }>(
    `SELECT ${column} AS id FROM ${table} WHERE ${column} LIKE 'prune-%' ORDER BY 1`,
  );
  return rows.map((r) => r.id);
}

describe('pruning short-lived rows', () => {
  it('deletes what ended over a day ago and keeps the rest', async () => {
    const { pool } = platform;
    for (const [suffix, at] of [
      ['old', OLD],
      ['recent', RECENT],
      ['live', LATER],
    ] as const) {
      await pool.query(
        `INSERT INTO wechat_tickets (id, app, openid, expires_at) VALUES ($1, 'gzh', 'o', ${at})`,
        [`prune-${suffix}`],
      );
      await pool.query(`INSERT INTO wechat_scenes (id, expires_at) VALUES ($1, ${at})`, [
        `prune-${suffix}`,
      ]);
      await pool.query(
        `INSERT INTO sandbox_wechat_codes (code, kind, expires_at) VALUES ($1, 'gzh', ${at})`,
        [`prune-${suffix}`],
      );
      await pool.query(
        `INSERT INTO sso_requests (state, nonce, code_verifier, redirect_uri, expires_at)
         VALUES ($1, 'n', 'v', 'http://x/', ${at})`,
        [`prune-${suffix}`],
      );
    }
    await pool.query(
      `INSERT INTO login_attempts (account_key, attempted_at) VALUES ('prune-old', ${OLD}),
         ('prune-live', now())`,
    );
    await pool.query(
      `INSERT INTO rate_limit_counts (key, count, expires_at) VALUES ('prune-old', 3, ${RECENT}),
         ('prune-live', 1, ${LATER})`,
    );

    await pruneExpired(pool, SHORT_LIVED_PRUNES);

    const kept = ['prune-live', 'prune-recent'];
    expect(await ids('wechat_tickets', 'id')).toEqual(kept);
    expect(await ids('wechat_scenes', 'id')).toEqual(kept);
    expect(await ids('sandbox_wechat_codes', 'code')).toEqual(kept);
    expect(await ids('sso_requests', 'state')).toEqual(kept);
    expect(await ids('login_attempts', 'account_key')).toEqual(['prune-live']);
    // A rate limit's window that has passed counts for nothing: gone at once.
    expect(await ids('rate_limit_counts', 'key')).toEqual(['prune-live']);
  });
});
