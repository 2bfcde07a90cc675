/**
 * Where the preview reads a PDF from (pure, tested): `?file=<fileName>` asks the file service
 * for a URL the caller may read; `?url=` is accepted only for this site's file service, so a
 * crafted link cannot show another site's document under our name.
 */
import { API_PREFIX } from '../../../contract/envelope.ts';
import { FILE_NAME_PATTERN } from '../../../contract/file/purpose.ts';

export type PdfSource =
  | { kind: 'file'; fileName: string }
  | { kind: 'url'; url: string }
  | { kind: 'none' }
  | { kind: 'badFile' }
  | { kind: 'badUrl' };

const FILE_URL = new RegExp(
  `^${API_PREFIX.replace(/\//g, '\\/')}\\/common\\/file\\/[A-Za-z0-9][A-Za-z0-9_-]*\\.pdf(\\?[A-Za-z0-9=&%._-]*)?$`,
);

export function pdfSourceOf(params: URLSearchParams): PdfSource {
  const url = params.get('url');
  if (url) return FILE_URL.test(url) ? { kind: 'url', url } : { kind: 'badUrl' };
  const fileName = params.get('file');
  if (fileName) {
    return FILE_NAME_PATTERN.test(fileName) ? { kind: 'file', fileName } : { kind: 'badFile' };
  }
  return { kind: 'none' };
}

/** The same file as an attachment (the server answers `download=1` with a save dialog). */
export const downloadUrlOf = (url: string): string =>
  `${url}${url.includes('?') ? '&' : '?'}download=1`;

export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
