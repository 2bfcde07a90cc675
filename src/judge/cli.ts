/**
 * `xinao judge` command line:
 *   xinao judge <problem-dir> <source> [--language cpp|cpp14|cpp20|python] [--cache-dir DIR]
 *   xinao judge --problem <dir|package.zip|fps.xml> [--index N] <source> [--language …]
 *   xinao judge --input in.txt --answer ans.txt --time MS --memory MiB <source> [--language …]
 *   xinao package <package.zip|fps.xml>            what the package holds, as the import preview
 *   xinao export --format hydro|fps --out FILE <problem-dir>…
 * Prints JSON. Exit 0 when done (any verdict); 2 on usage errors or a refused package;
 * 3 when the machine cannot isolate submissions (the message names what is missing).
 */
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { judgeLoaded, judgeProblem, singleCaseProblem } from './judge.ts';
import { languageByName } from './languages.ts';
import { exportFpsXml, exportHydroZip, fpsLosses, hydroLosses } from './packages/export.ts';
import { FORMAT_NAMES, previewOf } from './packages/preview.ts';
import { readPackage } from './packages/read.ts';
import { PackageError } from './packages/types.ts';
import { writeProblemDir } from './packages/write-dir.ts';
import { loadProblem, ProblemFormatError, type Problem } from './problem.ts';
import { IsolationUnavailableError } from './sandbox/isolation.ts';

export const USAGE = `用法：
  xinao judge <题目目录> <源文件> [--language cpp|cpp14|cpp20|python] [--cache-dir 目录]
  xinao judge --problem <题目目录|题目包.zip|FPS.xml> [--index 第几题] <源文件> [--language …]
  xinao judge --input 输入文件 --answer 答案文件 --time 毫秒 --memory MiB <源文件> [--language …]
输出 JSON 判题结果。题目包支持 Polygon、Hydro、FPS（HUSTOJ）与 QDUOJ 格式。
  xinao package <题目包.zip|FPS.xml>                 查看题目包内容（与导入预览相同）
  xinao export --format hydro|fps --out 文件 <题目目录>…  导出为 Hydro 压缩包或 FPS XML
  xinao ledger check    核对账本（见 xinao ledger）`;

class UsageError extends Error {}

function guessLanguage(source: string): string {
  return extname(source) === '.py' ? 'python' : 'cpp';
}

function positiveInt(value: string | undefined, name: string): number {
  const n = Number(value);
  if (!value || !Number.isInteger(n) || n <= 0) throw new UsageError(`--${name} 需要正整数`);
  return n;
}

/** The problem a `--problem` path names: a directory as it is, or one problem of a package. */
function problemFrom(
  path: string,
  index: string | undefined,
): { problem: Problem; dispose(): void } {
  if (!existsSync(path)) throw new UsageError(`题目不存在：${path}`);
  if (statSync(path).isDirectory()) return { problem: loadProblem(path), dispose: () => {} };
  const { problems } = readPackage(readFileSync(path), basename(path));
  const chosen =
    index === undefined ? (problems.length === 1 ? 1 : 0) : positiveInt(index, 'index');
  if (chosen < 1 || chosen > problems.length) {
    const titles = problems.map((p, k) => `  ${k + 1}. ${p.meta.title}`).join('\n');
    throw new UsageError(`题目包中有 ${problems.length} 道题，请用 --index 选择：\n${titles}`);
  }
  const picked = problems[chosen - 1]!;
  for (const w of picked.warnings) process.stderr.write(`提示：${w}\n`);
  const dir = mkdtempSync(join(tmpdir(), 'xinao-package-'));
  // mkdtemp makes it 0700: the sandbox user must read the cases when a checker or an
  // interactor binds them into its box. The package is the caller's own, nothing secret.
  chmodSync(dir, 0o755);
  writeProblemDir(picked, dir);
  return {
    problem: loadProblem(dir),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function judgeCommand(rest: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      language: { type: 'string', short: 'l' },
      'cache-dir': { type: 'string' },
      problem: { type: 'string', short: 'p' },
      index: { type: 'string' },
      input: { type: 'string' },
      answer: { type: 'string' },
      time: { type: 'string' },
      memory: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const cacheDir = resolve(values['cache-dir'] ?? join(tmpdir(), 'xinao-judge'));
  const single = values.input !== undefined || values.answer !== undefined;
  const expected = single || values.problem !== undefined ? 1 : 2;
  if (positionals.length !== expected) throw new UsageError('参数个数不对');
  const sourcePath = positionals[expected - 1]!;
  if (!existsSync(sourcePath)) throw new UsageError(`源文件不存在：${sourcePath}`);
  const language = values.language ?? guessLanguage(sourcePath);
  if (!languageByName(language)) throw new UsageError(`不支持的语言：${language}`);
  const submission = { language, source: readFileSync(sourcePath, 'utf8') };

  let result;
  if (single) {
    if (!values.input || !values.answer)
      throw new UsageError('单测试点模式需要 --input 和 --answer');
    for (const f of [values.input, values.answer]) {
      if (!existsSync(f)) throw new UsageError(`文件不存在：${f}`);
    }
    const problem = singleCaseProblem({
      input: resolve(values.input),
      answer: resolve(values.answer),
      timeLimitMs: positiveInt(values.time, 'time'),
      memoryLimitMiB: positiveInt(values.memory, 'memory'),
    });
    result = await judgeLoaded(problem, submission, { cacheDir });
  } else if (values.problem !== undefined) {
    const { problem, dispose } = problemFrom(resolve(values.problem), values.index);
    try {
      result = await judgeLoaded(problem, submission, { cacheDir });
    } finally {
      dispose();
    }
  } else {
    result = await judgeProblem(resolve(positionals[0]!), submission, { cacheDir });
  }
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return 0;
}

function packageCommand(rest: string[]): number {
  const { positionals } = parseArgs({ args: rest, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new UsageError('参数个数不对');
  const path = resolve(positionals[0]!);
  if (!existsSync(path)) throw new UsageError(`文件不存在：${positionals[0]}`);
  const read = readPackage(readFileSync(path), basename(path));
  const preview = { format: FORMAT_NAMES[read.format], problems: read.problems.map(previewOf) };
  process.stdout.write(`${JSON.stringify(preview, null, 2)}\n`);
  return 0;
}

function exportCommand(rest: string[]): number {
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { format: { type: 'string' }, out: { type: 'string', short: 'o' } },
  });
  if (values.format !== 'hydro' && values.format !== 'fps') {
    throw new UsageError('--format 须为 hydro 或 fps');
  }
  if (!values.out) throw new UsageError('需要 --out 输出文件');
  if (positionals.length === 0) throw new UsageError('请给出要导出的题目目录');
  const problems = positionals.map((d) => loadProblem(resolve(d)));
  const losses = problems.flatMap(values.format === 'hydro' ? hydroLosses : fpsLosses);
  for (const l of losses) process.stderr.write(`提示：${l}\n`);
  writeFileSync(
    values.out,
    values.format === 'hydro' ? exportHydroZip(problems) : exportFpsXml(problems),
  );
  process.stdout.write(
    `${JSON.stringify({ out: resolve(values.out), problems: problems.length })}\n`,
  );
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  try {
    const [command, ...rest] = argv;
    if (command === 'judge') return await judgeCommand(rest);
    if (command === 'package') return packageCommand(rest);
    if (command === 'export') return exportCommand(rest);
    throw new UsageError(command ? `未知命令：${command}` : '缺少命令');
  } catch (e) {
    if (e instanceof UsageError || e instanceof ProblemFormatError) {
      process.stderr.write(`${e.message}\n${USAGE}\n`);
      return 2;
    }
    if (e instanceof PackageError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    if (e instanceof IsolationUnavailableError) {
      process.stderr.write(`${e.message}\n`);
      return 3;
    }
    if (e instanceof Error && 'code' in e && String(e.code).startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${e.message}\n${USAGE}\n`);
      return 2;
    }
    throw e;
  }
}
