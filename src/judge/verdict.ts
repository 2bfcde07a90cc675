/** Turns what the sandbox observed into a verdict, before any output checking. */
import type { Verdict } from './types.ts';
import { signalName, type SandboxOutcome } from './sandbox/sandbox.ts';

export interface RunClassification {
  /** null: the program ran cleanly; its output still has to be checked. */
  verdict: Exclude<Verdict, 'AC' | 'WA' | 'CE'> | null;
  message?: string;
}

const SIGXFSZ = 25;

export function classifyRun(r: SandboxOutcome, memoryLimitBytes: number): RunClassification {
  if (r.setupError)
    return { verdict: 'SE', message: `沙箱启动失败：${r.setupError.slice(0, 500)}` };
  // A run that ended holding its whole process allowance, with forks refused, is RE whatever
  // ended it. A fork bomb retrying its forks charges tens of MiB of kernel memory freed only
  // after an RCU grace period, so it ended by time on a quiet machine and by an OOM kill on a
  // loaded one; its verdict must not follow the machine's load. A program that once asked for a
  // thread too many and went on is judged as any other (docs/decisions/judging-and-sandbox.md,
  // "Runs that hit their process limit").
  const endedCleanly =
    r.exitCode === 0 && r.signal === null && !r.timeLimitExceeded && !r.oomKilled;
  if (r.processLimitHeld && !endedCleanly)
    return { verdict: 'RE', message: '运行错误：创建的进程数超过上限' };
  if (r.oomKilled) return { verdict: 'MLE', message: '内存超限（被 OOM 终止）' };
  if (r.timeLimitExceeded === 'cpu') return { verdict: 'TLE', message: 'CPU 时间超限' };
  if (r.timeLimitExceeded === 'wall') return { verdict: 'TLE', message: '运行时间（墙钟）超限' };
  if (r.memoryBytes > memoryLimitBytes) return { verdict: 'MLE', message: '内存超限' };
  if (r.outputExceeded) return { verdict: 'OLE', message: '输出超限' };
  if (r.signal === SIGXFSZ) return { verdict: 'OLE', message: '写入文件超过大小限制' };
  // CPython ignores SIGXFSZ: a file-size limit hit surfaces as OSError [Errno 27] and exit 1.
  if (r.exitCode === 1 && /\[Errno 27\] File too large/.test(r.stderr.toString('utf8'))) {
    return { verdict: 'OLE', message: '写入文件超过大小限制' };
  }
  if (r.signal !== null)
    return { verdict: 'RE', message: `运行错误：被信号 ${signalName(r.signal)} 终止` };
  if (r.exitCode !== 0) return { verdict: 'RE', message: `运行错误：退出码 ${r.exitCode}` };
  return { verdict: null };
}
