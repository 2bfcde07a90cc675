/**
 * Test cases as a zip of N.in / N.out (issue 3 item 5), read defensively: the archive comes
 * from a person's upload. Refused, each with a Chinese message naming the problem: too many
 * entries, any name other than a top-level `N.in`/`N.out` (directories, `../`, absolute paths),
 * an entry or a total larger than the caps — counted while inflating, so a lying header does not
 * help a zip bomb — a declared size that differs from the real one, unpaired or non-contiguous
 * cases. Nothing is kept of an entry beyond its cap.
 */
import { zipSync } from 'fflate';
import { isZip, readArchive, type ArchiveLimits } from '../../judge/packages/archive.ts';
import { PackageError } from '../../judge/packages/types.ts';
import { fail } from '../http/app-error.ts';
import type { CaseData } from './write.ts';

/** Entries (two per case), uncompressed bytes of one entry and of all together. */
export type CaseZipLimits = ArchiveLimits;

export const CASE_ZIP_LIMITS: CaseZipLimits = {
  maxEntries: 400,
  maxEntryBytes: 32 * 1024 * 1024,
  maxTotalBytes: 128 * 1024 * 1024,
};

const CASE_NAME = /^(\d+)\.(in|out)$/;

/** The entries of the zip, every one a top-level `N.in` or `N.out`. */
function inflateEntries(zip: Uint8Array, limits: CaseZipLimits): Map<string, Buffer> {
  try {
    return readArchive(zip, '压缩包', limits, (name) =>
      CASE_NAME.test(name)
        ? null
        : `压缩包中的文件名 “${name}” 不合规：只允许根目录下的 N.in 与 N.out（如 1.in、1.out）`,
    );
  } catch (err) {
    if (err instanceof PackageError) throw fail('VALIDATION', err.message);
    throw err;
  }
}

/** The cases of a zip, in order; refuses anything but a clean, contiguous 1..N set. */
export function readCaseZip(zip: Uint8Array, limits: CaseZipLimits = CASE_ZIP_LIMITS): CaseData[] {
  // "PK": a local file header or, for an empty archive, the end of the central directory.
  if (!isZip(zip)) throw fail('VALIDATION', '上传的文件不是 zip 压缩包');
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
