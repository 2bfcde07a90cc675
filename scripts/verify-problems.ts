/**
 * Full verification of the seed problems: structure (scripts/seed-structure.ts), then the reference
 * solutions in both languages on every test, the special judge, and the wrong solutions.
 *
 *   npx tsx scripts/verify-problems.ts [slug-filter] [--testlib-dir <dir>]
 *
 * These are our own trusted files, so programs run directly (no sandbox), at most two at a time so
 * the timings stay meaningful on a shared machine. Times are wall clock including process start.
 * Exits 1 when any problem fails.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { checkDefault, checkFloat, checkStrict } from '../src/judge/checkers/text.ts';
import type { Problem } from '../src/judge/problem.ts';
import { checkProblemStructure, listProblemDirs, loadSeedQuestions } from './seed-structure.ts';

const PYTHON = '/usr/bin/python3';
const REPO_ROOT = new URL('../', import.meta.url).pathname;
const PARALLEL_RUNS = 2;
const OUTPUT_CAP_BYTES = 64 * 1024 * 1024;

interface RunResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
  ms: number;
  timedOut: boolean;
}

/** Admits at most `limit` callers at a time. */
function createPool(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await job();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
const pool = createPool(PARALLEL_RUNS);

function runProcess(
  command: string,
  args: string[],
  stdinFile: string | null,
  killAfterMs: number,
): Promise<RunResult> {
  return pool(
    () =>
      new Promise<RunResult>((resolve, reject) => {
        const started = process.hrtime.bigint();
        const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
        const chunks: Buffer[] = [];
        let size = 0;
        let stderr = '';
        let timedOut = false;
        const timer = setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, killAfterMs);
        child.stdout.on('data', (c: Buffer) => {
          size += c.length;
          if (size <= OUTPUT_CAP_BYTES) chunks.push(c);
          else child.kill('SIGKILL');
        });
        child.stderr.on('data', (c: Buffer) => {
          if (stderr.length < 4096) stderr += c.toString('utf8');
        });
        child.stdin.on('error', () => {
          // the program may exit without reading all of its input; that is not our failure
        });
        child.on('error', reject);
        child.on('close', (code) => {
          clearTimeout(timer);
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          resolve({ code, stdout: Buffer.concat(chunks), stderr, ms, timedOut });
        });
        child.stdin.end(stdinFile === null ? '' : readFileSync(stdinFile));
      }),
  );
}

async function compileCpp(source: string, binary: string, includeDir?: string): Promise<string> {
  const args = ['-std=c++17', '-O2', '-o', binary, source];
  if (includeDir) args.unshift('-I', includeDir);
  const r = await runProcess('g++', args, null, 120_000);
  return r.code === 0 ? '' : `编译 ${basename(source)} 失败：\n${r.stderr}`;
}

type Judge = (input: string, output: Buffer, answer: string) => Promise<string | null>;

/** Returns null when accepted, otherwise the reason. */
function makeJudge(problem: Problem, checkerBinary: string | null, scratch: string): Judge {
  const checker = problem.meta.checker;
  return async (input, output, answerFile) => {
    const answer = readFileSync(answerFile);
    if (checker.type === 'testlib') {
      if (!checkerBinary) return null;
      const outFile = join(scratch, `out-${process.hrtime.bigint()}.txt`);
      writeFileSync(outFile, output);
      const r = await runProcess(checkerBinary, [input, outFile, answerFile], null, 10_000);
      rmSync(outFile);
      return r.code === 0 ? null : `checker 退出码 ${r.code}：${r.stderr.trim()}`;
    }
    const outcome =
      checker.type === 'float'
        ? checkFloat(output, answer, checker.epsilon, checker.mode)
        : checker.type === 'strict'
          ? checkStrict(output, answer)
          : checkDefault(output, answer);
    return outcome.verdict === 'AC' ? null : (outcome.message ?? outcome.verdict);
  };
}

interface SolutionStats {
  maxMs: number;
  failures: string[];
}

async function runOnAllCases(
  problem: Problem,
  command: string,
  args: string[],
  judge: Judge,
): Promise<SolutionStats> {
  const limit = problem.meta.timeLimitMs;
  const results = await Promise.all(
    problem.cases.map(async (c) => {
      const r = await runProcess(command, args, c.input, Math.max(4 * limit, 10_000));
      let failure: string | null = null;
      if (r.timedOut) failure = '运行被强制终止（超过 4 倍时限）';
      else if (r.code !== 0) failure = `退出码 ${r.code}：${r.stderr.trim().slice(0, 300)}`;
      else if (r.ms > limit) failure = `用时 ${r.ms.toFixed(0)} ms 超过时限 ${limit} ms`;
      else failure = await judge(c.input, r.stdout, c.answer);
      return { ms: r.ms, failure: failure && `测试点 ${c.index}：${failure}` };
    }),
  );
  return {
    maxMs: Math.max(...results.map((r) => r.ms)),
    failures: results.flatMap((r) => (r.failure ? [r.failure] : [])),
  };
}

/** The wrong solution must be rejected on at least one case; stops at the first rejection. */
async function wrongIsRejected(problem: Problem, file: string, judge: Judge): Promise<string> {
  const limit = problem.meta.timeLimitMs;
  for (const c of problem.cases) {
    const r = await runProcess(PYTHON, [file], c.input, 2 * limit);
    if (r.timedOut || r.code !== 0) return `测试点 ${c.index} 未通过（运行失败）`;
    const reason = await judge(c.input, r.stdout, c.answer);
    if (reason !== null) return `测试点 ${c.index} 未通过`;
  }
  return '';
}

interface Row {
  slug: string;
  cases: number;
  cppMs: number;
  pyMs: number;
  wrong: string;
  notes: string[];
  errors: string[];
}

async function verifyProblem(dir: string, testlibDir: string, scratchRoot: string): Promise<Row> {
  const slug = basename(dir);
  const row: Row = { slug, cases: 0, cppMs: 0, pyMs: 0, wrong: '-', notes: [], errors: [] };
  const structure = checkProblemStructure(dir);
  row.errors.push(...structure.errors);
  const problem = structure.problem;
  if (!problem) return row;
  row.cases = problem.cases.length;
  // These run with a FIFO partner or in a directory of their own, which the plain runs here do
  // not give them; the judge's own tests judge their solutions instead.
  if (problem.meta.interactive) {
    row.notes.push(
      '交互题：参考解与 wrong.py 由 src/judge/interactive.sandbox.test.ts 经判题机验证',
    );
    return row;
  }
  if (problem.meta.io.mode === 'file') {
    row.notes.push(
      '文件输入输出：参考解由 tests/integration/question-packages.test.ts 经判题机验证',
    );
    return row;
  }

  const scratch = mkdtempSync(join(scratchRoot, `${slug}-`));
  try {
    const refBinary = join(scratch, 'ref');
    const compileError = await compileCpp(join(dir, 'solutions', 'ref.cpp'), refBinary);
    if (compileError) row.errors.push(compileError);

    let checkerBinary: string | null = null;
    if (problem.meta.checker.type === 'testlib') {
      if (existsSync(join(testlibDir, 'testlib.h'))) {
        checkerBinary = join(scratch, 'checker');
        const err = await compileCpp(join(dir, 'checker.cpp'), checkerBinary, testlibDir);
        if (err) {
          row.errors.push(err);
          checkerBinary = null;
        }
      } else {
        row.notes.push(`未找到 ${join(testlibDir, 'testlib.h')}，跳过特殊评测`);
      }
    }
    const judge = makeJudge(problem, checkerBinary, scratch);

    const [cpp, py] = await Promise.all([
      compileError ? null : runOnAllCases(problem, refBinary, [], judge),
      runOnAllCases(problem, PYTHON, [join(dir, 'solutions', 'ref.py')], judge),
    ]);
    if (cpp) {
      row.cppMs = cpp.maxMs;
      row.errors.push(...cpp.failures.map((f) => `ref.cpp ${f}`));
    }
    row.pyMs = py.maxMs;
    row.errors.push(...py.failures.map((f) => `ref.py ${f}`));

    const wrongFile = join(dir, 'solutions', 'wrong.py');
    if (existsSync(wrongFile) && (problem.meta.checker.type !== 'testlib' || checkerBinary)) {
      const rejected = await wrongIsRejected(problem, wrongFile, judge);
      row.wrong = rejected || '全部通过';
      if (!rejected) row.errors.push('wrong.py 通过了全部测试点，数据不够强');
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return row;
}

function printTable(rows: Row[]): void {
  const header = ['problem', 'cases', 'ref.cpp max ms', 'ref.py max ms', 'wrong.py', 'status'];
  const body = rows.map((r) => [
    r.slug,
    String(r.cases),
    r.cppMs.toFixed(0),
    r.pyMs.toFixed(0),
    r.wrong,
    r.errors.length === 0 ? 'OK' : 'FAIL',
  ]);
  const table = [header, ['---', '---', '---', '---', '---', '---'], ...body];
  for (const line of table) console.log(`| ${line.join(' | ')} |`);
  for (const r of rows) {
    for (const n of r.notes) console.log(`注意 ${r.slug}: ${n}`);
    for (const e of r.errors) console.log(`错误 ${r.slug}: ${e}`);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const testlibFlag = args.indexOf('--testlib-dir');
  const testlibDir =
    testlibFlag >= 0 ? args.splice(testlibFlag, 2)[1]! : join(REPO_ROOT, 'src/judge/testlib');
  const filter = args[0] ?? '';
  const dirs = listProblemDirs().filter((d) => basename(d).includes(filter));

  const scratchRoot = join(REPO_ROOT, '.tmp');
  // .tmp is gitignored, so a fresh clone does not have it yet.
  mkdirSync(scratchRoot, { recursive: true });
  const scratch = mkdtempSync(join(scratchRoot, 'verify-problems-'));
  try {
    // Problems run concurrently too; the pool keeps the number of live processes at two.
    const rows = await Promise.all(dirs.map((d) => verifyProblem(d, testlibDir, scratch)));
    printTable(rows);
    const questions = loadSeedQuestions();
    console.log(`seed/questions.json：${questions.length} 道客观题，格式正确`);
    const failed = rows.filter((r) => r.errors.length > 0).length;
    console.log(failed === 0 ? `全部 ${rows.length} 道题通过` : `${failed} 道题未通过`);
    process.exitCode = failed === 0 ? 0 : 1;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
