/**
 * Special judges written for other judges, run as their judge runs them (so an imported
 * problem keeps its checker unchanged): HUSTOJ's `spj input answer output` — exit 0 accepts,
 * any other exit rejects — and QDUOJ's `spj input output` — exit 0 accepts, 1 rejects, anything
 * else is the checker failing. Compiled like a testlib checker (C++17, testlib.h on the path
 * does no harm), run in the sandbox with the checker limits.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runSandboxed } from '../sandbox/sandbox.ts';
import { makeWorkDir, removeWorkDir } from '../workdir.ts';
import { CHECKER_LIMITS, type TestlibChecker } from './testlib.ts';
import type { CheckOutcome } from './text.ts';

export type ForeignProtocol = 'hustoj' | 'qduoj';

const ARGV: Record<ForeignProtocol, readonly string[]> = {
  hustoj: ['/check/input', '/check/answer', '/check/output'],
  qduoj: ['/check/input', '/check/output'],
};

export async function runForeignChecker(
  protocol: ForeignProtocol,
  checker: TestlibChecker,
  files: { input: string; answer: string; output: Buffer },
  cacheDir: string,
): Promise<CheckOutcome> {
  const dir = makeWorkDir(cacheDir, 'check');
  try {
    const outFile = join(dir, 'output');
    writeFileSync(outFile, files.output, { mode: 0o644 });
    const r = await runSandboxed({
      argv: ['/check/checker', ...ARGV[protocol]],
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
      return { fraction: 0, verdict: 'SE', message: `特判程序运行失败：${message}` };
    }
    if (r.exitCode === 0) return { fraction: 1, verdict: 'AC', message };
    if (protocol === 'hustoj' || r.exitCode === 1) return { fraction: 0, verdict: 'WA', message };
    return {
      fraction: 0,
      verdict: 'SE',
      message: `特判程序失败（退出码 ${r.exitCode}）：${message}`,
    };
  } finally {
    removeWorkDir(dir);
  }
}
