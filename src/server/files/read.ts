/**
 * Reading, handing out and deleting stored files. A name that is not a stored file's name
 * (a path, `..`, another extension) is refused before the store is asked.
 */
import type { z } from 'zod';
import { storedFileName } from '../../contract/file/calls.ts';
import type { fileQuery } from '../../contract/file/calls.ts';
import { PURPOSE_RULES } from '../../contract/file/purpose.ts';
import type { Auth } from '../http/sessions.ts';
import { fail } from '../http/app-error.ts';
import { FileAnswer } from '../http/multipart.ts';
import { validationError } from '../http/validation-error.ts';
import type { Services } from '../services.ts';
import { mayManage } from './permissions.ts';
import { liveFile } from './rows.ts';
import type { FileRow } from './rows.ts';
import { checkSignedUrl } from './signing.ts';
import { urlOf } from './urls.ts';

/** The `{fileName}` of the path, checked like any other input. */
export function fileNameParam(params: unknown): string {
  const parsed = storedFileName.safeParse((params as { fileName?: unknown }).fileName);
  if (!parsed.success) {
    throw validationError([
      { field: 'path.fileName', message: parsed.error.issues[0]?.message ?? '文件名不合规' },
    ]);
  }
  return parsed.data;
}

async function found(services: Services, fileName: string): Promise<FileRow> {
  const row = await liveFile(services.pool, fileName);
  if (!row) throw fail('NOT_FOUND', `文件 ${fileName} 不存在或已删除`);
  return row;
}

export async function readFile(
  services: Services,
  fileName: string,
  query: z.output<typeof fileQuery>,
): Promise<FileAnswer> {
  const row = await found(services, fileName);
  const isPublic = PURPOSE_RULES[row.purpose].isPublic;
  if (!isPublic) checkSignedUrl(services.files, fileName, query);
  const bytes = await services.files.store.get(fileName);
  if (!bytes) throw fail('NOT_FOUND', `文件 ${fileName} 的内容不存在`);
  return new FileAnswer(row.originalName || fileName, row.contentType, bytes, {
    inline: query.download !== '1',
    headers: {
      // Public names never change content; a signed URL is private to whoever was given it.
      'cache-control': isPublic ? 'public, max-age=86400' : 'private, no-store',
      // Shown inside our pages, a stored file still runs nothing (an SVG never gets here).
      'content-security-policy':
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    },
  });
}

/** A URL the caller may read the file by: public files for anyone; private ones for managers. */
export async function fileUrlFor(services: Services, auth: Auth | null, fileName: string) {
  const row = await found(services, fileName);
  if (!PURPOSE_RULES[row.purpose].isPublic) {
    if (!auth) throw fail('NOT_LOGGED_IN');
    if (!(await mayManage(services.pool, auth, row)))
      throw fail('FORBIDDEN', `没有权限读取文件 ${fileName}`);
  }
  const { originalName, contentType, size } = row;
  return { fileName, originalName, contentType, size, url: urlOf(services, row) };
}

export async function deleteFile(services: Services, auth: Auth, fileName: string) {
  const row = await found(services, fileName);
  if (!(await mayManage(services.pool, auth, row)))
    throw fail('FORBIDDEN', `没有权限删除文件 ${fileName}`);
  const { rowCount } = await services.pool.query(
    `UPDATE files SET deleted_at = now(), deleted_by = $2
      WHERE file_name = $1 AND deleted_at IS NULL`,
    [fileName, auth.memberId],
  );
  if (rowCount === 0) throw fail('NOT_FOUND', `文件 ${fileName} 不存在或已删除`);
  await services.files.store.delete(fileName);
  return { fileName, deleted: true as const };
}
