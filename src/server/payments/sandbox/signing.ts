/**
 * How the sandbox provider signs its notifications, in the manner of Alipay's: the fields other
 * than `sign` and `sign_type`, sorted by name, joined as `k=v&k=v`, signed with Ed25519; the
 * platform verifies with the provider's public key. Any changed field, added field or reused
 * signature over other fields fails.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';

export const SIGN_TYPE = 'ED25519';

/** The text that is signed: every field but the signature, by name, `k=v` joined by `&`. */
export function canonicalText(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'sign' && k !== 'sign_type')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

export interface SigningKeys {
  /** PKCS#8 PEM. */
  privateKey: string;
  /** SPKI PEM. */
  publicKey: string;
}

export function generateSigningKeys(): SigningKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** The fields with `sign_type` and `sign` added. */
export function signFields(
  fields: Record<string, string>,
  privateKeyPem: string,
): Record<string, string> {
  const signature = sign(
    null,
    Buffer.from(canonicalText(fields)),
    createPrivateKey(privateKeyPem),
  ).toString('base64');
  return { ...fields, sign_type: SIGN_TYPE, sign: signature };
}

/** True when every field is text and `sign` is the provider's signature over the others. */
export function verifyFields(fields: Record<string, unknown>, publicKeyPem: string): boolean {
  const entries = Object.entries(fields);
  if (entries.some(([, v]) => typeof v !== 'string')) return false;
  const text = fields as Record<string, string>;
  if (text.sign_type !== SIGN_TYPE || !text.sign) return false;
  try {
    return verify(
      null,
      Buffer.from(canonicalText(text)),
      createPublicKey(publicKeyPem),
      Buffer.from(text.sign, 'base64'),
    );
  } catch {
    return false;
  }
}
