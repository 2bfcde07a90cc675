import { describe, expect, it } from 'vitest';
import {
  acceptSession,
  generateServerKeyPair,
  importServerPrivateKey,
  openRequest,
} from '../../src/transport/envelope-crypto.ts';
import {
  ChannelSecrets,
  acceptServerSession,
  openServerRequest,
  privateScalarFromJwk,
  sealServerResponse,
} from '../../src/server/envelope/node-envelope.ts';
import { nodeSealer, nodeV1Sealer, webCryptoSealer, webCryptoV1Sealer } from '../support/sealer.ts';
import type { Sealer } from '../support/sealer.ts';

// The bad-input tests seal with node:crypto (tests/support/sealer.ts): what they send must be
// what a WebCrypto client sends, or their refusals would be the envelope's, not the fields'.
const NOW = Date.UTC(2026, 11, 2, 8, 0, 0);
const PATH = '/xinao/api/grade/update';
const CALL = { method: 'POST', path: PATH };

const SEALERS: [string, () => Sealer][] = [
  ['node:crypto, version 2', nodeSealer],
  ['WebCrypto, version 2', webCryptoSealer],
  ['node:crypto, version 1', () => nodeV1Sealer],
  ['WebCrypto, version 1', () => webCryptoV1Sealer],
];

describe.each(SEALERS)('the test client sealing with %s', (_name, makeSealer) => {
  it('seals requests both server halves open, and opens their answers', async () => {
    const server = await generateServerKeyPair();
    const scalar = privateScalarFromJwk(server.privateKeyJwk);
    const privateKey = await importServerPrivateKey(server.privateKeyJwk);
    const expected = { method: 'POST', path: PATH, now: NOW };
    const claim = () => {
      const seen = new Set<string>();
      return (nonce: string) => Promise.resolve(!seen.has(nonce) && Boolean(seen.add(nonce)));
    };
    const sealer = makeSealer();
    const channels = new ChannelSecrets();
    for (const body of [{ id: 7, name: '信奥\u202e', list: [1, 2] }, { id: 8 }]) {
      const client = await sealer(server, CALL);
      const sealed = await client.seal({ method: 'post', path: PATH, body, now: NOW });
      expect(sealed.key).toBe(client.key);
      const session = acceptServerSession(sealed.key, () => scalar, CALL, channels);
      const opened = await openServerRequest(session, sealed, expected, claim());
      expect(opened).toMatchObject({ method: 'POST', path: PATH, body });
      const webSession = await acceptSession(sealed.key, () => privateKey, CALL);
      await expect(openRequest(webSession, sealed, expected, claim())).resolves.toMatchObject({
        body,
      });
      await expect(client.open(sealServerResponse(session, { ok: [1] }))).resolves.toEqual({
        ok: [1],
      });
      // Another call's answer is not this one's, even on the same channel.
      const other = acceptServerSession(
        (await sealer(server, CALL)).key,
        () => scalar,
        CALL,
        channels,
      );
      await expect(client.open(sealServerResponse(other, { ok: [1] }))).rejects.toMatchObject({
        reason: 'signature',
      });
    }
  });

  it('never gives two calls the same key', async () => {
    const server = await generateServerKeyPair();
    const sealer = makeSealer();
    const keys = await Promise.all([1, 2, 3].map(async () => (await sealer(server, CALL)).key));
    expect(new Set(keys).size).toBe(3);
  });
});

describe('the version the test client speaks', () => {
  it('version 2 keeps one ephemeral key per sealer and per server key; version 1 never', async () => {
    const [server, rotated] = [await generateServerKeyPair(), await generateServerKeyPair()];
    const prefix = (key: string) => key.split('.').slice(0, 3).join('.');
    for (const make of [nodeSealer, webCryptoSealer]) {
      const sealer = make();
      const [a, b] = [(await sealer(server, CALL)).key, (await sealer(server, CALL)).key];
      expect(a.startsWith(`v2.${server.keyId}.`)).toBe(true);
      expect(prefix(a)).toBe(prefix(b));
      expect(prefix((await make()(server, CALL)).key)).not.toBe(prefix(a));
      expect((await sealer(rotated, CALL)).key.startsWith(`v2.${rotated.keyId}.`)).toBe(true);
    }
    for (const sealer of [nodeV1Sealer, webCryptoV1Sealer]) {
      const keys = [(await sealer(server, CALL)).key, (await sealer(server, CALL)).key];
      expect(keys.every((key) => key.split('.').length === 2)).toBe(true);
      expect(keys[0]).not.toBe(keys[1]);
    }
  });
});
