/**
 * Test cases as a zip of N.in / N.out (issue 3 item 5), read defensively: the archive comes
 * from a person's upload. Refused, each with a Chinese message naming the problem: too many
 * entries, any name other than a top-level `N.in`/`N.out` (directories, `../`, absolute paths),
 * an entry or a total larger than the caps — counted while inflating, so a lying header does not
 * help a zip bomb — a declared size that differs from the real one, unpaired or non-contiguous
 * cases. Nothing is kept of an entry beyond its cap.
 */
import { Unzip, UnzipInflate, zipSync } from 'fflate';
import { fail } from '../http/app-error.ts';
import type { CaseData } from './write.ts';

export interface CaseZipLimits {
  /** Entries in the archive (two per case). */
  maxEntries: number;
  /** Uncompressed bytes of one entry. */
  maxEntryBytes: number;
  /** Uncompressed bytes of all entries together. */
  maxTotalBytes: number;
}

export const CASE_ZIP_LIMITS: CaseZipLimits = {
  maxEntries: 400,
  maxEntryBytes: 32 * 1024 * 1024,
  maxTotalBytes: 128 * 1024 * 1024,
};

const CASE_NAME = /^(\d+)\.(in|out)$/;
const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

class Refusal extends Error {}
const refuse = (message: string): never => {
  throw new Refusal(message);
};

function inflateEntries(zip: Uint8Array, limits: CaseZipLimits): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let entries = 0;
  let total = 0;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file) => {
    entries++;
    if (entries > limits.maxEntries) {
      refuse(`压缩包条目过多：最多 ${limits.maxEntries} 个文件`);
    }
    const name = file.name;
    if (!CASE_NAME.test(name)) {
      refuse(`压缩包中的文件名 “${name}” 不合规：只允许根目录下的 N.in 与 N.out（如 1.in、1.out）`);
    }
    if (files.has(name)) refuse(`压缩包中文件 ${name} 重复`);
    const declared = file.originalSize;
    if (declared !== undefined && declared > limits.maxEntryBytes) {
      refuse(`文件 ${name} 解压后 ${mib(declared)}，超过单个文件上限 ${mib(limits.maxEntryBytes)}`);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (err, chunk, final) => {
      if (err) refuse(`压缩包损坏，无法解压 ${name}：${err.message}`);
      size += chunk.length;
      total += chunk.length;
      if (size > limits.maxEntryBytes) {
        refuse(`文件 ${name} 解压后超过单个文件上限 ${mib(limits.maxEntryBytes)}`);
      }
      if (total > limits.maxTotalBytes) {
        refuse(`压缩包解压后超过总大小上限 ${mib(limits.maxTotalBytes)}`);
      }
      chunks.push(chunk);
      if (!final) return;
      // Sizes in a data descriptor come after the data: 0 or undefined here means "unknown".
      if (declared !== undefined && declared !== 0 && declared !== size) {
        refuse(`文件 ${name} 声明大小 ${declared} 字节与实际 ${size} 字节不符，压缩包可能被篡改`);
      }
      files.set(name, Buffer.concat(chunks));
    };
    file.start();
  };
  try {
    unzip.push(zip, true);
  } catch (err) {
    if (err instanceof Refusal) throw fail('VALIDATION', err.message);
    throw fail('VALIDATION', `压缩包损坏或不是 zip 文件：${(err as Error).message}`);
  }
  return files;
}

/** The cases of a zip, in order; refuses anything but a clean, contiguous 1..N set. */
export function readCaseZip(zip: Uint8Array, limits: CaseZipLimits = CASE_ZIP_LIMITS): CaseData[] {
  // "PK": a local file header or, for an empty archive, the end of the central directory.
  if (zip[0] !== 0x50 || zip[1] !== 0x4b) throw fail('VALIDATION', '上传的文件不是 zip 压缩包');
  const files = inflateEntries(zip, limits);
  const numbers = new Set<number>();
  for (const name of files.keys()) numbers.add(Number(CASE_NAME.exec(name)![1]));
  if (numbers.size === 0) throw fail('VALIDATION', '压缩包中没有测试点（1.in / 1.out）');
  const cases: CaseData[] = [];
  for (let i = 1; i <= numbers.size; i++) {
    const input = files.get(`${i}.in`);
    const answer = files.get(`${i}.out`);
    if (!numbers.has(i)) {
      const max = Math.max(...numbers);
      throw fail('VALIDATION', `测试点编号须从 1 连续：缺少 ${i}（最大编号为 ${max}）`);
    }
    if (!input) throw fail('VALIDATION', `测试点 ${i} 缺少 ${i}.in`);
    if (!answer) throw fail('VALIDATION', `测试点 ${i} 缺少 ${i}.out`);
    cases.push({ input, answer });
  }
  return cases;
}

/** The cases as a zip of N.in / N.out (exportCase; the inverse of readCaseZip). */
export function writeCaseZip(cases: readonly CaseData[]): Buffer {
  const entries: Record<string, Uint8Array> = {};
  cases.forEach((c, index) => {
    entries[`${index + 1}.in`] = c.input;
    entries[`${index + 1}.out`] = c.answer;
  });
  return Buffer.from(zipSync(entries, { level: 6 }));
}
