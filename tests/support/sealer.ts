/**
 * The client's half of the envelope (docs/protocol.md) as the test client uses it: WebCrypto,
 * as the browser and the SDK seal (src/transport/envelope-crypto.ts), or node:crypto, as the
 * server opens (src/server/envelope/node-envelope.ts). The wire is the same; unit tests pin that
 * the two implementations interoperate. Every WebCrypto step is a promise round trip through the
 * thread pool: about 1 ms of CPU per call against 0.2 ms, which the bad-input property's fifty
 * thousand requests paid as a quarter of their cost (docs/decisions/testing-and-tooling.md).
 *
 * A sealer speaks version 2 (one channel per sealer, a fresh salt per call) unless it is one of
 * the version-1 sealers, which agree a fresh ephemeral key per call as older clients do.
 */
import { createDecipheriv, createECDH, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import {
  CHANNEL_INFO,
  CHANNEL_REQUEST_INFO,
  CHANNEL_SALT_BYTES,
  CHANNEL_VERSION,
  EnvelopeError,
  PROTOCOL_INFO,
  answerBinding,
  channelSession,
  openClientChannel,
  openClientSession,
  openResponse,
  randomToken,
  sealRequest,
} from '../../src/transport/envelope-crypto.ts';
import type {
  BoundCall,
  EnvelopeChannel,
  EnvelopeSession,
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

/**
 * Makes each call's keys for one client; a version-2 sealer keeps its channel between calls and
 * binds each answer to `call` (the method and the URL's pathname the request goes to).
 */
export type Sealer = (server: ServerPublicKey, call: BoundCall) => Promise<SealingSession>;

function webCryptoSession(session: EnvelopeSession): SealingSession {
  return {
    key: session.key,
    seal: (input) => sealRequest(session, input),
    open: (sealed) => openResponse(session, sealed),
  };
}

/** Keeps one value per server key: a new key (after a rotation) makes a new one. */
export function perServerKey<T>(make: (server: ServerPublicKey) => Promise<T>) {
  let held: { keyId: string; value: Promise<T> } | undefined;
  return (server: ServerPublicKey): Promise<T> => {
    if (held?.keyId !== server.keyId) held = { keyId: server.keyId, value: make(server) };
    return held.value;
  };
}

/** Version 1 on WebCrypto: a key agreement per call. */
export const webCryptoV1Sealer: Sealer = async (server) =>
  webCryptoSession(await openClientSession(server));

/** Version 2 on WebCrypto, as the web app and the SDK seal: one channel for this sealer. */
export function webCryptoSealer(): Sealer {
  const channel = perServerKey<EnvelopeChannel>(openClientChannel);
  return async (server, call) =>
    webCryptoSession(await channelSession(await channel(server), call));
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

function nodeSession(key: string, bits: Buffer, answerFor: string = key): SealingSession {
  const [requestEnc, requestMac, responseEnc, responseMac] = [0, 1, 2, 3].map((i) =>
    bits.subarray(i * 32, (i + 1) * 32),
  ) as [Buffer, Buffer, Buffer, Buffer];
  return {
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
          {
            key,
            answerFor: key,
            requestEnc,
            requestMac,
            responseEnc: requestEnc,
            responseMac: requestMac,
          },
          plaintext,
        ),
      );
    },
    open: (sealed) => {
      const expected = createHmac('sha256', responseMac)
        .update(`${answerFor}.${sealed.data}`)
        .digest('base64url');
      if (sealed.key !== key || sealed.signature !== expected) {
        return Promise.reject(new EnvelopeError('signature', 'signature mismatch'));
      }
      const packed = Buffer.from(sealed.data, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', responseEnc, packed.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(answerFor, 'utf8'));
      decipher.setAuthTag(packed.subarray(packed.length - TAG_BYTES));
      const plain = Buffer.concat([
        decipher.update(packed.subarray(IV_BYTES, packed.length - TAG_BYTES)),
        decipher.final(),
      ]);
      return Promise.resolve(JSON.parse(plain.toString('utf8')) as unknown);
    },
  };
}

function agree(server: ServerPublicKey) {
  const ecdh = createECDH('prime256v1');
  const ephemeral = ecdh.generateKeys();
  return { ephemeral, shared: ecdh.computeSecret(Buffer.from(server.publicKey, 'base64url')) };
}

/** Version 1 on node:crypto. */
export const nodeV1Sealer: Sealer = (server) => {
  const { ephemeral, shared } = agree(server);
  const bits = Buffer.from(hkdfSync('sha256', shared, ephemeral, PROTOCOL_INFO, 128));
  return Promise.resolve(nodeSession(`${server.keyId}.${ephemeral.toString('base64url')}`, bits));
};

/** Version 2 on node:crypto: one channel for this sealer. */
export function nodeSealer(): Sealer {
  const channel = perServerKey((server) => {
    const { ephemeral, shared } = agree(server);
    return Promise.resolve({
      prefix: `${CHANNEL_VERSION}.${server.keyId}.${ephemeral.toString('base64url')}`,
      secret: Buffer.from(hkdfSync('sha256', shared, ephemeral, CHANNEL_INFO, 32)),
    });
  });
  return async (server, call) => {
    const { prefix, secret } = await channel(server);
    const salt = randomBytes(CHANNEL_SALT_BYTES);
    const bits = Buffer.from(hkdfSync('sha256', secret, salt, CHANNEL_REQUEST_INFO, 128));
    const key = `${prefix}.${salt.toString('base64url')}`;
    return nodeSession(key, bits, answerBinding(key, call));
  };
}
