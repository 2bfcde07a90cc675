/**
 * Polygon packages (the zip Polygon builds: `problem.xml` at its root): names per language, the
 * judging section (input/output file names, the `tests` testset with time limit in ms, memory
 * limit in bytes, the test count, the input and answer path patterns, each test's method,
 * sample flag, group and points, the groups' points policies), the checker and interactor
 * sources, the solutions with their tags, and the statement (problem-properties.json, or the
 * LaTeX sections). Only packages with their tests built in can be imported: a generated test
 * whose file is missing is refused, naming it.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { checkedMeta, collectImages, languageOf, need, text } from './common.ts';
import { latexToMarkdown } from './latex.ts';
import {
  PackageError,
  type PackageImage,
  type PackageProblem,
  type PackageSolution,
} from './types.ts';

type El = Record<string, unknown>;
const REPEATED = new Set([
  'name',
  'statement',
  'testset',
  'test',
  'group',
  'dependency',
  'solution',
  'tag',
  'file',
  'source',
]);
const list = (n: unknown): El[] =>
  Array.isArray(n) ? (n as El[]) : n === undefined || n === '' ? [] : [n as El];
const attr = (n: unknown, name: string): string | undefined => {
  const v = typeof n === 'object' && n !== null ? (n as El)[`@_${name}`] : undefined;
  return v === undefined ? undefined : String(v);
};
const textOf = (n: unknown): string =>
  typeof n === 'object' && n !== null ? String((n as El)['#text'] ?? '') : String(n ?? '');

/** `tests/%02d` with 7 → `tests/07` (the printf subset Polygon writes). */
export function fillPattern(pattern: string, n: number): string {
  return pattern.replace(/%(0?)(\d*)d/g, (_all, zero: string, width: string) =>
    String(n).padStart(Number(width || 0), zero ? '0' : ' '),
  );
}

const LANGUAGE_ORDER = ['chinese', 'english'];
const pickLanguage = <T>(byLanguage: Map<string, T>): [string, T] | undefined => {
  for (const l of LANGUAGE_ORDER) if (byLanguage.has(l)) return [l, byLanguage.get(l)!];
  return [...byLanguage.entries()][0];
};

interface Properties {
  name?: string;
  legend?: string;
  input?: string;
  output?: string;
  notes?: string;
  interaction?: string;
  scoring?: string;
}

function statementOf(
  files: Map<string, Buffer>,
  warnings: string[],
): { name?: string; markdown: string; folder: string } {
  const byLanguage = new Map<string, string>();
  for (const n of files.keys()) {
    const m = /^statements\/([^/]+)\/problem-properties\.json$/.exec(n);
    if (m) byLanguage.set(m[1]!, n);
  }
  const sections = new Map<string, string>();
  for (const n of files.keys()) {
    const m = /^statement-sections\/([^/]+)\/legend\.tex$/.exec(n);
    if (m) sections.set(m[1]!, `statement-sections/${m[1]}`);
  }
  let props: Properties = {};
  let folder = '';
  const fromJson = pickLanguage(byLanguage);
  if (fromJson) {
    try {
      props = JSON.parse(text(files.get(fromJson[1])!)) as Properties;
    } catch (err) {
      throw new PackageError(`${fromJson[1]} 不是合法 JSON：${(err as Error).message}`);
    }
    folder = `statements/${fromJson[0]}`;
  } else {
    const fromTex = pickLanguage(sections);
    if (!fromTex) {
      warnings.push('包中没有题面（statements/ 或 statement-sections/），题面为空');
      return { markdown: '', folder: '' };
    }
    folder = fromTex[1];
    const read = (part: string) => {
      const b = files.get(`${folder}/${part}.tex`);
      return b ? text(b) : undefined;
    };
    props = {
      name: read('name')?.trim(),
      legend: read('legend'),
      input: read('input'),
      output: read('output'),
      notes: read('notes'),
      interaction: read('interaction'),
      scoring: read('scoring'),
    };
  }
  warnings.push('题面由 Polygon 的 LaTeX 转换为 Markdown，公式保留，版式请在导入后检查');
  const part = (title: string, tex?: string) =>
    tex?.trim() ? `## ${title}\n\n${latexToMarkdown(tex)}\n` : '';
  const markdown = [
    part('题目描述', props.legend),
    part('输入格式', props.input),
    part('输出格式', props.output),
    part('交互方式', props.interaction),
    part('评分方式', props.scoring),
    part('提示', props.notes),
  ].join('\n');
  return { ...(props.name ? { name: props.name } : {}), markdown, folder };
}

export function readPolygon(files: Map<string, Buffer>): PackageProblem[] {
  const where = 'Polygon 题目包';
  const xml = text(need(files, 'problem.xml', where));
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new PackageError(
      `problem.xml 不是合法的 XML（第 ${valid.err.line} 行第 ${valid.err.col} 列：${valid.err.msg}）`,
    );
  }
  if (/<!ENTITY/i.test(xml))
    throw new PackageError('problem.xml 中含实体声明（<!ENTITY>），已拒绝');
  const doc = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) => REPEATED.has(name),
  }).parse(xml) as El;
  const problem = doc.problem as El | undefined;
  if (!problem) throw new PackageError('problem.xml 缺少 <problem> 根元素');
  const warnings: string[] = [];

  const names = new Map(
    list((problem.names as El | undefined)?.name).map((n) => [
      attr(n, 'language') ?? '',
      attr(n, 'value') ?? '',
    ]),
  );
  const statement = statementOf(files, warnings);
  const title = (
    pickLanguage(names)?.[1] ||
    statement.name ||
    attr(problem, 'short-name') ||
    ''
  ).trim();
  if (!title) throw new PackageError('problem.xml 中没有题目名称（names/name）');

  const judging = problem.judging as El | undefined;
  const testset =
    list(judging?.testset).find((t) => attr(t, 'name') === 'tests') ?? list(judging?.testset)[0];
  if (!testset) throw new PackageError('problem.xml 中没有测试集（judging/testset）');
  const tl = Number(textOf(testset['time-limit']));
  const ml = Number(textOf(testset['memory-limit']));
  const count = Number(textOf(testset['test-count']));
  const inputPattern = textOf(testset['input-path-pattern']);
  const answerPattern = textOf(testset['answer-path-pattern']);
  if (!Number.isInteger(count) || count < 1)
    throw new PackageError('problem.xml：测试点数量（test-count）无效');
  if (!inputPattern || !answerPattern)
    throw new PackageError('problem.xml：缺少 input-path-pattern 或 answer-path-pattern');
  const tests = list((testset.tests as El | undefined)?.test);

  const cases = [];
  const samples: { input: string; output: string }[] = [];
  for (let i = 1; i <= count; i++) {
    const inName = fillPattern(inputPattern, i);
    const ansName = fillPattern(answerPattern, i);
    const input = files.get(inName);
    const answer = files.get(ansName);
    const method = attr(tests[i - 1], 'method') ?? 'manual';
    if (!input) {
      throw new PackageError(
        method === 'generated'
          ? `该 Polygon 包不含生成的测试数据：第 ${i} 个测试点（${inName}）由生成器生成而包中没有。请在 Polygon 中下载含测试数据的完整包（Full package）`
          : `Polygon 包缺少第 ${i} 个测试点的输入 ${inName}`,
      );
    }
    if (!answer) {
      throw new PackageError(
        `Polygon 包缺少第 ${i} 个测试点的答案 ${ansName}：请下载含答案的完整包（Full package，答案由标程生成）`,
      );
    }
    cases.push({ input, answer });
    if (attr(tests[i - 1], 'sample') === 'true')
      samples.push({ input: text(input), output: text(answer) });
  }

  // Points: groups whose policy is complete-group are all-or-nothing; each-test adds up.
  const groups = new Map(
    list((testset.groups as El | undefined)?.group).map((g) => [attr(g, 'name') ?? '', g]),
  );
  const pointsOf = (t: El | undefined) => Number(attr(t, 'points') ?? 0);
  const hasPoints =
    tests.some((t) => pointsOf(t) > 0) ||
    [...groups.values()].some((g) => Number(attr(g, 'points') ?? 0) > 0);
  let subtasks: { cases: number[]; score: number; mode: 'min' | 'sum' }[] | undefined;
  if (hasPoints) {
    subtasks = [];
    const byGroup = new Map<string, number[]>();
    tests.forEach((t, k) => {
      const g = attr(t, 'group');
      if (g !== undefined) byGroup.set(g, [...(byGroup.get(g) ?? []), k + 1]);
      else if (pointsOf(t) > 0) subtasks!.push({ cases: [k + 1], score: pointsOf(t), mode: 'min' });
    });
    for (const [name, members] of byGroup) {
      const g = groups.get(name);
      const policy = attr(g, 'points-policy') ?? 'complete-group';
      const groupPoints = Number(attr(g, 'points') ?? 0);
      const testPoints = members.reduce((s, c) => s + pointsOf(tests[c - 1]), 0);
      if (list((g?.dependencies as El | undefined)?.dependency).length) {
        warnings.push(`测试组 ${name} 的依赖未导入：各组独立计分`);
      }
      subtasks.push({
        cases: members,
        score: groupPoints || testPoints,
        mode: policy === 'each-test' ? 'sum' : 'min',
      });
    }
  }

  const assets = (problem.assets ?? {}) as El;
  const sourcePath = (holder: unknown) => attr(list((holder as El | undefined)?.source)[0], 'path');
  let checker: Record<string, unknown> = { type: 'default' };
  let checkerSource: string | undefined;
  const checkerEl = assets.checker as El | undefined;
  if (checkerEl) {
    const path = sourcePath(checkerEl);
    if (!path) throw new PackageError('problem.xml：检查器（assets/checker）没有源码路径');
    checkerSource = text(need(files, path, where));
    checker = { type: 'testlib' };
  }
  let interactorSource: string | undefined;
  if (assets.interactor) {
    const path = sourcePath(assets.interactor);
    if (!path) throw new PackageError('problem.xml：交互器（assets/interactor）没有源码路径');
    interactorSource = text(need(files, path, where));
  }
  const solutions: PackageSolution[] = list((assets.solutions as El | undefined)?.solution).flatMap(
    (s) => {
      const src = list(s.source)[0];
      const path = attr(src, 'path');
      const bytes = path ? files.get(path) : undefined;
      return bytes
        ? [
            {
              language: languageOf(attr(src, 'type') ?? path!),
              source: text(bytes),
              tag: attr(s, 'tag') ?? 'solution',
            },
          ]
        : [];
    },
  );

  const inputFile = attr(judging, 'input-file') ?? '';
  const outputFile = attr(judging, 'output-file') ?? '';
  const images: PackageImage[] = [];
  const markdown = collectImages(
    statement.markdown,
    (link) => {
      const path = [`${statement.folder}/${link}`, link].find((p) => files.has(p));
      return path ? { name: link.split('/').pop()!, bytes: files.get(path)! } : null;
    },
    images,
    warnings,
  );
  const meta = checkedMeta(
    {
      title,
      timeLimitMs: tl,
      memoryLimitMiB: Math.ceil(ml / 1024 / 1024),
      checker,
      io:
        inputFile || outputFile
          ? { mode: 'file', input: inputFile || 'input.txt', output: outputFile || 'output.txt' }
          : { mode: 'stdio' },
      interactive: interactorSource !== undefined,
      scoring: subtasks ? { mode: 'subtasks' } : { mode: 'sum' },
      ...(subtasks ? { subtasks } : {}),
      samples,
      tags: list((problem.tags as El | undefined)?.tag)
        .map((t) => attr(t, 'value') ?? '')
        .filter(Boolean),
      source: 'Polygon 导入',
    },
    where,
  );
  return [
    {
      format: 'polygon',
      origin: attr(problem, 'short-name') ?? 'problem.xml',
      meta,
      statement: markdown,
      cases,
      ...(checkerSource !== undefined ? { checkerSource } : {}),
      ...(interactorSource !== undefined ? { interactorSource } : {}),
      solutions,
      images,
      warnings,
    },
  ];
}
