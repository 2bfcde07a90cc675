/**
 * Interactive problems through the real judge: the seeded guess-the-number problem (at most 30
 * questions, seed/problems/25-guess-number) and small variants of it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SEED_ROOT } from '../server/seed/questions.ts';
import { judgeLoaded } from './judge.ts';
import { loadProblem, type Problem } from './problem.ts';
import {
  TEST_CACHE_DIR,
  leftoverCgroups,
  leftoverWorkDirs,
  problemFromCases,
  registerSandboxHooks,
} from './test-support.ts';

registerSandboxHooks();

afterEach(() => {
  expect(leftoverCgroups()).toEqual([]);
  expect(leftoverWorkDirs()).toEqual([]);
});

const GUESS = join(SEED_ROOT, 'problems', '25-guess-number');
const solution = (file: string) => readFileSync(join(GUESS, 'solutions', file), 'utf8');
const INTERACTOR = readFileSync(join(GUESS, 'interactor.cpp'), 'utf8');

/** The guess-the-number problem over a few hidden numbers, with another interactor or checker. */
function guessProblem(
  numbers: number[],
  extra: { interactorSource?: string; checkerSource?: string } = {},
): Problem {
  const problem = problemFromCases(
    numbers.map((x) => ({ input: `${x}\n`, answer: `${x}\n` })),
    {
      interactive: true,
      memoryLimitMiB: 256,
      ...(extra.checkerSource ? { checker: { type: 'testlib' } } : {}),
    },
  );
  return {
    ...problem,
    interactorSource: extra.interactorSource ?? INTERACTOR,
    ...(extra.checkerSource ? { checkerSource: extra.checkerSource } : {}),
  };
}

const judge = (problem: Problem, language: string, source: string) =>
  judgeLoaded(problem, { language, source }, { cacheDir: TEST_CACHE_DIR });

describe('interactive problems (交互题): guess the number in at most 30 questions', () => {
  it('AC for the binary search, in C++ and in Python, on every seeded case', async () => {
    const problem = loadProblem(GUESS);
    const cpp = await judge(problem, 'cpp', solution('ref.cpp'));
    expect(cpp.verdict).toBe('AC');
    expect(cpp.score).toBe(100);
    expect(cpp.cases).toHaveLength(problem.cases.length);
    // The interactor's own words reach the learner.
    expect(cpp.cases[0]!.message).toMatch(/^ok 用 \d+ 次提问猜中$/);
    const py = await judge(problem, 'python', solution('ref.py'));
    expect(py.verdict).toBe('AC');
  }, 120_000);

  it('WA for a linear search: the interactor stops it after 30 questions', async () => {
    const r = await judge(guessProblem([5, 1_000_000]), 'python', solution('wrong.py'));
    expect(r.cases.map((c) => c.verdict)).toEqual(['AC', 'WA']);
    // Stopped by the judge after the refusal, the program's own end (killed) does not count.
    expect(r.cases[1]!.message).toBe('wrong answer 提问超过 30 次');
    expect(r.score).toBe(50);
  }, 60_000);

  it('TLE for a program that never answers, and for one that spins', async () => {
    const silent = await judge(
      guessProblem([7]),
      'cpp',
      '#include <iostream>\nint main(){std::string s; std::cin >> s;}',
    );
    expect(silent.verdict).toBe('TLE');
    expect(silent.cases[0]!.message).toBe('运行时间（墙钟）超限');
    const spin = await judge(guessProblem([7]), 'cpp', 'int main(){volatile long x=0;for(;;)x++;}');
    expect(spin.verdict).toBe('TLE');
    expect(spin.cases[0]!.message).toBe('CPU 时间超限');
  }, 60_000);

  it('WA for a wrong final answer, and for one the interactor cannot read', async () => {
    const wrong = await judge(guessProblem([9]), 'python', "print('! 8', flush=True)\n");
    expect(wrong.verdict).toBe('WA');
    expect(wrong.cases[0]!.message).toBe('wrong answer 猜的数 8 不对');
    const garbled = await judge(guessProblem([9]), 'python', "print('hello', flush=True)\n");
    expect(garbled.verdict).toBe('WA');
    // testlib reads a token against a pattern as the answer's content: wrong answer, not PE.
    expect(garbled.cases[0]!.message).toMatch(/^wrong answer Token parameter \[name=操作\]/);
    // Leaving without a word is an unexpected end of the interactor's input.
    const quiet = await judge(guessProblem([9]), 'python', 'pass\n');
    expect(quiet.verdict).toBe('WA');
    expect(quiet.cases[0]!.message).toMatch(/^格式错误：/);
  }, 60_000);

  it('RE for a program that crashes before the interactor decides, WA for one that crashes after', async () => {
    const r = await judge(guessProblem([9]), 'python', 'raise SystemExit(3)\n');
    // The interactor reads an early end of input: the program's own crash came first.
    expect(r.verdict).toBe('RE');
    expect(r.cases[0]!.message).toBe('运行错误：退出码 3');
    // Asking on after the refusal: input() meets the end of the replies and raises EOFError.
    const after = await judge(
      guessProblem([10 ** 9]),
      'python',
      "y = 1\nwhile True:\n    print('?', y, flush=True)\n    input()\n    y += 1\n",
    );
    expect(after.verdict).toBe('WA');
    expect(after.cases[0]!.message).toBe('wrong answer 提问超过 30 次');
  }, 60_000);

  it('the checker reads what the interactor wrote to tout', async () => {
    const checker = `#include "testlib.h"
int main(int argc, char* argv[]) {
  registerTestlibCmd(argc, argv);
  int asked = ouf.readInt();
  if (asked > 20) quitf(_wa, "问了 %d 次，本题要求不超过 20 次", asked);
  quitf(_ok, "问了 %d 次", asked);
}`;
    // 1..10^9 by bisection: x = 500000000 is the first question; 1 takes about 30.
    const r = await judge(
      guessProblem([500_000_000, 1], { checkerSource: checker }),
      'cpp',
      solution('ref.cpp'),
    );
    expect(r.cases[0]).toMatchObject({ verdict: 'AC', message: 'ok 问了 1 次' });
    expect(r.cases[1]!.verdict).toBe('WA');
    expect(r.cases[1]!.message).toMatch(/^wrong answer 问了 \d+ 次，本题要求不超过 20 次$/);
  }, 60_000);

  it('SE when the interactor fails or does not compile: the jury is at fault, not the learner', async () => {
    const failing = `#include "testlib.h"
int main(int argc, char* argv[]) { registerInteraction(argc, argv); quitf(_fail, "数据坏了"); }`;
    const r = await judge(
      guessProblem([3], { interactorSource: failing }),
      'cpp',
      solution('ref.cpp'),
    );
    expect(r.verdict).toBe('SE');
    expect(r.cases[0]!.message).toBe('交互器报告失败（FAIL）：FAIL 数据坏了');
    const broken = await judge(
      guessProblem([3], { interactorSource: 'int main( {' }),
      'cpp',
      solution('ref.cpp'),
    );
    expect(broken.verdict).toBe('SE');
    expect(broken.compileOutput).toMatch(/^交互器编译失败/);
    // Without an interactor the program is never judged as if it read the input file.
    const { interactorSource: _none, ...bare } = guessProblem([3]);
    const missing = await judge(bare, 'python', 'print(3)\n');
    expect(missing.verdict).toBe('SE');
    expect(missing.compileOutput).toBe('交互题缺少交互器 interactor.cpp');
  }, 60_000);
});
