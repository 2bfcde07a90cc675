/**
 * Special judges written for other judges, run as their judge runs them (so an imported
 * problem keeps its checker unchanged): HUSTOJ's `spj input answer output` — exit 0 accepts,
 * any other exit rejects — and QDUOJ's `spj input output` — exit 0 accepts, 1 rejects, anything
 * else is the checker failing. Compiled like a testlib checker (C++17, testlib.h on the path
 * does no harm), run in the sandbox with the checker limits.
 */
import { runChecker, type TestlibChecker } from './testlib.ts';
import type { CheckOutcome } from './text.ts';
import type { WarmBox } from '../sandbox/warm-box.ts';

export type ForeignProtocol = 'hustoj' | 'qduoj';

const ARGS = {
  hustoj: ['input', 'answer', 'output'],
  qduoj: ['input', 'output'],
} as const;

export function runForeignChecker(
  protocol: ForeignProtocol,
  checker: TestlibChecker,
  files: { input: string; answer: string; output: Buffer },
  cacheDir: string,
  box: WarmBox | null = null,
): Promise<CheckOutcome> {
  return runChecker(
    checker,
    ARGS[protocol],
    files,
    cacheDir,
    (code, message) => {
      if (code === 0) return { fraction: 1, verdict: 'AC', message };
      if (protocol === 'hustoj' || code === 1) return { fraction: 0, verdict: 'WA', message };
      return { fraction: 0, verdict: 'SE', message: `特判程序失败（退出码 ${code}）：${message}` };
    },
    '特判程序',
    box,
  );
}
