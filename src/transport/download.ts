/** The file name from a content-disposition header (RFC 6266 filename* first, then filename). */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through to the plain form */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || fallback;
}

export interface DownloadedFile {
  fileName: string;
  bytes: Uint8Array;
  contentType: string;
  /** What the server says about the file (an export: what its format could not carry). */
  notes?: string[];
}

/**
 * The notes header (contract DOWNLOAD_NOTES_HEADER: percent-encoded JSON, a list of strings);
 * undefined when absent or unreadable, since the file itself is still good.
 */
export function downloadNotes(header: string | null): string[] | undefined {
  if (!header) return undefined;
  try {
    const value = JSON.parse(decodeURIComponent(header)) as unknown;
    return Array.isArray(value) && value.every((v) => typeof v === 'string') && value.length > 0
      ? value
      : undefined;
  } catch {
    return undefined;
  }
}

/** Browser: hand the file to the user as a download. Node: nothing to do, the caller gets bytes. */
export function saveInBrowser(file: DownloadedFile): void {
  if (typeof document === 'undefined') return;
  const blob = new Blob([file.bytes as BlobPart], { type: file.contentType });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
