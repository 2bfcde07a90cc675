import { describe, expect, it } from 'vitest';
import { judgeLoaded } from './judge.ts';
import { SubtaskSkipper, skipNotes } from './subtask-skip.ts';
import { TEST_CACHE_DIR, problemFromCases, registerSandboxHooks } from './test-support.ts';
import type { ProblemMeta } from './problem.ts';
import type { JudgeProgress } from './types.ts';

registerSandboxHooks({ checkLeftovers: true });

/** `echo X` prints X; `loop` spins until the time limit. */
const COMMANDS_PY = `import sys
cmd = sys.stdin.read().split()
if cmd[0] == 'echo':
    print(cmd[1])
else:
    while True:
        pass
`;
const AC = { input: 'echo 1\n', answer: '1\n' };
const WA = { input: 'echo 1\n', answer: '2\n' };
const TLE = { input: 'loop\n', answer: '1\n' };

async function judge(cases: { input: string; answer: string }[], meta: Partial<ProblemMeta>) {
  const progress: JudgeProgress[] = [];
  const started = Date.now();
  const result = await judgeLoaded(
    problemFromCases(cases, meta),
    { language: 'python', source: COMMANDS_PY },
    { cacheDir: TEST_CACHE_DIR, onProgress: (p) => progress.push(p) },
  );
  const ran = progress.flatMap((p) => (p.phase === 'running' ? [p.case] : []));
  return { result, ran, elapsedMs: Date.now() - started };
}

describe('skipping cases that cannot change the score', () => {
  it('a min subtask that failed on its first case does not wait for its later TLE case', async () => {
    const timeLimitMs = 5000;
    const { result, ran, elapsedMs } = await judge([WA, TLE, AC, AC], {
      timeLimitMs,
      scoring: { mode: 'subtasks' },
      subtasks: [
        { cases: [1, 2, 3], score: 50, mode: 'min' },
        { cases: [4], score: 50, mode: 'sum' },
      ],
    });
    expect(ran).toEqual([1, 4]);
    expect(elapsedMs).toBeLessThan(timeLimitMs);
    expect(result.cases.map((c) => [c.index, c.verdict])).toEqual([
      [1, 'WA'],
      [4, 'AC'],
    ]);
    expect(result.skippedCases).toEqual([2, 3]);
    expect(result.cases[0]!.message).toContain('第 1 行不同');
    expect(result.cases[0]!.message).toContain('子任务 1 已不得分，其余测试点 2、3 未运行');
    // The verdict stays the first failing case's, not the TLE that was never run.
    expect(result.verdict).toBe('WA');
    expect(result.subtasks?.map((s) => [s.score, s.verdict])).toEqual([
      [0, 'WA'],
      [50, 'AC'],
    ]);
    expect(result.score).toBe(50);
  });

  it('a sum subtask, and sum scoring, still run every case', async () => {
    const cases = [WA, WA, TLE, AC];
    const limits = { timeLimitMs: 300 };
    const sub = await judge(cases, {
      ...limits,
      scoring: { mode: 'subtasks' },
      subtasks: [
        { cases: [1], score: 40, mode: 'min' },
        { cases: [2, 3, 4], score: 60, mode: 'sum' },
      ],
    });
    expect(sub.ran).toEqual([1, 2, 3, 4]);
    expect(sub.result.cases.map((c) => c.verdict)).toEqual(['WA', 'WA', 'TLE', 'AC']);
    expect(sub.result.skippedCases).toEqual([]);
    expect(sub.result.score).toBe(20);
    expect(sub.result.cases[0]!.message).not.toContain('未运行');

    const plain = await judge(cases, limits);
    expect(plain.ran).toEqual([1, 2, 3, 4]);
    expect(plain.result.skippedCases).toEqual([]);
    expect(plain.result.verdict).toBe('WA');
  });

  it('a case shared with a subtask that still needs it runs; one no subtask names runs', async () => {
    // S1 is decided by case 1; case 2 still runs for S2 and decides it; case 3 runs for the sum
    // subtask S3; case 5 belongs only to decided subtasks; case 6 belongs to none.
    const { result, ran } = await judge([WA, WA, AC, AC, TLE, AC], {
      timeLimitMs: 300,
      scoring: { mode: 'subtasks' },
      subtasks: [
        { cases: [5, 1, 2], score: 30, mode: 'min' },
        { cases: [2, 3, 5], score: 30, mode: 'min' },
        { cases: [3, 4], score: 40, mode: 'sum' },
      ],
    });
    expect(ran).toEqual([1, 2, 3, 4, 6]);
    expect(result.skippedCases).toEqual([5]);
    expect(result.cases[0]!.message).toContain('子任务 1 已不得分，其余测试点 5 未运行');
    expect(result.cases[1]!.message).toContain('子任务 2 已不得分，其余测试点 5 未运行');
    expect(result.cases[1]!.message).not.toContain('子任务 1');
    // A skipped case has no verdict of its own; the subtask's is that of the case that ran.
    expect(result.subtasks?.map((s) => [s.score, s.verdict])).toEqual([
      [0, 'WA'],
      [0, 'WA'],
      [40, 'AC'],
    ]);
    expect(result.verdict).toBe('WA');
  });
});

describe('SubtaskSkipper', () => {
  const subtasks = [
    { cases: [1, 2], score: 50, mode: 'min' as const },
    { cases: [2, 3], score: 50, mode: 'min' as const },
  ];

  it('only a zero decides a min subtask: partial points (testlib quitp) do not', () => {
    const s = new SubtaskSkipper(subtasks);
    s.record(1, 0.5);
    expect(s.skipReasons(2)).toBeNull();
    s.record(1, 0);
    expect(s.skipReasons(2)).toBeNull(); // still needed by subtask 2
    s.record(3, 0);
    expect(s.skipReasons(2)).toEqual([
      { subtask: 1, decidedBy: 1 },
      { subtask: 2, decidedBy: 3 },
    ]);
  });

  it('never skips without subtasks', () => {
    const s = new SubtaskSkipper(undefined);
    s.record(1, 0);
    expect(s.skipReasons(2)).toBeNull();
  });

  it('notes name each subtask and its skipped cases on the deciding case', () => {
    const notes = skipNotes(
      new Map([
        [4, [{ subtask: 2, decidedBy: 1 }]],
        [
          5,
          [
            { subtask: 2, decidedBy: 1 },
            { subtask: 1, decidedBy: 1 },
          ],
        ],
      ]),
    );
    expect(notes).toEqual(
      new Map([
        [1, '子任务 1 已不得分，其余测试点 5 未运行；子任务 2 已不得分，其余测试点 4、5 未运行'],
      ]),
    );
  });
});
