/**
 * The client's half of the envelope (docs/protocol.md) as the test client uses it: WebCrypto,
 * as the browser and the SDK seal (src/transport/envelope-crypto.ts), or node:crypto, as the
 * server opens (src/server/envelope/node-envelope.ts). The wire is the same: a fresh ephemeral
 * key per call, the same keys, the same sealed body; unit tests pin that the two
 * implementations interoperate. Every WebCrypto step is a promise round trip through the
 * thread pool: about 1 ms of CPU per call against 0.2 ms, which the bad-input property's fifty
 * thousand requests paid as a quarter of their cost (docs/decisions/testing-and-tooling.md).
 */
import { createDecipheriv, createECDH, createHmac, hkdfSync } from 'node:crypto';
import {
  EnvelopeError,
  PROTOCOL_INFO,
  openClientSession,
  openResponse,
  randomToken,
  sealRequest,
} from '../../src/transport/envelope-crypto.ts';
import type {
  RequestPlaintext,
  SealRequestInput,
  SealedEnvelope,
  ServerPublicKey,
} from '../../src/transport/envelope-crypto.ts';
import { sealServerResponse } from '../../src/server/envelope/node-envelope.ts';

/** One call's agreed keys: its request sealed, its answer opened. */
export interface SealingSession {
  /** What travels in the sealed body's `key` or the x-envelope-key header. */
  key: string;
  seal(input: SealRequestInput): Promise<SealedEnvelope>;
  open(sealed: SealedEnvelope): Promise<unknown>;
}

/** Agrees a fresh ephemeral key with the server's static key. */
export type Sealer = (server: ServerPublicKey) => Promise<SealingSession>;

export const webCryptoSealer: Sealer = async (server) => {
  const session = await openClientSession(server);
  return {
    key: session.key,
    seal: (input) => sealRequest(session, input),
    open: (sealed) => openResponse(session, sealed),
  };
};

const IV_BYTES = 12;
const TAG_BYTES = 16;

export const nodeSealer: Sealer = (server) => {
  const ecdh = createECDH('prime256v1');
  const ephemeral = ecdh.generateKeys();
  const shared = ecdh.computeSecret(Buffer.from(server.publicKey, 'base64url'));
  const bits = Buffer.from(hkdfSync('sha256', shared, ephemeral, PROTOCOL_INFO, 128));
  const key = `${server.keyId}.${ephemeral.toString('base64url')}`;
  const [requestEnc, requestMac, responseEnc, responseMac] = [0, 1, 2, 3].map((i) =>
    bits.subarray(i * 32, (i + 1) * 32),
  ) as [Buffer, Buffer, Buffer, Buffer];
  return Promise.resolve({
    key,
    seal: (input) => {
      const plaintext: RequestPlaintext = {
        ts: input.now,
        nonce: input.nonce ?? randomToken(16),
        method: input.method.toUpperCase(),
        path: input.path,
        body: input.body,
      };
      // A request is sealed as the server seals an answer, with the request's two keys.
      return Promise.resolve(
        sealServerResponse(
          { key, requestEnc, requestMac, responseEnc: requestEnc, responseMac: requestMac },
          plaintext,
        ),
      );
    },
    open: (sealed) => {
      const expected = createHmac('sha256', responseMac)
        .update(`${sealed.key}.${sealed.data}`)
        .digest('base64url');
      if (sealed.key !== key || sealed.signature !== expected) {
        return Promise.reject(new EnvelopeError('signature', 'signature mismatch'));
      }
      const packed = Buffer.from(sealed.data, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', responseEnc, packed.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(key, 'utf8'));
      decipher.setAuthTag(packed.subarray(packed.length - TAG_BYTES));
      const plain = Buffer.concat([
        decipher.update(packed.subarray(IV_BYTES, packed.length - TAG_BYTES)),
        decipher.final(),
      ]);
      return Promise.resolve(JSON.parse(plain.toString('utf8')) as unknown);
    },
  });
};
