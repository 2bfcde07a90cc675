/**
 * Multipart calls (CallRoute.requestKind 'multipart', docs/product-rules.md#the-call-catalogue): files plus fields. Fields
 * arrive as text: a name sent once is a string, a repeated name (array fields) a list of
 * strings; the call's body schema decodes them (contract/multipart-fields.ts). Files are read
 * into memory under the plugin's size cap and handed to the handler apart from the body.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fail } from './app-error.ts';

export interface UploadedFile {
  field: string;
  fileName: string;
  contentType: string;
  data: Buffer;
}

/** Limits of @fastify/multipart (registered in app.ts). */
export const MULTIPART_LIMITS = {
  fileSize: 32 * 1024 * 1024,
  files: 1,
  fields: 50,
  fieldSize: 1024 * 1024,
  parts: 51,
};

async function uploadedFile(part: MultipartFile): Promise<UploadedFile> {
  return {
    field: part.fieldname,
    fileName: part.filename,
    contentType: part.mimetype,
    data: await part.toBuffer(),
  };
}

/** `fileSize`: the call's own cap on the file (CallSpec.uploadLimitBytes), else the default. */
export async function readMultipart(
  request: FastifyRequest,
  fileSize: number = MULTIPART_LIMITS.fileSize,
): Promise<{ body: Record<string, string | string[]>; files: UploadedFile[] }> {
  if (!request.isMultipart()) {
    throw fail('VALIDATION', '此接口需以 multipart/form-data 上传');
  }
  const body: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({ limits: { ...MULTIPART_LIMITS, fileSize } })) {
      if (part.type === 'file') {
        files.push(await uploadedFile(part));
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      const seen = body[part.fieldname];
      if (seen === undefined) body[part.fieldname] = value;
      else body[part.fieldname] = Array.isArray(seen) ? [...seen, value] : [seen, value];
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fail('PAYLOAD_TOO_LARGE', `上传文件过大：最大 ${fileSize / 1024 / 1024} MiB`);
    }
    if (code?.startsWith('FST_'))
      throw fail('VALIDATION', `上传内容不合规：${(err as Error).message}`);
    throw err;
  }
  return { body, files };
}

/**
 * A binary answer (zip, xlsx download; a stored file, a QR image): sent as is, with a file name.
 * `inline`: shown by the browser (an image, a PDF in the viewer) rather than saved.
 */
export class FileAnswer {
  constructor(
    readonly fileName: string,
    readonly contentType: string,
    readonly data: Buffer,
    readonly options: { inline?: boolean; headers?: Record<string, string> } = {},
  ) {}
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266), for Chinese file names. */
export function contentDisposition(fileName: string, inline = false): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const kind = inline ? 'inline' : 'attachment';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
