/**
 * The URLs other domains hand out for stored files (courses, banners, member documents): a
 * stable one for public purposes, a freshly signed expiring one for private purposes. Whoever
 * calls this has already decided the reader may read the file.
 */
import { APP_ID } from '../../contract/envelope.ts';
import { PURPOSE_RULES } from '../../contract/file/purpose.ts';
import type { Services } from '../services.ts';
import { liveFiles } from './rows.ts';
import type { FileRow } from './rows.ts';
import { filePath, signedFileUrl } from './signing.ts';

type FileServices = Pick<Services, 'pool' | 'files'>;

export const urlOf = (services: FileServices, row: Pick<FileRow, 'fileName' | 'purpose'>) =>
  PURPOSE_RULES[row.purpose].isPublic
    ? filePath(row.fileName)
    : signedFileUrl(services.files, row.fileName, APP_ID);

/** Missing (or deleted) files are absent from the map. */
export async function fileUrls(
  services: FileServices,
  fileNames: readonly string[],
): Promise<Map<string, string>> {
  const rows = await liveFiles(services.pool, [...new Set(fileNames)]);
  return new Map(rows.map((row) => [row.fileName, urlOf(services, row)]));
}

export async function fileUrl(services: FileServices, fileName: string): Promise<string | null> {
  return (await fileUrls(services, [fileName])).get(fileName) ?? null;
}
