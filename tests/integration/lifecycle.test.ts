import net from 'node:net';
import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { RawClient, sdk } from '../support/api.ts';
import { envelopeMessages } from '../../src/contract/errors.ts';
import { makeTestDataDir, startTestPlatform } from '../support/platform.ts';
import { MIGRATIONS_DIR } from '../../src/server/db/migrate.ts';

/** Each migration file is applied exactly once, however many times the platform starts. */
const migrationCount = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).length;

function portIsOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

let dataDir: string | undefined;
afterAll(async () => {
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('start, stop, start again', () => {
  it('keeps all data across a restart and stops the embedded database each time', async () => {
    dataDir = await makeTestDataDir();
    const first = await startTestPlatform({ dataDir, keepDataDir: true });
    expect(first.createdAccounts).toEqual([
      'demo_student',
      'demo_parent',
      'demo_teacher',
      'demo_orgadmin',
      'demo_admin',
      'demo_grader',
    ]);
    const pgPort = Number(
      new URL(
        (first.pool as unknown as { options: { connectionString: string } }).options
          .connectionString,
      ).port,
    );
    const api = sdk(first.apiUrl);
    const { username, password } = first.accounts.student;
    await api.call(accounts.loginByPwd, { body: { username, password } });
    await first.pool.query(`UPDATE users SET nickname = '改过的昵称' WHERE username = $1`, [
      username,
    ]);
    await first.stop();
    expect(await portIsOpen(pgPort)).toBe(false);
    expect(await portIsOpen(first.port)).toBe(false);

    const second = await startTestPlatform({ dataDir, keepDataDir: true });
    try {
      expect(second.createdAccounts).toEqual([]);
      const nickname = await second.pool.query('SELECT nickname FROM users WHERE username = $1', [
        username,
      ]);
      expect(nickname.rows[0].nickname).toBe('改过的昵称');
      const counts = await second.pool.query(
        `SELECT (SELECT count(*) FROM grades)::int AS grades,
                (SELECT count(*) FROM member_memberships)::int AS cards,
                (SELECT count(*) FROM schema_migrations)::int AS migrations`,
      );
      expect(counts.rows[0]).toEqual({ grades: 7, cards: 1, migrations: migrationCount });
      const again = sdk(second.apiUrl);
      expect(
        (await again.call(accounts.loginByPwd, { body: { username, password } })).username,
      ).toBe(username);
    } finally {
      await second.stop();
    }
    // A first start (initdb, migrations, seed) and a restart on its own directory: far more than
    // a test on the shared template does, and several times slower on a loaded machine.
  }, 120_000);
});

describe('a second API process on the same database (DATABASE_URL)', () => {
  it('shares the envelope key, the sessions and the replay protection', async () => {
    const first = await startTestPlatform();
    const connectionString = (first.pool as unknown as { options: { connectionString: string } })
      .options.connectionString;
    const second = await startTestPlatform({ databaseUrl: connectionString });
    try {
      expect(second.createdAccounts).toEqual([]);
      const a = new RawClient(first.apiUrl);
      const b = new RawClient(second.apiUrl);
      expect(await b.publicKey()).toEqual(await a.publicKey());

      const { username, password } = first.accounts.student;
      const { sealed } = await a.seal('POST', '/loginByPwd', { username, password });
      expect((await a.send('POST', '/loginByPwd', { rawBody: sealed })).body.success).toBe(true);
      // The same envelope replayed against the other process is refused there too.
      const replay = await b.send('POST', '/loginByPwd', { rawBody: sealed });
      expect(replay.body).toMatchObject({ code: -1, message: envelopeMessages.replayed });
      // The session cookie from process one is valid in process two.
      const current = await b.send('GET', '/queryCurrent', {
        headers: { cookie: a.jar.header()! },
      });
      expect(current.body.data).toMatchObject({ username });
    } finally {
      await second.stop();
      await first.stop();
    }
  }, 120_000);
});
