/**
 * The server's half of the envelope protocol (docs/protocol.md) on node:crypto. The wire format
 * is exactly the one src/transport/envelope-crypto.ts speaks with WebCrypto; the difference is
 * cost: every WebCrypto call is a promise round trip through the thread pool, about ten per
 * request, where these primitives run synchronously (bench/RESULTS.md, "API"). Browsers and
 * the Node SDK keep WebCrypto; unit tests pin that both implementations interoperate.
 */
import {
  createCipheriv,
  createDecipheriv,
  createECDH,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import {
  CHANNEL_INFO,
  CHANNEL_REQUEST_INFO,
  CHANNEL_SALT_BYTES,
  EnvelopeError,
  PROTOCOL_INFO,
  answerBinding,
  checkRequestPlaintext,
  claimRequestNonce,
  parseEnvelopeKey,
} from '../../transport/envelope-crypto.ts';
import type {
  BoundCall,
  RequestPlaintext,
  SealedEnvelope,
} from '../../transport/envelope-crypto.ts';

/** The four keys of one request and its answer, as raw bytes. */
export interface ServerEnvelopeSession {
  key: string;
  /** What the answer is sealed for (envelope-crypto.ts `answerBinding`). */
  answerFor: string;
  requestEnc: Buffer;
  requestMac: Buffer;
  responseEnc: Buffer;
  responseMac: Buffer;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

function decodeBase64Url(text: string, reason: 'malformed' | 'signature'): Buffer {
  if (!BASE64URL.test(text)) throw new EnvelopeError(reason, 'not base64url');
  return Buffer.from(text, 'base64url');
}

/** The private scalar of a P-256 JWK (its `d`), which is all ECDH needs here. */
export function privateScalarFromJwk(jwk: JsonWebKey): Buffer {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.d !== 'string') {
    throw new Error('the envelope key is not a P-256 private key');
  }
  return Buffer.from(jwk.d, 'base64url');
}

function computeShared(scalar: Buffer, ephemeral: Buffer): Buffer {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(scalar);
    return ecdh.computeSecret(ephemeral);
  } catch {
    throw new EnvelopeError('malformed', 'bad public key');
  }
}

function sessionFromBits(
  key: string,
  bits: Buffer,
  answerFor: string = key,
): ServerEnvelopeSession {
  return {
    key,
    answerFor,
    requestEnc: bits.subarray(0, 32),
    requestMac: bits.subarray(32, 64),
    responseEnc: bits.subarray(64, 96),
    responseMac: bits.subarray(96, 128),
  };
}

/**
 * The secrets of version-2 channels this process has agreed, by `keyId.ephemeralPublic`: a
 * client's requests after its first cost an HKDF instead of an ECDH. Each process keeps its own
 * (a channel new to a process costs one ECDH there), so nothing is shared between processes and
 * nothing needs invalidating: a retired server key is refused before the cache is read.
 */
export class ChannelSecrets {
  private readonly secrets = new Map<string, Buffer>();

  constructor(readonly capacity = 10_000) {}

  get size(): number {
    return this.secrets.size;
  }

  secret(keyId: string, ephemeral: string, scalar: Buffer): Buffer {
    const id = `${keyId}.${ephemeral}`;
    const known = this.secrets.get(id);
    if (known) {
      // Map order is insertion order: moving a hit to the end makes the first entry the least
      // recently used.
      this.secrets.delete(id);
      this.secrets.set(id, known);
      return known;
    }
    const point = decodeBase64Url(ephemeral, 'malformed');
    const secret = Buffer.from(
      hkdfSync('sha256', computeShared(scalar, point), point, CHANNEL_INFO, 32),
    );
    if (this.secrets.size >= this.capacity) {
      this.secrets.delete(this.secrets.keys().next().value!);
    }
    this.secrets.set(id, secret);
    return secret;
  }
}

/**
 * Recovers the session the client agreed from the `key` field or the x-envelope-key header:
 * version 1 agrees a key for this request, version 2 derives it from the channel's secret.
 */
export function acceptServerSession(
  key: string,
  lookupPrivateScalar: (keyId: string) => Buffer | undefined,
  call: BoundCall,
  channels: ChannelSecrets = new ChannelSecrets(1),
): ServerEnvelopeSession {
  const parsed = parseEnvelopeKey(key);
  const scalar = lookupPrivateScalar(parsed.keyId);
  if (!scalar) throw new EnvelopeError('unknownKey', 'unknown server key');
  if (parsed.version === 1) {
    const ephemeral = decodeBase64Url(parsed.ephemeral, 'malformed');
    const shared = computeShared(scalar, ephemeral);
    return sessionFromBits(
      key,
      Buffer.from(hkdfSync('sha256', shared, ephemeral, PROTOCOL_INFO, 128)),
    );
  }
  const salt = decodeBase64Url(parsed.salt, 'malformed');
  if (salt.length !== CHANNEL_SALT_BYTES) throw new EnvelopeError('malformed', 'bad salt');
  const secret = channels.secret(parsed.keyId, parsed.ephemeral, scalar);
  return sessionFromBits(
    key,
    Buffer.from(hkdfSync('sha256', secret, salt, CHANNEL_REQUEST_INFO, 128)),
    answerBinding(key, call),
  );
}

function open(enc: Buffer, mac: Buffer, sealed: SealedEnvelope): unknown {
  let signature: Buffer;
  let packed: Buffer;
  try {
    signature = decodeBase64Url(sealed.signature, 'signature');
    packed = decodeBase64Url(sealed.data, 'signature');
  } catch {
    throw new EnvelopeError('signature', 'signature mismatch');
  }
  const expected = createHmac('sha256', mac).update(`${sealed.key}.${sealed.data}`).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
    throw new EnvelopeError('signature', 'signature mismatch');
  }
  try {
    if (packed.length < IV_BYTES + TAG_BYTES) throw new Error('too short');
    const decipher = createDecipheriv('aes-256-gcm', enc, packed.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(sealed.key, 'utf8'));
    decipher.setAuthTag(packed.subarray(packed.length - TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(packed.subarray(IV_BYTES, packed.length - TAG_BYTES)),
      decipher.final(),
    ]);
    return JSON.parse(plain.toString('utf8'));
  } catch {
    throw new EnvelopeError('decrypt', 'decryption failed');
  }
}

/** Verifies, decrypts, checks binding and freshness, then claims the nonce. */
export async function openServerRequest(
  session: ServerEnvelopeSession,
  sealed: SealedEnvelope,
  expect: { method: string; path: string; now: number },
  claimNonce: (nonce: string, expiresAt: number) => Promise<boolean>,
): Promise<RequestPlaintext> {
  const plain = open(session.requestEnc, session.requestMac, sealed);
  return claimRequestNonce(checkRequestPlaintext(plain, expect), claimNonce);
}

export function sealServerResponse(session: ServerEnvelopeSession, data: unknown): SealedEnvelope {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', session.responseEnc, iv);
  cipher.setAAD(Buffer.from(session.answerFor, 'utf8'));
  const ciphertext = Buffer.concat([
    // JSON.stringify(undefined) is undefined: an answer without data travels as null.
    cipher.update(JSON.stringify(data) ?? 'null', 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const packed = Buffer.concat([iv, ciphertext]).toString('base64url');
  const signature = createHmac('sha256', session.responseMac)
    .update(`${session.answerFor}.${packed}`)
    .digest('base64url');
  return { key: session.key, data: packed, signature };
}
