import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { system } from '../../src/contract/system/calls.ts';
import { ErrorCode, envelopeMessages } from '../../src/contract/errors.ts';
import {
  MAX_CLOCK_SKEW_MS,
  fromBase64Url,
  toBase64Url,
} from '../../src/transport/envelope-crypto.ts';
import type { SealedEnvelope } from '../../src/transport/envelope-crypto.ts';
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

function flipByte(text: string, index: number): string {
  const bytes = fromBase64Url(text);
  bytes[index] = bytes[index]! ^ 0x01;
  return toBase64Url(bytes);
}

async function registrationBody(client: RawClient, username: string) {
  const captcha = await client.call<{ captchaId: string; image: string }>(accounts.getImageCaptcha);
  const { captchaId, image } = captcha.body.data!;
  return {
    username,
    password: 'Secret123',
    nickname: '信封',
    captchaId,
    captchaCode: platform.captchas.answerFor(image),
  };
}

const userExists = async (username: string) =>
  (await platform.pool.query('SELECT 1 FROM users WHERE username = $1', [username])).rowCount === 1;

function expectRefused(
  answer: { status: number; body: { code: number; message: string; data: unknown } },
  message: string,
) {
  expect(answer.status).toBe(400);
  expect(answer.body).toEqual({ success: false, code: ErrorCode.ENVELOPE, message, data: null });
}

/**
 * Each tampered registration is refused with code -1 and changes nothing: the user does not
 * exist afterwards and the captcha is still unused, so the untampered request then succeeds.
 */
async function expectNoSideEffect(
  tamper: (sealed: SealedEnvelope) => SealedEnvelope,
  message: string,
  sealOptions: Parameters<RawClient['seal']>[3] = {},
) {
  const client = new RawClient(platform.apiUrl);
  const username = `env_${Math.random().toString(36).slice(2, 10)}`;
  const body = await registrationBody(client, username);
  const { sealed } = await client.seal('POST', '/registerByPwd', body, sealOptions);
  const refused = await client.send('POST', '/registerByPwd', { rawBody: tamper(sealed) });
  expectRefused(refused, message);
  expect(await userExists(username)).toBe(false);
  expect(client.jar.header()).toBeUndefined();

  const honest = await client.call(accounts.registerByPwd, { body });
  expect(honest.body.success).toBe(true);
  expect(await userExists(username)).toBe(true);
}

describe('the server opens envelopes before any handler runs', () => {
  it('refuses a flipped byte in data', async () => {
    await expectNoSideEffect(
      (s) => ({ ...s, data: flipByte(s.data, 20) }),
      envelopeMessages.signature,
    );
  });

  it('refuses a flipped byte in the signature', async () => {
    await expectNoSideEffect(
      (s) => ({ ...s, signature: flipByte(s.signature, 3) }),
      envelopeMessages.signature,
    );
  });

  it('refuses an expired timestamp', async () => {
    await expectNoSideEffect((s) => s, envelopeMessages.expired, {
      now: Date.now() - MAX_CLOCK_SKEW_MS - 60_000,
    });
  });

  it('refuses an envelope bound to another call', async () => {
    await expectNoSideEffect((s) => s, envelopeMessages.mismatch, {
      boundPath: '/xinao/api/loginByPwd',
    });
  });

  it('refuses an unknown server key, asking for a refresh', async () => {
    await expectNoSideEffect((s) => {
      const [version, , ...rest] = s.key.split('.');
      return { ...s, key: [version, 'unknownkey', ...rest].join('.') };
    }, envelopeMessages.unknownKey);
  });

  it('refuses a replayed envelope, with no second effect', async () => {
    const client = new RawClient(platform.apiUrl);
    const { username, password } = platform.accounts.student;
    const { sealed } = await client.seal('POST', '/loginByPwd', { username, password });
    const sessions = async () =>
      Number((await platform.pool.query('SELECT count(*) FROM sessions')).rows[0].count);
    const first = await client.send('POST', '/loginByPwd', { rawBody: sealed });
    expect(first.body.success).toBe(true);
    const before = await sessions();
    const replay = await new RawClient(platform.apiUrl).send('POST', '/loginByPwd', {
      rawBody: sealed,
    });
    expectRefused(replay, envelopeMessages.replayed);
    expect(await sessions()).toBe(before);
  });

  it('refuses a plain JSON body', async () => {
    const client = new RawClient(platform.apiUrl);
    const { username, password } = platform.accounts.student;
    const plain = await client.send('POST', '/loginByPwd', { rawBody: { username, password } });
    expectRefused(plain, envelopeMessages.malformed);
    expect(client.jar.header()).toBeUndefined();
  });
});

describe('sealed answers', () => {
  it('seals data when the request carried a key, and not otherwise', async () => {
    const client = new RawClient(platform.apiUrl);
    const plain = await client.send<{ keyId: string; publicKey: string }>(
      'GET',
      '/common/envelope/publicKey',
    );
    expect(plain.body.data).toMatchObject({ keyId: expect.any(String) });
    const sealed = await client.call(system['common.envelope.publicKey']);
    expect(sealed.body.data).toEqual(plain.body.data);
    // The raw sealed answer is not readable as the plain data.
    const { openClientSession } = await import('../../src/transport/envelope-crypto.ts');
    const session = await openClientSession(plain.body.data!);
    const raw = await client.send('GET', '/common/envelope/publicKey', {
      headers: { 'x-envelope-key': session.key },
    });
    expect(Object.keys(raw.body.data as object).sort()).toEqual(['data', 'key', 'signature']);
  });

  it('keeps one server key across restarts of the same database (shared by processes)', async () => {
    const rows = await platform.pool.query('SELECT key_id FROM server_keys');
    const client = new RawClient(platform.apiUrl);
    expect(rows.rows.map((r) => r.key_id)).toEqual([(await client.publicKey()).keyId]);
  });
});

describe('envelope versions (docs/protocol.md, "Versions")', () => {
  it('still serves a client speaking version 1, sealed requests and sealed answers', async () => {
    const client = new RawClient(platform.apiUrl);
    const { username, password } = platform.accounts.student;
    const { session, sealed } = await client.seal(
      'POST',
      '/loginByPwd',
      { username, password },
      { version: 1 },
    );
    expect(sealed.key.split('.')).toHaveLength(2);
    const answer = await client.send('POST', '/loginByPwd', { rawBody: sealed });
    expect(answer.body.success).toBe(true);
    const { openResponse } = await import('../../src/transport/envelope-crypto.ts');
    await expect(openResponse(session, answer.body.data as SealedEnvelope)).resolves.toMatchObject({
      username,
    });
  });

  it('refuses a version it does not speak, saying so, and changes nothing', async () => {
    await expectNoSideEffect(
      (s) => ({ ...s, key: `v3.${s.key.split('.').slice(1).join('.')}` }),
      envelopeMessages.version,
    );
  });

  it('answers many calls of one channel, each sealed for its own salt', async () => {
    const client = new RawClient(platform.apiUrl);
    const { username, password } = platform.accounts.student;
    const keys = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const { sealed } = await client.seal('POST', '/loginByPwd', { username, password });
      keys.add(sealed.key.split('.').slice(0, 3).join('.'));
      const answer = await client.send('POST', '/loginByPwd', { rawBody: sealed });
      expect(answer.body.success).toBe(true);
      expect((answer.body.data as SealedEnvelope).key).toBe(sealed.key);
    }
    expect(keys.size).toBe(1);
  });

  it('seals an answer for the call that asked: a key replayed on another call is refused by the client', async () => {
    const client = new RawClient(platform.apiUrl);
    const { username, password } = platform.accounts.student;
    const login = await client.call(accounts.loginByPwd, { body: { username, password } });
    expect(login.body.success).toBe(true);
    // A request sealed for one call, then its key sent along with another call instead.
    const { session, sealed } = await client.seal('POST', '/oj/member/queryCurrentRights', {});
    const elsewhere = await client.send('GET', '/queryCurrent', {
      headers: { 'x-envelope-key': sealed.key },
    });
    expect(elsewhere.body.success).toBe(true);
    const { openResponse } = await import('../../src/transport/envelope-crypto.ts');
    await expect(
      openResponse(session, elsewhere.body.data as SealedEnvelope),
    ).rejects.toMatchObject({ reason: 'signature' });
  });
});
