/**
 * Bytes without a row. An upload stores its bytes, then writes the row, and removes the bytes if
 * the row cannot be written (upload.ts); a process killed between the two steps leaves the bytes
 * behind, as one killed mid-write leaves its `.part` file. Start-up sweeps the disk store's
 * folder of both — only once they are an hour old, since another process sharing the folder may
 * be between the two steps right now.
 */
import { FILE_NAME_PATTERN } from '../../contract/file/purpose.ts';
import type { Queryable } from '../db/pool.ts';
import type { DiskFileStore } from './store.ts';

export const ORPHAN_AGE_MS = 60 * 60_000;

/** Removes what no row names and what a write left half done; answers the names removed. */
export async function sweepOrphanFiles(
  db: Queryable,
  store: DiskFileStore,
  now: number = Date.now(),
): Promise<string[]> {
  const old = (await store.entries()).filter((e) => e.modifiedMs < now - ORPHAN_AGE_MS);
  const halfWritten = old.filter((e) => e.name.startsWith('.') && e.name.endsWith('.part'));
  const stored = old.filter((e) => FILE_NAME_PATTERN.test(e.name)).map((e) => e.name);
  const { rows } = await db.query<{ file_name: string }>(
    'SELECT file_name FROM files WHERE file_name = ANY($1::text[])',
    [stored],
  );
  const named = new Set(rows.map((r) => r.file_name));
  const orphans = stored.filter((name) => !named.has(name));
  for (const name of orphans) await store.delete(name);
  for (const { name } of halfWritten) await store.removeLeftover(name);
  return [...orphans, ...halfWritten.map((e) => e.name)];
}
