import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt password hashes, stored as `scrypt$N$r$p$salt$hash` (base64url) so the cost can be
 * raised later without invalidating existing hashes.
 */
/** scrypt's N as a power of two: 2^15 takes 32 MiB and about 0.1 s a hash on this machine. */
export const DEFAULT_PASSWORD_HASH_COST = 15;
let cost = { N: 1 << DEFAULT_PASSWORD_HASH_COST, r: 8, p: 1 };

/**
 * The cost of the hashes this process makes from now on (PASSWORD_HASH_COST, read at start-up).
 * A hash keeps the cost it was made with, so changing it never locks anyone out: a hash is
 * verified at its own cost. The test suite makes cheap ones (docs/decisions/testing-and-tooling.md).
 */
export function setPasswordHashCost(log2N: number): void {
  cost = { ...cost, N: 1 << log2N };
}
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem must cover 128 * N * r bytes, above Node's 32 MiB default at this cost.
    const maxmem = 256 * params.N * params.r;
    scrypt(password, salt, KEY_LENGTH, { ...params, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const made = cost;
  const key = await derive(password, salt, made);
  return [
    'scrypt',
    made.N,
    made.r,
    made.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash of a password nobody knows, verified against when the user does not exist, so an
 * unknown username takes as long to refuse as a wrong password.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}

/** Unambiguous letters and digits (no 0/O, 1/l/I): read aloud and typed from paper. */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A password staff hand over (an initial or reset one): shown once, never stored readable. */
export function generatePassword(length = 10): string {
  let out = '';
  for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}
