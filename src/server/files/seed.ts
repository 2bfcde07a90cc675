/**
 * Seed content stored through the file service under fixed names (the handout, the demo
 * banners), so a second start stores nothing new and rows can name the file.
 */
import { createHash } from 'node:crypto';
import type { FilePurpose } from '../../contract/file/purpose.ts';
import type { Services } from '../services.ts';

export async function putSeedFile(
  services: Pick<Services, 'pool' | 'files'>,
  file: {
    fileName: string;
    originalName: string;
    contentType: string;
    purpose: FilePurpose;
    bytes: Uint8Array;
  },
): Promise<void> {
  const { rows } = await services.pool.query<{ deleted: boolean }>(
    'SELECT deleted_at IS NOT NULL AS deleted FROM files WHERE file_name = $1',
    [file.fileName],
  );
  // Staff deleted a seeded file: it stays deleted. Present: only the bytes are made sure of
  // (a data directory restored without its files folder gets them back).
  if (rows[0]?.deleted) return;
  if (rows[0] && (await services.files.store.get(file.fileName)) !== null) return;
  await services.files.store.put(file.fileName, file.bytes);
  await services.pool.query(
    `INSERT INTO files (file_name, original_name, content_type, size, sha256, purpose)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (file_name) DO NOTHING`,
    [
      file.fileName,
      file.originalName,
      file.contentType,
      file.bytes.byteLength,
      createHash('sha256').update(file.bytes).digest('hex'),
      file.purpose,
    ],
  );
}
