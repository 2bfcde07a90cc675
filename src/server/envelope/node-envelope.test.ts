import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_CLOCK_SKEW_MS,
  channelSession,
  generateServerKeyPair,
  openClientChannel,
  openClientSession,
  openResponse,
  sealRequest,
  type SealedEnvelope,
  type ServerKeyPair,
} from '../../transport/envelope-crypto.ts';
import {
  ChannelSecrets,
  acceptServerSession,
  openServerRequest,
  privateScalarFromJwk,
  sealServerResponse,
} from './node-envelope.ts';

// The browser and the SDK seal with WebCrypto; the server opens with node:crypto. These tests
// pin that the two speak the same protocol, including every refusal.
let server: ServerKeyPair;
let scalar: Buffer;
const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const PATH = '/xinao/api/grade/queryList';

beforeAll(async () => {
  server = await generateServerKeyPair();
  scalar = privateScalarFromJwk(server.privateKeyJwk);
});

const lookup = (id: string) => (id === server.keyId ? scalar : undefined);
const expectAt = (now: number, path = PATH) => ({ method: 'POST', path, now });
const flip = (text: string, at: number) =>
  text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);

function nonceStore() {
  const seen = new Set<string>();
  return (nonce: string) => Promise.resolve(!seen.has(nonce) && Boolean(seen.add(nonce)));
}

async function sealedByClient(body: unknown = { page: 0 }) {
  const client = await openClientSession(server);
  const sealed = await sealRequest(client, { method: 'post', path: PATH, body, now: NOW });
  return { client, sealed };
}

describe('the node:crypto server half of the envelope', () => {
  it('opens what WebCrypto sealed, and seals an answer WebCrypto opens', async () => {
    const { client, sealed } = await sealedByClient({ name: '信奥', list: [1, 2] });
    const session = acceptServerSession(sealed.key, lookup);
    const plain = await openServerRequest(session, sealed, expectAt(NOW), nonceStore());
    expect(plain.body).toEqual({ name: '信奥', list: [1, 2] });
    await expect(openResponse(client, sealServerResponse(session, { id: 7 }))).resolves.toEqual({
      id: 7,
    });
    await expect(openResponse(client, sealServerResponse(session, undefined))).resolves.toBeNull();
    const stranger = await openClientSession(server);
    await expect(
      openResponse(stranger, sealServerResponse(session, { id: 7 })),
    ).rejects.toMatchObject({ reason: 'signature' });
  });

  it('refuses a flipped byte in data or signature as a signature failure', async () => {
    const { sealed } = await sealedByClient();
    const session = acceptServerSession(sealed.key, lookup);
    for (const tampered of [
      { ...sealed, data: flip(sealed.data, 20) },
      { ...sealed, signature: flip(sealed.signature, 5) },
      { ...sealed, signature: `${sealed.signature}!` },
    ]) {
      await expect(
        openServerRequest(session, tampered, expectAt(NOW), nonceStore()),
      ).rejects.toMatchObject({ reason: 'signature' });
    }
  });

  it('refuses a correctly signed envelope whose ciphertext does not decrypt', async () => {
    const { sealed } = await sealedByClient();
    const session = acceptServerSession(sealed.key, lookup);
    const data = flip(sealed.data, 30);
    const signature = createHmac('sha256', session.requestMac)
      .update(`${sealed.key}.${data}`)
      .digest('base64url');
    const forged: SealedEnvelope = { key: sealed.key, data, signature };
    await expect(
      openServerRequest(session, forged, expectAt(NOW), nonceStore()),
    ).rejects.toMatchObject({ reason: 'decrypt' });
  });

  it('refuses a replay, a stale timestamp and another path', async () => {
    const { sealed } = await sealedByClient();
    const session = acceptServerSession(sealed.key, lookup);
    const claim = nonceStore();
    await openServerRequest(session, sealed, expectAt(NOW), claim);
    await expect(openServerRequest(session, sealed, expectAt(NOW), claim)).rejects.toMatchObject({
      reason: 'replayed',
    });
    await expect(
      openServerRequest(session, sealed, expectAt(NOW + MAX_CLOCK_SKEW_MS + 1), nonceStore()),
    ).rejects.toMatchObject({ reason: 'expired' });
    await expect(
      openServerRequest(session, sealed, expectAt(NOW, '/xinao/api/logout'), nonceStore()),
    ).rejects.toMatchObject({ reason: 'mismatch' });
  });

  it('refuses malformed keys, unknown server keys and points off the curve', async () => {
    const { sealed } = await sealedByClient();
    expect(() => acceptServerSession('nokey', lookup)).toThrow(
      expect.objectContaining({ reason: 'malformed' }),
    );
    expect(() => acceptServerSession(`other.${sealed.key.split('.')[1]}`, lookup)).toThrow(
      expect.objectContaining({ reason: 'unknownKey' }),
    );
    expect(() => acceptServerSession(`${server.keyId}.AAAA`, lookup)).toThrow(
      expect.objectContaining({ reason: 'malformed' }),
    );
    expect(() => acceptServerSession(`${server.keyId}.not*base64`, lookup)).toThrow(
      expect.objectContaining({ reason: 'malformed' }),
    );
  });

  it('reads only P-256 private keys', () => {
    expect(() => privateScalarFromJwk({ kty: 'RSA', d: 'AA' })).toThrow(/P-256/);
  });
});

describe('version 2: a channel agreed once', () => {
  it('derives each request from the channel, one key agreement per channel and process', async () => {
    const channels = new ChannelSecrets();
    const channel = await openClientChannel(server);
    const claim = nonceStore();
    for (const id of [1, 2, 3]) {
      const client = await channelSession(channel);
      expect(client.key.startsWith(`${channel.prefix}.`)).toBe(true);
      const sealed = await sealRequest(client, {
        method: 'POST',
        path: PATH,
        body: { id },
        now: NOW,
      });
      const session = acceptServerSession(sealed.key, lookup, channels);
      await expect(openServerRequest(session, sealed, expectAt(NOW), claim)).resolves.toMatchObject(
        {
          body: { id },
        },
      );
      await expect(openResponse(client, sealServerResponse(session, { id }))).resolves.toEqual({
        id,
      });
    }
    expect(channels.size).toBe(1);
    await openClientChannel(server)
      .then(channelSession)
      .then((c) => {
        acceptServerSession(c.key, lookup, channels);
      });
    expect(channels.size).toBe(2);
  });

  it('keeps at most its capacity of channels, dropping the least recently used', async () => {
    const channels = new ChannelSecrets(2);
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => openClientChannel(server)));
    const accept = async (channel: typeof a) =>
      acceptServerSession((await channelSession(channel!)).key, lookup, channels);
    await accept(a);
    await accept(b);
    await accept(a); // a is now the most recently used
    await accept(c); // drops b
    expect(channels.size).toBe(2);
    // A dropped channel is agreed again (one more ECDH), not refused.
    const client = await channelSession(b!);
    const sealed = await sealRequest(client, { method: 'POST', path: PATH, body: 1, now: NOW });
    const session = acceptServerSession(sealed.key, lookup, channels);
    await expect(
      openServerRequest(session, sealed, expectAt(NOW), nonceStore()),
    ).resolves.toMatchObject({
      body: 1,
    });
  });

  it('refuses a retired server key even for a channel it knows', async () => {
    const channels = new ChannelSecrets();
    const client = await channelSession(await openClientChannel(server));
    acceptServerSession(client.key, lookup, channels);
    expect(() => acceptServerSession(client.key, () => undefined, channels)).toThrow(
      expect.objectContaining({ reason: 'unknownKey' }),
    );
  });

  it('refuses a salt that is not 16 bytes, a bad shape and a version it does not speak', async () => {
    const channels = new ChannelSecrets();
    const { prefix } = await openClientChannel(server);
    for (const key of [
      `${prefix}.AAAA`,
      `${prefix}.`,
      `${prefix}.not*salt`,
      `${prefix}`,
      `${prefix}.${'A'.repeat(22)}.x`,
    ]) {
      expect(() => acceptServerSession(key, lookup, channels), key).toThrow(
        expect.objectContaining({ reason: 'malformed' }),
      );
    }
    const rest = prefix.split('.').slice(1).join('.');
    expect(() => acceptServerSession(`v3.${rest}.${'A'.repeat(22)}`, lookup, channels)).toThrow(
      expect.objectContaining({ reason: 'version' }),
    );
    expect(channels.size).toBe(0);
  });
});
