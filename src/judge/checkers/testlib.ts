/**
 * testlib special judges: checker.cpp from the problem directory is compiled in the sandbox (with
 * src/judge/testlib — Xinao's own testlib.h — on the include path) and run there as
 * `checker input output answer`. Every exit code means what it means in testlib:
 *
 *   0 ok → AC;  1 wrong answer → WA;  2 wrong output format (also testlib's "dirt", extra output
 *   after an accepting verdict, and an unexpected EOF) → WA shown with "格式错误：";
 *   3 FAIL (the checker or the jury's data is broken) → SE, message kept;  4 dirt, 8 unexpected EOF
 *   (only from checkers built with other testlib options) → like 2;  7 points → the first number of
 *   "points <value> …" is the fraction 0..1 of the case (see docs/problem-format.md);  _pc(n)
 *   (exit code n, stderr "partially correct (n) …") → n % of the case;  anything else, a crash or
 *   a time-out → SE.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileCpp, TESTLIB_DIR } from '../compile.ts';
import { LANGUAGES, type CompiledLanguage } from '../languages.ts';
import { runSandboxed, type SandboxLimits } from '../sandbox/sandbox.ts';
import { openWarmBox, type WarmBox } from '../sandbox/warm-box.ts';
import { makeWorkDir, removeWorkDir } from '../workdir.ts';
import type { CheckOutcome } from './text.ts';

export const CHECKER_LIMITS: SandboxLimits = {
  cpuMs: 5_000,
  wallMs: 10_000,
  memoryBytes: 512 * 1024 * 1024,
  pids: 4,
  stdoutBytes: 64 * 1024,
  stderrBytes: 64 * 1024,
  fileBytes: 1024 * 1024,
};

export interface TestlibChecker {
  binary: string;
}

export async function compileTestlibChecker(
  source: string,
  cacheDir: string,
): Promise<{ checker?: TestlibChecker; output: string }> {
  const r = await compileCpp(source, LANGUAGES.cpp as CompiledLanguage, {
    cacheDir,
    includeDir: TESTLIB_DIR,
  });
  return r.ok && r.binary
    ? { checker: { binary: r.binary }, output: r.output }
    : { output: r.output };
}

/** The files a checker is given, by their names inside its box. */
const CHECKER_BINARY = '/check/checker';
export const CHECKER_FILES = {
  input: '/check/input',
  output: '/check/output',
  answer: '/check/answer',
} as const;
type CheckerFile = keyof typeof CHECKER_FILES;

/**
 * Runs a compiled checker in the sandbox on the case's input, the program's output and the
 * answer, passed in the order `args` names them (testlib's, HUSTOJ's or QDUOJ's); `verdict`
 * reads what its exit code means. A crash, a time-out or a failed start is SE, `what` naming
 * the checker in the message.
 */
export async function runChecker(
  checker: TestlibChecker,
  args: readonly CheckerFile[],
  files: { input: string; answer: string; output: Buffer },
  cacheDir: string,
  verdict: (code: number | null, message: string) => CheckOutcome,
  what = '检查器',
  box: WarmBox | null = null,
): Promise<CheckOutcome> {
  const dir = makeWorkDir(cacheDir, 'check');
  try {
    const outFile = join(dir, 'output');
    writeFileSync(outFile, files.output, { mode: 0o644 });
    const argv = [CHECKER_BINARY, ...args.map((a) => CHECKER_FILES[a])];
    const caseFiles = [
      { host: files.input, box: CHECKER_FILES.input },
      { host: outFile, box: CHECKER_FILES.output },
      { host: files.answer, box: CHECKER_FILES.answer },
    ];
    const r = box
      ? await box.run({ argv, binds: caseFiles, limits: CHECKER_LIMITS })
      : await runSandboxed({
          argv,
          binds: [{ host: checker.binary, box: CHECKER_BINARY }, ...caseFiles],
          limits: CHECKER_LIMITS,
          cacheDir,
        });
    const message = (r.stderr.toString('utf8') || r.stdout.toString('utf8')).trim().slice(0, 1000);
    if (r.setupError || r.timeLimitExceeded || r.oomKilled || r.signal !== null) {
      return { fraction: 0, verdict: 'SE', message: `${what}运行失败：${message}` };
    }
    return verdict(r.exitCode, message);
  } finally {
    removeWorkDir(dir);
  }
}

export const runTestlibChecker = (
  checker: TestlibChecker,
  files: { input: string; answer: string; output: Buffer },
  cacheDir: string,
  box: WarmBox | null = null,
): Promise<CheckOutcome> =>
  runChecker(checker, ['input', 'output', 'answer'], files, cacheDir, verdictOf, '检查器', box);

/** A checker's box for one submission: its binary, and room for each case's three files. */
export function openCheckerBox(checker: TestlibChecker, cacheDir: string): Promise<WarmBox> {
  return openWarmBox({
    binds: [{ host: checker.binary, box: CHECKER_BINARY }],
    mountPoints: Object.values(CHECKER_FILES).map((box) => ({ box, kind: 'file' as const })),
    cacheDir,
  });
}

/**
 * The learner-facing outcome of a testlib checker (or interactor, `who`) that exited normally
 * with `code`.
 */
export function verdictOf(code: number | null, message: string, who = '检查器'): CheckOutcome {
  // testlib's _pc(n) exits with code n and says "partially correct (n)"; n is a percentage. It is
  // recognised by both, since n may coincide with another verdict's code.
  const pc = /^partially correct \((\d+)\)/.exec(message);
  if (pc && Number(pc[1]) === code) {
    const fraction = Math.min(1, Math.max(0, Number(pc[1]) / 100));
    return { fraction, verdict: fraction >= 1 ? 'AC' : 'WA', message };
  }
  switch (code) {
    case 0:
      return { fraction: 1, verdict: 'AC', message };
    case 1:
      return { fraction: 0, verdict: 'WA', message };
    case 2: // _pe, _dirt and _unexpected_eof as testlib reports them by default
    case 4: // _dirt with a DIRT_EXIT_CODE build
    case 8: // _unexpected_eof with -DENABLE_UNEXPECTED_EOF
      return { fraction: 0, verdict: 'WA', message: `格式错误：${message}` };
    case 3:
      return { fraction: 0, verdict: 'SE', message: `${who}报告失败（FAIL）：${message}` };
    case 7: {
      const m = /^\s*(?:points\s+)?([+-]?\d*\.?\d+(?:[eE][+-]?\d+)?)/.exec(message);
      if (!m) {
        // quitpi: points_info for a scorer, which Xinao does not run — no score to give.
        return {
          fraction: 0,
          verdict: 'SE',
          message: `${who}只给出了 points_info，没有分数：${message}`,
        };
      }
      const fraction = Math.min(1, Math.max(0, Number(m[1])));
      return { fraction, verdict: fraction >= 1 ? 'AC' : 'WA', message };
    }
    default:
      return {
        fraction: 0,
        verdict: 'SE',
        message: `${who}失败（退出码 ${code}）：${message}`,
      };
  }
}
