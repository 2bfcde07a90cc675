/**
 * QDUOJ exports: a zip with one folder per problem (`1/`, `2/` …), each holding `problem.json`
 * (title; description, input_description, output_description and hint as `{format, value}`
 * with HTML or Markdown; samples; time_limit in ms and memory_limit in MB; rule_type ACM or OI;
 * test_case_score with each case's input_name, output_name and score; spj with its language and
 * code; answers with reference solutions; tags; source) and `testcase/` with the files named.
 */
import {
  checkCaseCount,
  checkedMeta,
  collectImages,
  languageOf,
  naturalCompare,
  need,
  text,
} from './common.ts';
import {
  PackageError,
  type PackageImage,
  type PackageProblem,
  type PackageSolution,
} from './types.ts';

interface RichText {
  format?: string;
  value?: string;
}
interface QduojProblem {
  title?: unknown;
  description?: RichText;
  input_description?: RichText;
  output_description?: RichText;
  hint?: RichText;
  source?: RichText | string;
  samples?: { input?: string; output?: string }[];
  time_limit?: number | string;
  memory_limit?: number | string;
  rule_type?: string;
  test_case_score?: { input_name?: string; output_name?: string; score?: number }[];
  spj?: { language?: string; code?: string } | null;
  answers?: { language?: string; code?: string }[];
  tags?: unknown[];
}

/** The folders holding a QDUOJ problem, in order. */
export function qduojFolders(files: Map<string, Buffer>): string[] {
  if (files.has('problem.json') && [...files.keys()].some((n) => n.startsWith('testcase/'))) {
    return [''];
  }
  return [...files.keys()]
    .filter((n) => /^[^/]+\/problem\.json$/.test(n))
    .map((n) => n.slice(0, -'/problem.json'.length))
    .sort(naturalCompare);
}

const section = (title: string, body: RichText | undefined) =>
  body?.value?.trim() ? `## ${title}\n\n${body.value.trim()}\n` : '';

export function readQduojProblem(files: Map<string, Buffer>, folder: string): PackageProblem {
  const at = (name: string) => (folder ? `${folder}/${name}` : name);
  const where = `QDUOJ 题目 ${folder || '（根目录）'}`;
  let p: QduojProblem;
  try {
    p = JSON.parse(text(need(files, at('problem.json'), where))) as QduojProblem;
  } catch (err) {
    if (err instanceof PackageError) throw err;
    throw new PackageError(`${at('problem.json')} 不是合法 JSON：${(err as Error).message}`);
  }
  if (typeof p.title !== 'string' || !p.title.trim()) {
    throw new PackageError(`${at('problem.json')} 缺少 title`);
  }
  const warnings: string[] = [];
  const scores = p.test_case_score ?? [];
  if (scores.length === 0)
    throw new PackageError(`${at('problem.json')}：test_case_score 为空，没有测试数据`);
  const spj = p.spj && p.spj.code ? p.spj : null;
  const cases = scores.map((c, k) => {
    if (!c.input_name || !c.output_name) {
      throw new PackageError(
        `${at('problem.json')}：第 ${k + 1} 个测试点缺少 input_name 或 output_name`,
      );
    }
    const input = need(files, at(`testcase/${c.input_name}`), where);
    // A special judge's cases may have no answer ("-"): the checker is given an empty file.
    const answer =
      c.output_name === '-' ? Buffer.alloc(0) : need(files, at(`testcase/${c.output_name}`), where);
    return { input, answer };
  });
  checkCaseCount(cases, where);

  // OI problems score each case on its own: one subtask per case keeps the scores; equal
  // scores (or ACM) are the plain sum.
  const oi = (p.rule_type ?? 'ACM').toUpperCase() === 'OI';
  const caseScores = scores.map((c) => Number(c.score ?? 0));
  const even = caseScores.every((s) => s === caseScores[0]);
  const subtasks =
    oi && !even
      ? caseScores.map((score, k) => ({ cases: [k + 1], score, mode: 'min' as const }))
      : undefined;

  let checker: Record<string, unknown> = { type: 'default' };
  let checkerSource: string | undefined;
  if (spj) {
    const lang = (spj.language ?? 'C').toLowerCase();
    if (lang !== 'c' && lang !== 'c++') {
      throw new PackageError(
        `${at('problem.json')}：特判程序语言 ${spj.language} 不受支持（支持 C、C++）`,
      );
    }
    checker = { type: 'qduoj' };
    checkerSource = spj.code!;
    warnings.push(
      'QDUOJ 特判程序按原样导入，以 C++17 编译，按 QDUOJ 的约定运行（退出码 0 通过、1 错误）',
    );
  }

  const images: PackageImage[] = [];
  const body = [
    section('题目描述', p.description),
    section('输入格式', p.input_description),
    section('输出格式', p.output_description),
    section('提示', p.hint),
  ].join('\n');
  const statement = collectImages(body, () => null, images, warnings);
  const source = typeof p.source === 'string' ? p.source : (p.source?.value ?? '');
  const solutions: PackageSolution[] = (p.answers ?? [])
    .filter((a) => a.code?.trim())
    .map((a) => ({ language: languageOf(a.language ?? ''), source: a.code!, tag: 'solution' }));

  const meta = checkedMeta(
    {
      title: p.title.trim(),
      timeLimitMs: Number(p.time_limit),
      memoryLimitMiB: Number(p.memory_limit),
      checker,
      scoring: subtasks ? { mode: 'subtasks' } : { mode: 'sum' },
      ...(subtasks ? { subtasks } : {}),
      samples: (p.samples ?? []).map((s) => ({ input: s.input ?? '', output: s.output ?? '' })),
      tags: (p.tags ?? []).map(String),
      source: source.replace(/<[^>]*>/g, '').trim() || 'QDUOJ 导入',
    },
    where,
  );
  return {
    format: 'qduoj',
    origin: folder || '（根目录）',
    meta,
    statement,
    cases,
    ...(checkerSource !== undefined ? { checkerSource } : {}),
    solutions,
    images,
    warnings,
  };
}

export function readQduoj(files: Map<string, Buffer>): PackageProblem[] {
  const folders = qduojFolders(files);
  if (folders.length === 0) throw new PackageError('不是 QDUOJ 导出包：找不到 problem.json');
  return folders.map((f) => readQduojProblem(files, f));
}
