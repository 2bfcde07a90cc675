/**
 * testlib-style special judges: checker.cpp from the problem directory is compiled in the sandbox
 * (with src/judge/testlib on the include path) and run there as `checker input output answer`.
 * Exit codes: 0 OK, 1 WA, 2 PE (reported as WA), 7 points (first number on the first line of
 * stderr, after an optional "points" word, is the fraction 0..1 of the case score); anything else
 * means the checker itself failed (SE).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileCpp, TESTLIB_DIR } from '../compile.ts';
import { LANGUAGES, type CompiledLanguage } from '../languages.ts';
import { runSandboxed, type SandboxLimits } from '../sandbox/sandbox.ts';
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

export async function runTestlibChecker(
  checker: TestlibChecker,
  files: { input: string; answer: string; output: Buffer },
  cacheDir: string,
): Promise<CheckOutcome> {
  const dir = makeWorkDir(cacheDir, 'check');
  try {
    const outFile = join(dir, 'output');
    writeFileSync(outFile, files.output, { mode: 0o644 });
    const r = await runSandboxed({
      argv: ['/check/checker', '/check/input', '/check/output', '/check/answer'],
      binds: [
        { host: checker.binary, box: '/check/checker' },
        { host: files.input, box: '/check/input' },
        { host: outFile, box: '/check/output' },
        { host: files.answer, box: '/check/answer' },
      ],
      limits: CHECKER_LIMITS,
      cacheDir,
    });
    const message = (r.stderr.toString('utf8') || r.stdout.toString('utf8')).trim().slice(0, 1000);
    if (r.setupError || r.timeLimitExceeded || r.oomKilled || r.signal !== null) {
      return { fraction: 0, verdict: 'SE', message: `检查器运行失败：${message}` };
    }
    switch (r.exitCode) {
      case 0:
        return { fraction: 1, verdict: 'AC', message };
      case 1:
        return { fraction: 0, verdict: 'WA', message };
      case 2:
        return { fraction: 0, verdict: 'WA', message: `格式错误：${message}` };
      case 7: {
        const m = /^\s*(?:points\s+)?([+-]?\d*\.?\d+(?:[eE][+-]?\d+)?)/.exec(message);
        const fraction = m ? Math.min(1, Math.max(0, Number(m[1]))) : 0;
        return { fraction, verdict: fraction >= 1 ? 'AC' : 'WA', message };
      }
      default:
        return {
          fraction: 0,
          verdict: 'SE',
          message: `检查器失败（退出码 ${r.exitCode}）：${message}`,
        };
    }
  } finally {
    removeWorkDir(dir);
  }
}
