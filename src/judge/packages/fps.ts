/**
 * FreeProblemSet (FPS) 1.x XML, as HUSTOJ exports it: one file, many `<item>`s, each with its
 * title, time_limit (unit s or ms) and memory_limit (unit mb or kb), description, input, output
 * and hint as HTML, sample_input/sample_output pairs, the test data embedded as
 * test_input/test_output pairs, reference `<solution language>`s, a HUSTOJ special judge in
 * `<spj language>`, and pictures as `<img><src>…</src><base64>…</base64></img>`.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  checkCaseCount,
  checkedMeta,
  collectImages,
  imageExtension,
  languageOf,
} from './common.ts';
import {
  PackageError,
  type PackageImage,
  type PackageProblem,
  type PackageSolution,
} from './types.ts';

type Node = string | { '#text'?: string; [attr: string]: unknown };

const REPEATED = new Set([
  'item',
  'sample_input',
  'sample_output',
  'test_input',
  'test_output',
  'solution',
  'spj',
  'img',
  'prepend',
  'append',
  'template',
]);

const valueOf = (n: unknown): string => {
  if (n === undefined || n === null) return '';
  if (typeof n === 'object') return String((n as { '#text'?: unknown })['#text'] ?? '');
  return String(n);
};
const attrOf = (n: unknown, name: string): string | undefined =>
  typeof n === 'object' && n !== null
    ? ((n as Record<string, unknown>)[`@_${name}`] as string | undefined)
    : undefined;
const list = (n: unknown): Node[] =>
  Array.isArray(n) ? (n as Node[]) : n === undefined ? [] : [n as Node];

/** Whether the document's root element is `<fps>` (after a declaration, comments, a DOCTYPE). */
export function looksLikeFps(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 65_536)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/i, '');
  return /^\s*<fps[\s>]/.test(head);
}

function parseXml(xml: string, label: string): Record<string, unknown> {
  // Entity declarations are what XML bombs are made of; FPS files have none.
  if (/<!ENTITY/i.test(xml))
    throw new PackageError(`${label}：XML 中含实体声明（<!ENTITY>），已拒绝`);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw new PackageError(`${label} 不是合法的 XML（第 ${line} 行第 ${col} 列：${msg}）`);
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    processEntities: true,
    htmlEntities: false,
    isArray: (name) => REPEATED.has(name),
  });
  return parser.parse(xml) as Record<string, unknown>;
}

function timeOf(n: unknown, where: string): number {
  const v = Number(valueOf(n).trim());
  if (!Number.isFinite(v) || v <= 0)
    throw new PackageError(`${where}：time_limit “${valueOf(n)}” 无法识别`);
  const unit = (attrOf(n, 'unit') ?? 's').toLowerCase();
  return Math.round(unit === 'ms' ? v : v * 1000);
}

function memoryOf(n: unknown, where: string): number {
  const v = Number(valueOf(n).trim());
  if (!Number.isFinite(v) || v <= 0)
    throw new PackageError(`${where}：memory_limit “${valueOf(n)}” 无法识别`);
  const unit = (attrOf(n, 'unit') ?? 'mb').toLowerCase();
  return Math.ceil(unit === 'kb' ? v / 1024 : unit === 'gb' ? v * 1024 : v);
}

const section = (title: string, html: string) =>
  html.trim() ? `## ${title}\n\n${html.trim()}\n` : '';

function readItem(item: Record<string, unknown>, index: number, label: string): PackageProblem {
  const where = `${label} 第 ${index + 1} 题`;
  const title = valueOf(item.title).trim();
  if (!title) throw new PackageError(`${where} 缺少 title`);
  const whereTitled = `${where}（${title}）`;
  const warnings: string[] = [];

  const inputs = list(item.test_input).map(valueOf);
  const outputs = list(item.test_output).map(valueOf);
  if (inputs.length !== outputs.length) {
    throw new PackageError(
      `${whereTitled}：test_input 有 ${inputs.length} 个而 test_output 有 ${outputs.length} 个`,
    );
  }
  const cases = inputs.map((input, k) => ({
    input: Buffer.from(input),
    answer: Buffer.from(outputs[k]!),
  }));
  checkCaseCount(cases, whereTitled);

  // Pictures travel inside the file; the statement links them by their original path.
  const embedded = new Map<string, Buffer>();
  for (const img of list(item.img)) {
    const src = valueOf((img as Record<string, unknown>).src).trim();
    const data = valueOf((img as Record<string, unknown>).base64).replace(/\s+/g, '');
    if (src && data) embedded.set(src, Buffer.from(data, 'base64'));
  }
  const images: PackageImage[] = [];
  const body = [
    section('题目描述', valueOf(item.description)),
    section('输入格式', valueOf(item.input)),
    section('输出格式', valueOf(item.output)),
    section('提示', valueOf(item.hint)),
  ].join('\n');
  const statement = collectImages(
    body,
    (link) => {
      const bytes = embedded.get(link);
      if (!bytes) return null;
      const base = link.split('/').pop() ?? 'image.png';
      return { name: imageExtension(base) ? base : `${base}.png`, bytes };
    },
    images,
    warnings,
  );

  let checker: Record<string, unknown> = { type: 'default' };
  let checkerSource: string | undefined;
  const spj = list(item.spj)[0];
  if (spj !== undefined && valueOf(spj).trim()) {
    const lang = (attrOf(spj, 'language') ?? 'C').toLowerCase();
    if (lang !== 'c' && lang !== 'c++') {
      throw new PackageError(
        `${whereTitled}：特判程序语言 ${attrOf(spj, 'language')} 不受支持（支持 C、C++）`,
      );
    }
    checker = { type: 'hustoj' };
    checkerSource = valueOf(spj);
    warnings.push(
      'HUSTOJ 特判程序按原样导入，以 C++17 编译，按 HUSTOJ 的约定运行（spj 输入 答案 输出，退出码 0 通过）',
    );
  }
  const solutions: PackageSolution[] = list(item.solution)
    .filter((s) => valueOf(s).trim())
    .map((s) => ({
      language: languageOf(attrOf(s, 'language') ?? ''),
      source: valueOf(s),
      tag: 'solution',
    }));
  const sampleIn = list(item.sample_input).map(valueOf);
  const sampleOut = list(item.sample_output).map(valueOf);
  if (list(item.template).length || list(item.prepend).length || list(item.append).length) {
    warnings.push('代码模板（template/prepend/append）未导入');
  }

  const meta = checkedMeta(
    {
      title,
      timeLimitMs: timeOf(item.time_limit, whereTitled),
      memoryLimitMiB: memoryOf(item.memory_limit, whereTitled),
      checker,
      samples: sampleIn.map((input, k) => ({ input, output: sampleOut[k] ?? '' })),
      // HUSTOJ shows <source> as the problem's categories, separated by spaces.
      tags: valueOf(item.source)
        .replace(/<[^>]*>/g, ' ')
        .split(/\s+/)
        .filter(Boolean),
      source: 'FPS 导入',
    },
    whereTitled,
  );
  return {
    format: 'fps',
    origin: `第 ${index + 1} 题`,
    meta,
    statement,
    cases,
    ...(checkerSource !== undefined ? { checkerSource } : {}),
    solutions,
    images,
    warnings,
  };
}

export function readFps(xml: Buffer, label = 'FPS 文件'): PackageProblem[] {
  const doc = parseXml(xml.toString('utf8').replace(/^\uFEFF/, ''), label);
  const fps = doc.fps as Record<string, unknown> | undefined;
  if (!fps) throw new PackageError(`${label} 不是 FPS 文件：缺少 <fps> 根元素`);
  const items = list(fps.item);
  if (items.length === 0) throw new PackageError(`${label} 中没有题目（<item>）`);
  return items.map((item, k) => readItem(item as Record<string, unknown>, k, label));
}
