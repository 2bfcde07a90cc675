import { describe, expect, it } from 'vitest';
import {
  acceptSession,
  generateServerKeyPair,
  importServerPrivateKey,
  openRequest,
} from '../../src/transport/envelope-crypto.ts';
import {
  acceptServerSession,
  openServerRequest,
  privateScalarFromJwk,
  sealServerResponse,
} from '../../src/server/envelope/node-envelope.ts';
import { nodeSealer, webCryptoSealer } from '../support/sealer.ts';

// The bad-input tests seal with node:crypto (tests/support/sealer.ts): what they send must be
// what a WebCrypto client sends, or their refusals would be the envelope's, not the fields'.
const NOW = Date.UTC(2026, 11, 2, 8, 0, 0);
const PATH = '/xinao/api/grade/update';

describe('the test client sealing with node:crypto', () => {
  it('seals requests both server halves open, and opens their answers', async () => {
    const server = await generateServerKeyPair();
    const scalar = privateScalarFromJwk(server.privateKeyJwk);
    const privateKey = await importServerPrivateKey(server.privateKeyJwk);
    const expected = { method: 'POST', path: PATH, now: NOW };
    const claim = () => {
      const seen = new Set<string>();
      return (nonce: string) => Promise.resolve(!seen.has(nonce) && Boolean(seen.add(nonce)));
    };
    for (const sealer of [nodeSealer, webCryptoSealer]) {
      const client = await sealer(server);
      const body = { id: 7, name: '信奥\u202e', list: [1, 2] };
      const sealed = await client.seal({ method: 'post', path: PATH, body, now: NOW });
      expect(sealed.key).toBe(client.key);
      const session = acceptServerSession(sealed.key, () => scalar);
      const opened = await openServerRequest(session, sealed, expected, claim());
      expect(opened).toMatchObject({ method: 'POST', path: PATH, body });
      const webSession = await acceptSession(sealed.key, () => privateKey);
      await expect(openRequest(webSession, sealed, expected, claim())).resolves.toMatchObject({
        body,
      });
      await expect(client.open(sealServerResponse(session, { ok: [1] }))).resolves.toEqual({
        ok: [1],
      });
      // Another call's answer is not this one's.
      const other = acceptServerSession((await sealer(server)).key, () => scalar);
      await expect(client.open(sealServerResponse(other, { ok: [1] }))).rejects.toMatchObject({
        reason: 'signature',
      });
    }
  });

  it('makes a fresh ephemeral key per call, as docs/protocol.md asks', async () => {
    const server = await generateServerKeyPair();
    const keys = await Promise.all([1, 2, 3].map(async () => (await nodeSealer(server)).key));
    expect(new Set(keys).size).toBe(3);
    expect(keys.every((key) => key.startsWith(`${server.keyId}.`))).toBe(true);
  });
});
