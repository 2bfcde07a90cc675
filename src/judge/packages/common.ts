/** What the package readers share: limits in other judges' notations, case pairing, statements. */
import { describeProblemIssues, parseProblemMeta, type ProblemMeta } from '../problem.ts';
import { PackageError, type PackageCase, type PackageImage } from './types.ts';

/** `1s`, `1.5s`, `1000ms`, `1000` (bare: milliseconds, as Hydro reads it) → ms. */
export function parseTimeMs(value: unknown, where: string): number {
  const text = String(value ?? '').trim();
  const m = /^(\d+(?:\.\d*)?)\s*(ms|s|us)?$/i.exec(text);
  if (!m) throw new PackageError(`${where}：时间限制 “${text}” 无法识别（应如 1s、1000ms）`);
  const n = Number(m[1]);
  const unit = (m[2] ?? 'ms').toLowerCase();
  return Math.round(unit === 's' ? n * 1000 : unit === 'us' ? n / 1000 : n);
}

/** `256m`, `256MB`, `1g`, `65536k`, `256` (bare: MiB) → MiB, rounded up. */
export function parseMemoryMiB(value: unknown, where: string): number {
  const text = String(value ?? '').trim();
  const m = /^(\d+(?:\.\d*)?)\s*(k|m|g)?i?b?$/i.exec(text);
  if (!m) throw new PackageError(`${where}：内存限制 “${text}” 无法识别（应如 256m、512MB）`);
  const n = Number(m[1]);
  const unit = (m[2] ?? 'm').toLowerCase();
  return Math.ceil(unit === 'k' ? n / 1024 : unit === 'g' ? n * 1024 : n);
}

/** Natural order: `2.in` before `10.in`, `a2` before `a10`. */
export const naturalCompare = (a: string, b: string) =>
  a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

const ANSWER_SUFFIXES = ['.out', '.ans', '.a', '.ok'];

/**
 * Input files paired with their answers by name (`x.in` with `x.out`, `x.ans` or `x.a`), in
 * natural order; an input with no answer is refused by name.
 */
export function pairByName(
  names: readonly string[],
  where: string,
): { input: string; answer: string }[] {
  const set = new Set(names);
  const inputs = names.filter((n) => n.endsWith('.in')).sort(naturalCompare);
  return inputs.map((input) => {
    const stem = input.slice(0, -'.in'.length);
    const answer = ANSWER_SUFFIXES.map((s) => stem + s).find((n) => set.has(n));
    if (!answer)
      throw new PackageError(`${where}：测试点 ${input} 没有对应的答案文件（.out/.ans）`);
    return { input, answer };
  });
}

/** The file, or a refusal naming it. */
export function need(files: Map<string, Buffer>, name: string, where: string): Buffer {
  const bytes = files.get(name);
  if (!bytes) throw new PackageError(`${where}：缺少文件 ${name}`);
  return bytes;
}

const IMAGE_TYPES: Record<string, string> = {
  png: 'png',
  jpg: 'jpg',
  jpeg: 'jpg',
  gif: 'gif',
  webp: 'webp',
  svg: 'svg',
  bmp: 'bmp',
};

/** An image's extension from its name, or null when it is not one we keep. */
export function imageExtension(name: string): string | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  return ext ? (IMAGE_TYPES[ext] ?? null) : null;
}

/** A name for an image in the problem's `images/` folder: short, safe, unique. */
export function imageName(original: string, taken: ReadonlySet<string>): string {
  const ext = imageExtension(original) ?? 'png';
  const base =
    original
      .replace(/\.[^.]*$/, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'image';
  let name = `${base}.${ext}`;
  for (let i = 2; taken.has(name); i++) name = `${base}-${i}.${ext}`;
  return name;
}

/**
 * Rewrites the statement's links to package files (`file://a.png`, `./a.png`, `a.png`) so they
 * name `images/<name>`, collecting the images; a link to a missing file is left and warned.
 */
export function collectImages(
  statement: string,
  lookup: (link: string) => { name: string; bytes: Buffer } | null,
  images: PackageImage[],
  warnings: string[],
): string {
  const taken = new Set(images.map((i) => i.name));
  const byLink = new Map<string, string>();
  const rewrite = (link: string): string | null => {
    if (/^(https?:|data:|mailto:|#)/i.test(link)) return null;
    const known = byLink.get(link);
    if (known) return known;
    const found = lookup(link);
    if (!found) {
      if (imageExtension(link)) warnings.push(`题面引用的图片 ${link} 不在包中，链接保持原样`);
      return null;
    }
    if (!imageExtension(found.name)) return null;
    const name = imageName(found.name, taken);
    taken.add(name);
    images.push({ name, bytes: found.bytes });
    byLink.set(link, `images/${name}`);
    return `images/${name}`;
  };
  return statement
    .replace(
      /(!\[[^\]]*\]\()\s*<?([^)\s>]+)>?(\s+"[^"]*")?\)/g,
      (all, open: string, link: string, title?: string) => {
        const to = rewrite(link);
        return to ? `${open}${to}${title ?? ''})` : all;
      },
    )
    .replace(
      /(<img\b[^>]*?\bsrc=)(["'])([^"']+)\2/gi,
      (all, open: string, q: string, link: string) => {
        const to = rewrite(link);
        return to ? `${open}${q}${to}${q}` : all;
      },
    );
}

/** problem.json as the judge will read it, or a refusal naming what is wrong. */
export function checkedMeta(meta: Record<string, unknown>, where: string): ProblemMeta {
  const parsed = parseProblemMeta(meta);
  if (!parsed.success) {
    throw new PackageError(`${where}：题目设置不合规（${describeProblemIssues(parsed.error)}）`);
  }
  return parsed.data;
}

/** A package must carry test data; one without any is refused, naming where it looked. */
export function checkCaseCount(cases: readonly PackageCase[], where: string): void {
  if (cases.length === 0) throw new PackageError(`${where}：没有测试数据`);
}

/** Text of a file, without a UTF-8 byte-order mark. */
export const text = (bytes: Buffer) => bytes.toString('utf8').replace(/^\uFEFF/, '');

/** The package's language names → ours (g++ of any standard is C++17 here unless it says). */
export function languageOf(name: string): string {
  const n = name.toLowerCase();
  if (/c\+\+\s*20|cpp\.?g\+\+20|cpp20/.test(n)) return 'cpp20';
  if (/c\+\+\s*14|cpp\.?g\+\+14|cpp14/.test(n)) return 'cpp14';
  if (/c\+\+|cpp|g\+\+|cc$/.test(n)) return 'cpp';
  if (/python|py3|\bpy\b|pypy/.test(n)) return 'python';
  return name;
}
