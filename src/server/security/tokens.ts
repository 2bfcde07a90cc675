import { createHash, randomBytes, randomInt } from 'node:crypto';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** An unguessable token, base64url, from `bytes` random bytes. */
export function randomTokenString(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A numeric code with exactly `digits` digits (leading zeros kept). */
export function randomDigits(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}
