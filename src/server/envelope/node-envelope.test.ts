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
  type EnvelopeChannel,
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
const CALL = { method: 'POST', path: PATH };

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
    const session = acceptServerSession(sealed.key, lookup, CALL);
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
    const session = acceptServerSession(sealed.key, lookup, CALL);
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
    const session = acceptServerSession(sealed.key, lookup, CALL);
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
    const session = acceptServerSession(sealed.key, lookup, CALL);
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
    expect(() => acceptServerSession('nokey', lookup, CALL)).toThrow(
      expect.objectContaining({ reason: 'malformed' }),
    );
    expect(() => acceptServerSession(`other.${sealed.key.split('.')[1]}`, lookup, CALL)).toThrow(
      expect.objectContaining({ reason: 'unknownKey' }),
    );
    expect(() => acceptServerSession(`${server.keyId}.AAAA`, lookup, CALL)).toThrow(
      expect.objectContaining({ reason: 'malformed' }),
    );
    expect(() => acceptServerSession(`${server.keyId}.not*base64`, lookup, CALL)).toThrow(
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
      const client = await channelSession(channel, CALL);
      expect(client.key.startsWith(`${channel.prefix}.`)).toBe(true);
      const sealed = await sealRequest(client, {
        method: 'POST',
        path: PATH,
        body: { id },
        now: NOW,
      });
      const session = acceptServerSession(sealed.key, lookup, CALL, channels);
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
      .then((c) => channelSession(c, CALL))
      .then((c) => {
        acceptServerSession(c.key, lookup, CALL, channels);
      });
    expect(channels.size).toBe(2);
  });

  it('keeps at most its capacity of channels, dropping the least recently used', async () => {
    const channels = new ChannelSecrets(2);
    const [a, b, c] = (await Promise.all([1, 2, 3].map(() => openClientChannel(server)))) as [
      EnvelopeChannel,
      EnvelopeChannel,
      EnvelopeChannel,
    ];
    const accept = async (channel: EnvelopeChannel) =>
      acceptServerSession((await channelSession(channel, CALL)).key, lookup, CALL, channels);
    await accept(a);
    await accept(b);
    await accept(a); // a is now the most recently used
    await accept(c); // drops b
    expect(channels.size).toBe(2);
    // Which were kept shows when the scalar is wrong: a kept channel is not agreed again, so its
    // request still opens; a dropped one is agreed again with that scalar and does not.
    const wrongScalar = privateScalarFromJwk((await generateServerKeyPair()).privateKeyJwk);
    const opensWithWrongScalar = async (channel: EnvelopeChannel) => {
      const client = await channelSession(channel, CALL);
      const sealed = await sealRequest(client, { method: 'POST', path: PATH, body: 1, now: NOW });
      const session = acceptServerSession(sealed.key, () => wrongScalar, CALL, channels);
      return openServerRequest(session, sealed, expectAt(NOW), nonceStore()).then(
        () => true,
        () => false,
      );
    };
    expect(await opensWithWrongScalar(a)).toBe(true);
    expect(await opensWithWrongScalar(c)).toBe(true);
    expect(await opensWithWrongScalar(b)).toBe(false);
  });

  it('agrees a dropped channel again rather than refusing it', async () => {
    const channels = new ChannelSecrets(1);
    const [a, b] = [await openClientChannel(server), await openClientChannel(server)];
    acceptServerSession((await channelSession(a, CALL)).key, lookup, CALL, channels);
    acceptServerSession((await channelSession(b, CALL)).key, lookup, CALL, channels);
    const client = await channelSession(a, CALL);
    const sealed = await sealRequest(client, { method: 'POST', path: PATH, body: 1, now: NOW });
    const session = acceptServerSession(sealed.key, lookup, CALL, channels);
    await expect(
      openServerRequest(session, sealed, expectAt(NOW), nonceStore()),
    ).resolves.toMatchObject({ body: 1 });
  });

  it('binds each answer to its request: another call cannot pass for it', async () => {
    const channels = new ChannelSecrets();
    const client = await channelSession(await openClientChannel(server), CALL);
    // Someone replays this request's key on another call (a GET of another path): the server
    // seals that call's answer under the key, and the client refuses it.
    const elsewhere = acceptServerSession(
      client.key,
      lookup,
      { method: 'GET', path: '/xinao/api/queryCurrent' },
      channels,
    );
    await expect(
      openResponse(client, sealServerResponse(elsewhere, { id: 1 })),
    ).rejects.toMatchObject({
      reason: 'signature',
    });
    const sameCall = acceptServerSession(
      client.key,
      lookup,
      { method: 'post', path: PATH },
      channels,
    );
    await expect(openResponse(client, sealServerResponse(sameCall, { id: 1 }))).resolves.toEqual({
      id: 1,
    });
  });

  it('refuses a retired server key even for a channel it knows', async () => {
    const channels = new ChannelSecrets();
    const client = await channelSession(await openClientChannel(server), CALL);
    acceptServerSession(client.key, lookup, CALL, channels);
    expect(() => acceptServerSession(client.key, () => undefined, CALL, channels)).toThrow(
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
      expect(() => acceptServerSession(key, lookup, CALL, channels), key).toThrow(
        expect.objectContaining({ reason: 'malformed' }),
      );
    }
    // A well-formed salt on a point that is not on the curve: refused, nothing kept.
    const [, keyId] = prefix.split('.');
    expect(() =>
      acceptServerSession(`v2.${keyId}.AAAA.${'A'.repeat(22)}`, lookup, CALL, channels),
    ).toThrow(expect.objectContaining({ reason: 'malformed' }));
    const rest = prefix.split('.').slice(1).join('.');
    expect(() =>
      acceptServerSession(`v3.${rest}.${'A'.repeat(22)}`, lookup, CALL, channels),
    ).toThrow(expect.objectContaining({ reason: 'version' }));
    expect(channels.size).toBe(0);
  });
});
