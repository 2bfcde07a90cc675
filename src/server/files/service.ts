/**
 * The file service handlers reach through `services.files`: the store, the URL-signing secret
 * (kept in the database so every API process signs alike) and how long a signed URL lives.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Queryable } from '../db/pool.ts';
import { DiskFileStore } from './store.ts';
import type { FileStore } from './store.ts';

export interface FileService {
  store: FileStore;
  /** HMAC key of signed download URLs. */
  secret: Buffer;
  /** How long a signed URL may be used after it was made. */
  urlTtlMs: number;
  /** The clock signed URLs are made and checked by (tests move it). */
  now: () => number;
}

/** FILE_URL_TTL_MINUTES default (issue 9: ten minutes). */
export const DEFAULT_URL_TTL_MS = 10 * 60_000;

/** FILE_URL_TTL_MINUTES: how long a signed download URL lives (default 10). */
export function urlTtlFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.FILE_URL_TTL_MINUTES;
  if (raw === undefined || raw === '') return DEFAULT_URL_TTL_MS;
  const minutes = Number(raw);
  if (!/^[0-9]+$/.test(raw) || minutes < 1 || minutes > 7 * 24 * 60) {
    throw new Error(
      `FILE_URL_TTL_MINUTES must be a whole number of minutes (1–10080), got "${raw}"`,
    );
  }
  return minutes * 60_000;
}

/** The secret named `file_url`, made once by whichever process comes first. */
export async function loadUrlSecret(db: Queryable): Promise<Buffer> {
  await db.query(
    `INSERT INTO server_secrets (name, secret) VALUES ('file_url', $1) ON CONFLICT (name) DO NOTHING`,
    [randomBytes(32)],
  );
  const { rows } = await db.query<{ secret: Buffer }>(
    `SELECT secret FROM server_secrets WHERE name = 'file_url'`,
  );
  return rows[0]!.secret;
}

export async function createFileService(
  db: Queryable,
  options: { dataDir: string; urlTtlMs?: number; now?: () => number; store?: FileStore },
): Promise<FileService> {
  return {
    store: options.store ?? new DiskFileStore(path.join(options.dataDir, 'files')),
    secret: await loadUrlSecret(db),
    urlTtlMs: options.urlTtlMs ?? DEFAULT_URL_TTL_MS,
    now: options.now ?? Date.now,
  };
}
