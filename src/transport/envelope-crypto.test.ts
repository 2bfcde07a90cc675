import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_CLOCK_SKEW_MS,
  acceptSession,
  generateServerKeyPair,
  importServerPrivateKey,
  openClientSession,
  openRequest,
  openResponse,
  sealRequest,
  sealResponse,
  type EnvelopeSession,
  type SealedEnvelope,
  type ServerKeyPair,
} from './envelope-crypto.ts';

let server: ServerKeyPair;
let privateKey: CryptoKey;
const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
/** Version 1 binds answers to the key alone: any call will do. */
const CALL = { method: 'POST', path: '/xinao/api/x' };

beforeAll(async () => {
  server = await generateServerKeyPair();
  privateKey = await importServerPrivateKey(server.privateKeyJwk);
});

function nonceStore() {
  const seen = new Set<string>();
  return async (nonce: string) => {
    if (seen.has(nonce)) return false;
    seen.add(nonce);
    return true;
  };
}

async function roundTrip(): Promise<{ client: EnvelopeSession; sealed: SealedEnvelope }> {
  const client = await openClientSession(server);
  const sealed = await sealRequest(client, {
    method: 'post',
    path: '/xinao/api/loginByPwd',
    body: { username: 'demo_student' },
    now: NOW,
  });
  return { client, sealed };
}

const lookup = (id: string) => (id === server.keyId ? privateKey : undefined);
const expectAt = (now: number) => ({ method: 'POST', path: '/xinao/api/loginByPwd', now });
const flip = (text: string, at: number) =>
  text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);

describe('envelope protocol', () => {
  it('opens what the client sealed and seals an answer only that client can open', async () => {
    const { client, sealed } = await roundTrip();
    const serverSession = await acceptSession(sealed.key, lookup, CALL);
    const plain = await openRequest(serverSession, sealed, expectAt(NOW), nonceStore());
    expect(plain.body).toEqual({ username: 'demo_student' });
    const answer = await sealResponse(serverSession, { id: 3 });
    await expect(openResponse(client, answer)).resolves.toEqual({ id: 3 });
    const stranger = await openClientSession(server);
    await expect(openResponse(stranger, answer)).rejects.toMatchObject({ reason: 'signature' });
  });

  it.each([
    ['data', 'signature'],
    ['signature', 'signature'],
  ] as const)('refuses a flipped byte in %s', async (field, reason) => {
    const { sealed } = await roundTrip();
    const session = await acceptSession(sealed.key, lookup, CALL);
    const tampered = { ...sealed, [field]: flip(sealed[field], 10) };
    await expect(openRequest(session, tampered, expectAt(NOW), nonceStore())).rejects.toMatchObject(
      { reason },
    );
  });

  it('refuses a replayed envelope', async () => {
    const { sealed } = await roundTrip();
    const session = await acceptSession(sealed.key, lookup, CALL);
    const claim = nonceStore();
    await openRequest(session, sealed, expectAt(NOW), claim);
    await expect(openRequest(session, sealed, expectAt(NOW), claim)).rejects.toMatchObject({
      reason: 'replayed',
    });
  });

  it('refuses an envelope outside the clock window, either way', async () => {
    const { sealed } = await roundTrip();
    const session = await acceptSession(sealed.key, lookup, CALL);
    for (const now of [NOW + MAX_CLOCK_SKEW_MS + 1, NOW - MAX_CLOCK_SKEW_MS - 1]) {
      await expect(openRequest(session, sealed, expectAt(now), nonceStore())).rejects.toMatchObject(
        { reason: 'expired' },
      );
    }
  });

  it('refuses an envelope sent to another call than it was sealed for', async () => {
    const { sealed } = await roundTrip();
    const session = await acceptSession(sealed.key, lookup, CALL);
    await expect(
      openRequest(
        session,
        sealed,
        { ...expectAt(NOW), path: '/xinao/api/registerByPwd' },
        nonceStore(),
      ),
    ).rejects.toMatchObject({ reason: 'mismatch' });
  });

  it('refuses unknown and malformed keys', async () => {
    await expect(acceptSession('nokey', lookup, CALL)).rejects.toMatchObject({
      reason: 'malformed',
    });
    const { sealed } = await roundTrip();
    const otherId = sealed.key.replace(/^[^.]+/, 'zzzz');
    await expect(acceptSession(otherId, lookup, CALL)).rejects.toMatchObject({
      reason: 'unknownKey',
    });
    await expect(acceptSession(`${server.keyId}.AAAA`, lookup, CALL)).rejects.toMatchObject({
      reason: 'malformed',
    });
  });
});
