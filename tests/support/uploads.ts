/** Small files of real types and the upload call as the web app makes it (multipart). */
import { file } from '../../src/contract/file/calls.ts';
import type { FilePurpose } from '../../src/contract/file/purpose.ts';
import type { Transport } from '../../src/transport/client.ts';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A one-object PDF. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export const upload = (api: Transport, purpose: FilePurpose, name: string, bytes: Uint8Array) => {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return api.call(file['common.file.upload'], {
    body: form as unknown as { purpose: FilePurpose },
  });
};
