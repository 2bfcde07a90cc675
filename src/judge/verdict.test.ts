/** How what the sandbox saw becomes a verdict (verdict.ts), on outcomes built by hand. */
import { describe, expect, it } from 'vitest';
import { classifyRun } from './verdict.ts';
import { heldProcessLimit } from './sandbox/run-watch.ts';
import type { SandboxOutcome } from './sandbox/sandbox.ts';

const MIB = 1024 * 1024;
const clean: SandboxOutcome = {
  exitCode: 0,
  signal: null,
  cpuMs: 10,
  wallMs: 20,
  memoryBytes: MIB,
  oomKilled: false,
  processLimitHeld: false,
  timeLimitExceeded: null,
  outputExceeded: false,
  stdout: Buffer.alloc(0),
  stderr: Buffer.alloc(0),
  setupError: null,
};
const classify = (r: Partial<SandboxOutcome>) => classifyRun({ ...clean, ...r }, 64 * MIB).verdict;

describe('classifyRun', () => {
  it('a clean run is left to the checker', () => {
    expect(classify({})).toBeNull();
  });

  it('an OOM kill is MLE, even when the time ran out too', () => {
    expect(classify({ oomKilled: true, exitCode: null, signal: 9 })).toBe('MLE');
    expect(classify({ oomKilled: true, timeLimitExceeded: 'cpu' })).toBe('MLE');
  });

  it('a run that ended holding its process limit and did not end cleanly is RE, whatever ended it', () => {
    const bomb = { processLimitHeld: true, exitCode: null, signal: 9 };
    for (const ended of [
      { timeLimitExceeded: 'cpu' as const },
      { timeLimitExceeded: 'wall' as const },
      { oomKilled: true },
      { oomKilled: true, timeLimitExceeded: 'cpu' as const },
      {},
    ]) {
      expect(classifyRun({ ...clean, ...bomb, ...ended }, 64 * MIB)).toEqual({
        verdict: 'RE',
        message: '运行错误：创建的进程数超过上限',
      });
    }
    expect(classify({ processLimitHeld: true, exitCode: 1 })).toBe('RE');
  });

  it('a run that held its process limit but ended cleanly is left to the checker', () => {
    expect(classify({ processLimitHeld: true })).toBeNull();
  });

  it('a peak over the limit is MLE, after the time limit', () => {
    expect(classify({ memoryBytes: 65 * MIB })).toBe('MLE');
    expect(classify({ memoryBytes: 65 * MIB, timeLimitExceeded: 'cpu' })).toBe('TLE');
  });

  it('a set-up failure is SE before anything else', () => {
    expect(classify({ setupError: 'bwrap: x', oomKilled: true })).toBe('SE');
  });
});

describe('heldProcessLimit', () => {
  it('a run refused a fork and at its limit when it ended held it', () => {
    expect(heldProcessLimit(true, 1, 32)).toBe(true);
  });

  it('a run refused hundreds of forks held it, even thinned below the limit at its end', () => {
    expect(heldProcessLimit(false, 256, 32)).toBe(true);
    expect(heldProcessLimit(false, 764, 32)).toBe(true);
  });

  it('a program that once asked for threads too many did not', () => {
    expect(heldProcessLimit(false, 35, 32)).toBe(false);
    expect(heldProcessLimit(false, 255, 32)).toBe(false);
  });

  it('a run never refused did not, however many processes it had', () => {
    expect(heldProcessLimit(true, 0, 32)).toBe(false);
  });
});
