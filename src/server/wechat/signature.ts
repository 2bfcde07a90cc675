/**
 * The 公众号 server check (wx/gzh/verifyToken) as WeChat specifies it: sort token, timestamp and
 * nonce lexicographically, join them, SHA-1 the result; it must equal `signature` (hex).
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export function wechatSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

export function signatureMatches(
  token: string,
  fields: { signature: string; timestamp: string; nonce: string },
): boolean {
  const expected = Buffer.from(wechatSignature(token, fields.timestamp, fields.nonce));
  const given = Buffer.from(fields.signature.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
