/**
 * What a file is, from its bytes (file-type's magic numbers; UTF-8 text for .txt/.md, which
 * have none), and whether its name agrees. The uploader's name and media type are never
 * trusted: a PNG named .pdf, or an executable named .png, is refused.
 */
import { fileTypeFromBuffer } from 'file-type';
import { FILE_KINDS } from '../../contract/file/purpose.ts';
import type { FileKindId } from '../../contract/file/purpose.ts';

const TEXT_KINDS: readonly FileKindId[] = ['txt', 'md'];

const kindOfExt = (ext: string): FileKindId | undefined =>
  (Object.keys(FILE_KINDS) as FileKindId[]).find((k) =>
    (FILE_KINDS[k].names as readonly string[]).includes(ext),
  );

/** The extension a name carries, lower case; '' without one. */
export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

const isUtf8Text = (bytes: Uint8Array): boolean => {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/** The known kind the content is, or null when it is nothing the service knows. */
export async function sniffKind(bytes: Uint8Array, name: string): Promise<FileKindId | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (found) return kindOfExt(found.ext) ?? null;
  // Text has no magic number: only a name that says text, and bytes that are UTF-8 text.
  const named = kindOfExt(extensionOf(name));
  return named && TEXT_KINDS.includes(named) && isUtf8Text(bytes) ? named : null;
}

/** Whether a name's extension is one this kind may carry. */
export const nameAgrees = (kind: FileKindId, name: string): boolean =>
  (FILE_KINDS[kind].names as readonly string[]).includes(extensionOf(name));
