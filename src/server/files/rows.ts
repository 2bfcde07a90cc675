/** Reading file rows: what a stored file is, whose it is, and whether it is public. */
import type { FilePurpose } from '../../contract/file/purpose.ts';
import type { Queryable } from '../db/pool.ts';

export interface FileRow {
  fileName: string;
  originalName: string;
  contentType: string;
  size: number;
  purpose: FilePurpose;
  ownerMemberId: number | null;
  organizationId: number | null;
}

const SELECT = `file_name AS "fileName", original_name AS "originalName",
  content_type AS "contentType", size, purpose, owner_member_id AS "ownerMemberId",
  organization_id AS "organizationId"`;

/** The live (not deleted) files among the names. */
export async function liveFiles(db: Queryable, fileNames: readonly string[]): Promise<FileRow[]> {
  if (fileNames.length === 0) return [];
  const { rows } = await db.query<FileRow>(
    `SELECT ${SELECT} FROM files WHERE file_name = ANY($1) AND deleted_at IS NULL`,
    [fileNames],
  );
  return rows;
}

export async function liveFile(db: Queryable, fileName: string): Promise<FileRow | null> {
  return (await liveFiles(db, [fileName]))[0] ?? null;
}
