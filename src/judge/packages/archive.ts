/**
 * The files of an uploaded zip, read defensively (the archive comes from a person's upload):
 * entry names are normalised and refused when they climb out (`../`), are absolute or name a
 * drive; the entry count, each entry's size and the total are capped while inflating, so a
 * header that lies (a 2 GB declared size, a zip bomb) gains nothing; a declared size that
 * differs from the real one is refused. Directories are skipped. Every refusal names the file.
 */
import { Unzip, UnzipInflate } from 'fflate';
import { PackageError } from './types.ts';

export interface ArchiveLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
}

export const PACKAGE_LIMITS: ArchiveLimits = {
  maxEntries: 5_000,
  maxEntryBytes: 64 * 1024 * 1024,
  maxTotalBytes: 512 * 1024 * 1024,
};

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

/** `a/./b//c` → `a/b/c`; null for a name that must not be unpacked anywhere. */
export function safeEntryName(raw: string): string | null {
  const name = raw.replace(/\\/g, '/');
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.includes('\0')) return null;
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..')) return null;
  return parts.join('/');
}

export const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b;

/**
 * The files of the archive by normalised path (directories left out). `refuseName`, when given,
 * sees each entry's name as the archive gives it, before anything is read, and answers the
 * refusal for a name the caller does not take (or null).
 */
export function readArchive(
  zip: Uint8Array,
  label: string,
  limits: ArchiveLimits = PACKAGE_LIMITS,
  refuseName?: (name: string) => string | null,
): Map<string, Buffer> {
  if (!isZip(zip)) throw new PackageError(`${label} 不是 zip 压缩包`);
  const files = new Map<string, Buffer>();
  let entries = 0;
  let total = 0;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file) => {
    entries++;
    if (entries > limits.maxEntries) {
      throw new PackageError(`${label} 条目过多：最多 ${limits.maxEntries} 个文件`);
    }
    const refused = refuseName?.(file.name);
    if (refused) throw new PackageError(refused);
    const name = safeEntryName(file.name);
    if (name === null) {
      throw new PackageError(
        `${label} 中的文件名 “${file.name}” 不安全（含 ../ 或绝对路径），已拒绝`,
      );
    }
    // Directories: nothing to read (an empty name is the archive's root).
    if (file.name.endsWith('/') || name === '') return;
    if (files.has(name)) throw new PackageError(`${label} 中文件 ${name} 重复`);
    const declared = file.originalSize;
    if (declared !== undefined && declared > limits.maxEntryBytes) {
      throw new PackageError(
        `${label} 中 ${name} 声明解压后 ${mib(declared)}，超过单个文件上限 ${mib(limits.maxEntryBytes)}`,
      );
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (err, chunk, final) => {
      if (err) throw new PackageError(`${label} 损坏，无法解压 ${name}：${err.message}`);
      size += chunk.length;
      total += chunk.length;
      if (size > limits.maxEntryBytes) {
        throw new PackageError(
          `${label} 中 ${name} 解压后超过单个文件上限 ${mib(limits.maxEntryBytes)}`,
        );
      }
      if (total > limits.maxTotalBytes) {
        throw new PackageError(`${label} 解压后超过总大小上限 ${mib(limits.maxTotalBytes)}`);
      }
      chunks.push(chunk);
      if (!final) return;
      // A data descriptor gives the sizes after the data: 0 or undefined means "unknown".
      if (declared !== undefined && declared !== 0 && declared !== size) {
        throw new PackageError(
          `${label} 中 ${name} 声明大小 ${declared} 字节与实际 ${size} 字节不符，压缩包可能被篡改`,
        );
      }
      files.set(name, Buffer.concat(chunks));
    };
    file.start();
  };
  try {
    unzip.push(zip, true);
  } catch (err) {
    if (err instanceof PackageError) throw err;
    throw new PackageError(`${label} 损坏或不是 zip 文件：${(err as Error).message}`);
  }
  return files;
}

/**
 * The archive's files below its single top folder, when every file is in one (archives made by
 * zipping a folder): `aplusb/problem.yaml` → `problem.yaml`.
 */
export function stripCommonFolder(files: Map<string, Buffer>): Map<string, Buffer> {
  const tops = new Set([...files.keys()].map((n) => (n.includes('/') ? n.split('/')[0]! : '')));
  if (tops.size !== 1 || tops.has('')) return files;
  const [top] = tops;
  return new Map([...files].map(([n, b]) => [n.slice(top!.length + 1), b]));
}
