/**
 * The request/response envelope protocol (docs/protocol.md), built only from WebCrypto
 * primitives so the same code runs in the browser and in Node: ECDH P-256 between an ephemeral
 * client key and the server's static key, HKDF-SHA-256 to split the shared secret into
 * AES-256-GCM and HMAC-SHA-256 keys, a timestamp and nonce inside the ciphertext so a replayed or
 * stale envelope is refused.
 *
 * Version 2 (a channel) agrees the ephemeral key once and derives each request's keys from the
 * channel's secret with a fresh salt, so a request costs an HKDF instead of a key agreement.
 * Version 1 (one key agreement per request) is still served, for clients written against it.
 */
export const PROTOCOL_INFO = 'xinao-envelope-v1';
/** HKDF info of a channel's secret (version 2). */
export const CHANNEL_INFO = 'xinao-envelope-v2';
/** HKDF info of one request's keys under a channel (version 2). */
export const CHANNEL_REQUEST_INFO = 'xinao-envelope-v2 request';
/** The first part of a version-2 key: `v2.keyId.ephemeralPublic.salt`. */
export const CHANNEL_VERSION = 'v2';
/** Bytes of a version-2 request's salt. */
export const CHANNEL_SALT_BYTES = 16;
/** How long a client keeps one channel before agreeing a new one (forward secrecy). */
export const CHANNEL_LIFETIME_MS = 30 * 60 * 1000;
/** How far a request timestamp may drift from the server clock. */
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

export interface SealedEnvelope {
  key: string;
  data: string;
  signature: string;
}

export interface ServerPublicKey {
  keyId: string;
  publicKey: string;
}

/** What both sides hold after a key agreement: the keys for one request and its response. */
export interface EnvelopeSession {
  key: string;
  /**
   * What the answer is sealed for (its additional data and MAC input): the key and, in version
   * 2, the request's method and path, so an answer cannot be passed off as another call's.
   */
  answerFor: string;
  requestEnc: CryptoKey;
  requestMac: CryptoKey;
  responseEnc: CryptoKey;
  responseMac: CryptoKey;
}

export type EnvelopeFailure =
  | 'malformed'
  | 'unknownKey'
  | 'signature'
  | 'decrypt'
  | 'expired'
  | 'replayed'
  | 'mismatch'
  | 'version';

export class EnvelopeError extends Error {
  constructor(
    readonly reason: EnvelopeFailure,
    message: string = reason,
  ) {
    super(message);
    this.name = 'EnvelopeError';
  }
}

export interface RequestPlaintext {
  ts: number;
  nonce: string;
  method: string;
  path: string;
  body: unknown;
}

const subtle = (): SubtleCrypto => globalThis.crypto.subtle;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;

/** Bytes turned into characters at a time: far below any engine's argument limit. */
const CHARS_PER_CHUNK = 0x8000;

export function toBase64Url(bytes: Uint8Array): string {
  // A character per byte appended one at a time made a sealed upload-sized body (32 MiB) cost
  // seconds and as much again in garbage collection.
  let binary = '';
  for (let at = 0; at < bytes.length; at += CHARS_PER_CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(at, at + CHARS_PER_CHUNK));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new EnvelopeError('malformed', 'not base64url');
  const padded =
    text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    throw new EnvelopeError('malformed', 'not base64url');
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export function randomToken(bytes = 16): string {
  return toBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(bytes)));
}

export interface ServerKeyPair {
  keyId: string;
  publicKey: string;
  privateKeyJwk: JsonWebKey;
}

export async function generateServerKeyPair(): Promise<ServerKeyPair> {
  const pair = (await subtle().generateKey(ECDH, true, ['deriveBits'])) as CryptoKeyPair;
  const raw = new Uint8Array(await subtle().exportKey('raw', pair.publicKey));
  const privateKeyJwk = await subtle().exportKey('jwk', pair.privateKey);
  return { keyId: randomToken(6), publicKey: toBase64Url(raw), privateKeyJwk };
}

export function importServerPrivateKey(jwk: JsonWebKey): Promise<CryptoKey> {
  return subtle().importKey('jwk', jwk, ECDH, false, ['deriveBits']);
}

async function importPublicKey(raw: string): Promise<CryptoKey> {
  try {
    return await subtle().importKey('raw', fromBase64Url(raw), ECDH, false, []);
  } catch {
    throw new EnvelopeError('malformed', 'bad public key');
  }
}

function sharedSecret(privateKey: CryptoKey, peerPublic: CryptoKey): Promise<ArrayBuffer> {
  return subtle().deriveBits({ name: 'ECDH', public: peerPublic }, privateKey, 256);
}

async function hkdf(
  ikm: BufferSource | CryptoKey,
  salt: Uint8Array<ArrayBuffer>,
  info: string,
  bits: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const key =
    ikm instanceof CryptoKey
      ? ikm
      : await subtle().importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(
    await subtle().deriveBits(
      { name: 'HKDF', hash: 'SHA-256', salt, info: encoder.encode(info) },
      key,
      bits,
    ),
  );
}

/** The call a version-2 answer is bound to: its method and the URL's pathname. */
export interface BoundCall {
  method: string;
  path: string;
}

/**
 * What a call's answer is sealed for: version 2 binds it to the request's method and path
 * (protocol §3 "Sealed answers"), version 1 to the key alone.
 */
export function answerBinding(key: string, call: BoundCall): string {
  return key.startsWith(`${CHANNEL_VERSION}.`)
    ? `${key}\n${call.method.toUpperCase()} ${call.path}`
    : key;
}

/** The four keys of one request and its answer, from 128 bytes of HKDF output. */
async function sessionFromBits(
  key: string,
  bits: Uint8Array<ArrayBuffer>,
  answerFor: string = key,
): Promise<EnvelopeSession> {
  const aes = (slice: Uint8Array<ArrayBuffer>) =>
    subtle().importKey('raw', slice, 'AES-GCM', false, ['encrypt', 'decrypt']);
  const hmac = (slice: Uint8Array<ArrayBuffer>) =>
    subtle().importKey('raw', slice, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const [requestEnc, requestMac, responseEnc, responseMac] = await Promise.all([
    aes(bits.slice(0, 32)),
    hmac(bits.slice(32, 64)),
    aes(bits.slice(64, 96)),
    hmac(bits.slice(96, 128)),
  ]);
  return { key, answerFor, requestEnc, requestMac, responseEnc, responseMac };
}

/** Version 1: the request's keys straight from the key agreement. */
async function deriveSession(
  privateKey: CryptoKey,
  peerPublic: CryptoKey,
  key: string,
  salt: Uint8Array<ArrayBuffer>,
): Promise<EnvelopeSession> {
  const shared = await sharedSecret(privateKey, peerPublic);
  return sessionFromBits(key, await hkdf(shared, salt, PROTOCOL_INFO, 1024));
}

/** Client side, version 1: a fresh ephemeral key agreed with the server's static key. */
export async function openClientSession(server: ServerPublicKey): Promise<EnvelopeSession> {
  const pair = (await subtle().generateKey(ECDH, true, ['deriveBits'])) as CryptoKeyPair;
  const ephemeral = new Uint8Array(await subtle().exportKey('raw', pair.publicKey));
  const key = `${server.keyId}.${toBase64Url(ephemeral)}`;
  return deriveSession(pair.privateKey, await importPublicKey(server.publicKey), key, ephemeral);
}

/** Version 2: one key agreement a client keeps for many requests. */
export interface EnvelopeChannel {
  /** `v2.keyId.ephemeralPublic`: every request's key starts with it. */
  prefix: string;
  /** HKDF key material of the channel's secret. */
  secret: CryptoKey;
}

/** The channel's 32-byte secret from the shared point; the server computes the same. */
async function channelSecret(shared: ArrayBuffer, ephemeral: Uint8Array<ArrayBuffer>) {
  return hkdf(shared, ephemeral, CHANNEL_INFO, 256);
}

/** Client side, version 2: agrees a channel with the server's static key. */
export async function openClientChannel(server: ServerPublicKey): Promise<EnvelopeChannel> {
  const pair = (await subtle().generateKey(ECDH, true, ['deriveBits'])) as CryptoKeyPair;
  const ephemeral = new Uint8Array(await subtle().exportKey('raw', pair.publicKey));
  const shared = await sharedSecret(pair.privateKey, await importPublicKey(server.publicKey));
  const secret = await subtle().importKey(
    'raw',
    await channelSecret(shared, ephemeral),
    'HKDF',
    false,
    ['deriveBits'],
  );
  return { prefix: `${CHANNEL_VERSION}.${server.keyId}.${toBase64Url(ephemeral)}`, secret };
}

/**
 * One request's keys under a channel: a fresh salt, so no two requests share keys, and its
 * answer bound to `call` (the method and the URL's pathname it is sent to).
 */
export async function channelSession(
  channel: EnvelopeChannel,
  call: BoundCall,
): Promise<EnvelopeSession> {
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(CHANNEL_SALT_BYTES));
  const bits = await hkdf(channel.secret, salt, CHANNEL_REQUEST_INFO, 1024);
  const key = `${channel.prefix}.${toBase64Url(salt)}`;
  return sessionFromBits(key, bits, answerBinding(key, call));
}

/** The parts of a request key, whichever version wrote it. */
export type ParsedKey =
  | { version: 1; keyId: string; ephemeral: string }
  | { version: 2; keyId: string; ephemeral: string; salt: string };

/**
 * Reads a `key` field or x-envelope-key header. A key of a version this side does not speak is
 * refused with `version`, so a client learns what to change rather than "bad format".
 */
export function parseEnvelopeKey(key: string): ParsedKey {
  const parts = key.split('.');
  if (parts.length === 2 && parts[0] && parts[1]) {
    return { version: 1, keyId: parts[0], ephemeral: parts[1] };
  }
  if (parts[0] === CHANNEL_VERSION) {
    if (parts.length === 4 && parts[1] && parts[2] && parts[3]) {
      return { version: 2, keyId: parts[1], ephemeral: parts[2], salt: parts[3] };
    }
    throw new EnvelopeError('malformed', 'bad key');
  }
  if (parts.length > 2 && /^v\d+$/.test(parts[0] ?? '')) {
    throw new EnvelopeError('version', `envelope version ${parts[0]} is not spoken here`);
  }
  throw new EnvelopeError('malformed', 'bad key');
}

/**
 * Server side on WebCrypto (the component tests' fake server): the session the client agreed,
 * recovered from the `key` field or the x-envelope-key header, for either version.
 */
export async function acceptSession(
  key: string,
  lookupPrivateKey: (keyId: string) => CryptoKey | undefined,
  call: BoundCall,
): Promise<EnvelopeSession> {
  const parsed = parseEnvelopeKey(key);
  const privateKey = lookupPrivateKey(parsed.keyId);
  if (!privateKey) throw new EnvelopeError('unknownKey', 'unknown server key');
  const ephemeral = fromBase64Url(parsed.ephemeral);
  const peer = await importPublicKey(parsed.ephemeral);
  if (parsed.version === 1) return deriveSession(privateKey, peer, key, ephemeral);
  const salt = fromBase64Url(parsed.salt);
  if (salt.length !== CHANNEL_SALT_BYTES) throw new EnvelopeError('malformed', 'bad salt');
  const secret = await channelSecret(await sharedSecret(privateKey, peer), ephemeral);
  return sessionFromBits(
    key,
    await hkdf(secret, salt, CHANNEL_REQUEST_INFO, 1024),
    answerBinding(key, call),
  );
}

/** Seals `payload`; `boundTo` is the additional data and MAC input, `key` what travels. */
async function seal(
  enc: CryptoKey,
  mac: CryptoKey,
  key: string,
  payload: unknown,
  boundTo: string = key,
): Promise<SealedEnvelope> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = new Uint8Array(
    await subtle().encrypt(
      { name: 'AES-GCM', iv, additionalData: encoder.encode(boundTo) },
      enc,
      encoder.encode(JSON.stringify(payload)),
    ),
  );
  const packed = new Uint8Array(iv.length + ciphertext.length);
  packed.set(iv);
  packed.set(ciphertext, iv.length);
  const data = toBase64Url(packed);
  const signature = toBase64Url(
    new Uint8Array(await subtle().sign('HMAC', mac, encoder.encode(`${boundTo}.${data}`))),
  );
  return { key, data, signature };
}

async function open(
  enc: CryptoKey,
  mac: CryptoKey,
  sealed: SealedEnvelope,
  boundTo: string = sealed.key,
): Promise<unknown> {
  let signatureBytes: Uint8Array<ArrayBuffer>;
  let packed: Uint8Array<ArrayBuffer>;
  try {
    signatureBytes = fromBase64Url(sealed.signature);
    packed = fromBase64Url(sealed.data);
  } catch {
    throw new EnvelopeError('signature', 'signature mismatch');
  }
  const valid = await subtle().verify(
    'HMAC',
    mac,
    signatureBytes,
    encoder.encode(`${boundTo}.${sealed.data}`),
  );
  if (!valid) throw new EnvelopeError('signature', 'signature mismatch');
  try {
    const plain = await subtle().decrypt(
      { name: 'AES-GCM', iv: packed.slice(0, 12), additionalData: encoder.encode(boundTo) },
      enc,
      packed.slice(12),
    );
    return JSON.parse(decoder.decode(plain));
  } catch {
    throw new EnvelopeError('decrypt', 'decryption failed');
  }
}

export function isSealedEnvelope(value: unknown): value is SealedEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    Object.keys(v).length === 3 &&
    typeof v.key === 'string' &&
    typeof v.data === 'string' &&
    typeof v.signature === 'string'
  );
}

export interface SealRequestInput {
  method: string;
  /** The request URL's full pathname without the query, e.g. `/xinao/api/loginByPwd`. */
  path: string;
  body: unknown;
  now: number;
  nonce?: string;
}

export function sealRequest(
  session: EnvelopeSession,
  input: SealRequestInput,
): Promise<SealedEnvelope> {
  const plaintext: RequestPlaintext = {
    ts: input.now,
    nonce: input.nonce ?? randomToken(16),
    method: input.method.toUpperCase(),
    path: input.path,
    body: input.body,
  };
  return seal(session.requestEnc, session.requestMac, session.key, plaintext);
}

/**
 * The checks every opened request passes, whichever crypto implementation opened it: a
 * well-formed plaintext, bound to this method and path, within the clock window. Replay
 * detection comes after, since it writes shared state.
 */
export function checkRequestPlaintext(
  plain: unknown,
  expect: { method: string; path: string; now: number },
): RequestPlaintext {
  const p = plain as RequestPlaintext;
  if (
    typeof p !== 'object' ||
    p === null ||
    typeof p.ts !== 'number' ||
    typeof p.nonce !== 'string' ||
    p.nonce.length < 16
  ) {
    throw new EnvelopeError('malformed', 'bad plaintext');
  }
  if (p.method !== expect.method.toUpperCase() || p.path !== expect.path) {
    throw new EnvelopeError('mismatch', 'envelope bound to another call');
  }
  if (Math.abs(expect.now - p.ts) > MAX_CLOCK_SKEW_MS) {
    throw new EnvelopeError('expired', 'timestamp outside the allowed window');
  }
  return p;
}

/** Claims the nonce of a checked plaintext; `claimNonce` answers false when it was seen before. */
export async function claimRequestNonce(
  plain: RequestPlaintext,
  claimNonce: (nonce: string, expiresAt: number) => Promise<boolean>,
): Promise<RequestPlaintext> {
  if (!(await claimNonce(plain.nonce, plain.ts + MAX_CLOCK_SKEW_MS))) {
    throw new EnvelopeError('replayed', 'nonce already used');
  }
  return plain;
}

/**
 * Verifies, decrypts and checks binding and freshness. Replay detection needs shared state, so
 * the caller supplies `claimNonce`, which must answer false when the nonce was seen before.
 */
export async function openRequest(
  session: EnvelopeSession,
  sealed: SealedEnvelope,
  expect: { method: string; path: string; now: number },
  claimNonce: (nonce: string, expiresAt: number) => Promise<boolean>,
): Promise<RequestPlaintext> {
  const plain = await open(session.requestEnc, session.requestMac, sealed);
  return claimRequestNonce(checkRequestPlaintext(plain, expect), claimNonce);
}

export function sealResponse(session: EnvelopeSession, data: unknown): Promise<SealedEnvelope> {
  return seal(session.responseEnc, session.responseMac, session.key, data, session.answerFor);
}

export async function openResponse(
  session: EnvelopeSession,
  sealed: SealedEnvelope,
): Promise<unknown> {
  if (sealed.key !== session.key) throw new EnvelopeError('signature', 'key mismatch');
  return open(session.responseEnc, session.responseMac, sealed, session.answerFor);
}
