import { generateServerKeyPair } from '../../transport/envelope-crypto.ts';
import type { ServerPublicKey } from '../../transport/envelope-crypto.ts';
import { withTransaction } from '../db/pool.ts';
import type { Pool } from '../db/pool.ts';
import { privateScalarFromJwk } from './node-envelope.ts';

/** The server's envelope keys: the newest is published, every unretired one still decrypts. */
export interface EnvelopeKeyring {
  current: ServerPublicKey;
  /** The private scalar of an unretired key (node-envelope.ts does ECDH with it). */
  privateScalar(keyId: string): Buffer | undefined;
}

const KEY_LOCK_ID = 7_242_026_002;

/**
 * Loads the keys every API process shares, generating the first pair on the first start. The
 * advisory lock makes two processes starting together agree on one key.
 */
export async function loadKeyring(pool: Pool): Promise<EnvelopeKeyring> {
  const rows = await withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [KEY_LOCK_ID]);
    const existing = await client.query<{
      key_id: string;
      public_key: string;
      private_jwk: JsonWebKey;
    }>(
      'SELECT key_id, public_key, private_jwk FROM server_keys WHERE retired_at IS NULL ORDER BY created_at DESC',
    );
    if (existing.rows.length > 0) return existing.rows;
    const pair = await generateServerKeyPair();
    await client.query(
      'INSERT INTO server_keys (key_id, public_key, private_jwk) VALUES ($1, $2, $3)',
      [pair.keyId, pair.publicKey, JSON.stringify(pair.privateKeyJwk)],
    );
    return [{ key_id: pair.keyId, public_key: pair.publicKey, private_jwk: pair.privateKeyJwk }];
  });
  const scalars = new Map(rows.map((row) => [row.key_id, privateScalarFromJwk(row.private_jwk)]));
  const newest = rows[0]!;
  return {
    current: { keyId: newest.key_id, publicKey: newest.public_key },
    privateScalar: (keyId) => scalars.get(keyId),
  };
}
