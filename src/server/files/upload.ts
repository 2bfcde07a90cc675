/**
 * common/file/upload: one file of a purpose, checked in full before a byte is stored — who may
 * upload it, its size, what its content is, that its name agrees — then stored under a random
 * name with the sniffed extension. Bytes and row go together: if the row cannot be written the
 * bytes are removed again, so a refusal or failure leaves nothing behind.
 */
import { createHash, randomBytes } from 'node:crypto';
import { FILE_KINDS, PURPOSE_RULES } from '../../contract/file/purpose.ts';
import type { FilePurpose } from '../../contract/file/calls.ts';
import type { Auth } from '../http/sessions.ts';
import { fail } from '../http/app-error.ts';
import type { UploadedFile as Part } from '../http/multipart.ts';
import { validationError } from '../http/validation-error.ts';
import type { Services } from '../services.ts';
import { checkMayUpload } from './permissions.ts';
import { extensionOf, nameAgrees, sniffKind } from './sniff.ts';
import { urlOf } from './urls.ts';

const refuse = (message: string) => validationError([{ field: 'file', message }]);

/**
 * Note pictures any member may upload, public once stored: a day's number per member is capped
 * so the service is not an open image host. Counted, not locked: two uploads at the same moment
 * may pass the last place together, which a cap against abuse can afford.
 */
export const NOTE_IMAGES_PER_DAY = 30;

async function checkNoteImageCap(services: Services, auth: Auth): Promise<void> {
  const { rows } = await services.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM files
      WHERE owner_member_id = $1 AND purpose = 'noteImage'
        AND created_at > now() - interval '1 day'`,
    [auth.memberId],
  );
  if (rows[0]!.n >= NOTE_IMAGES_PER_DAY) {
    throw fail('QUOTA_USED_UP', `24 小时内最多上传 ${NOTE_IMAGES_PER_DAY} 张笔记图片，请稍后再试`);
  }
}

/** The name as shown back: no path, no control characters, at most 200 characters. */
const cleanName = (name: string) =>
  // eslint-disable-next-line no-control-regex
  (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);

export async function uploadFile(
  services: Services,
  auth: Auth,
  purpose: FilePurpose,
  parts: readonly Part[],
) {
  const rule = PURPOSE_RULES[purpose];
  checkMayUpload(auth, purpose, rule.label);
  if (purpose === 'noteImage') await checkNoteImageCap(services, auth);
  const part = parts.find((p) => p.field === 'file');
  if (!part || parts.length !== 1) throw refuse('请在字段 file 中上传一个文件');
  const originalName = cleanName(part.fileName);
  const shown = originalName || '（未命名）';
  if (part.data.byteLength === 0) throw refuse(`文件 ${shown} 是空的`);
  if (part.data.byteLength > rule.maxBytes) {
    throw fail(
      'PAYLOAD_TOO_LARGE',
      `文件 ${shown} 过大：${rule.label}最大 ${rule.maxBytes / 1024 / 1024} MiB`,
    );
  }
  if (!extensionOf(originalName)) throw refuse(`文件 ${shown} 的文件名须带扩展名`);
  const allowed = rule.kinds.map((k) => FILE_KINDS[k].ext).join('、');
  const kind = await sniffKind(part.data, originalName);
  if (!kind || !rule.kinds.includes(kind)) {
    throw refuse(`文件 ${shown} 的内容不是允许的类型：${rule.label}只接受 ${allowed}`);
  }
  if (!nameAgrees(kind, originalName)) {
    throw refuse(
      `文件 ${shown} 的内容是 ${FILE_KINDS[kind].ext}，与扩展名 .${extensionOf(originalName)} 不符`,
    );
  }

  const fileName = `${randomBytes(16).toString('hex')}.${FILE_KINDS[kind].ext}`;
  const contentType = FILE_KINDS[kind].contentType;
  await services.files.store.put(fileName, part.data);
  try {
    await services.pool.query(
      `INSERT INTO files (file_name, original_name, content_type, size, sha256, purpose,
                          owner_member_id, organization_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        fileName,
        originalName,
        contentType,
        part.data.byteLength,
        createHash('sha256').update(part.data).digest('hex'),
        purpose,
        auth.memberId,
        auth.organizationId,
      ],
    );
  } catch (err) {
    await services.files.store.delete(fileName);
    throw err;
  }
  return {
    fileName,
    originalName,
    contentType,
    size: part.data.byteLength,
    url: urlOf(services, { fileName, purpose }),
  };
}
