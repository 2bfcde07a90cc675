import { afterEach, describe, expect, it } from 'vitest';
import { judgeLoaded } from '../judge.ts';
import type { Problem } from '../problem.ts';
import {
  TEST_CACHE_DIR,
  leftoverCgroups,
  leftoverWorkDirs,
  problemFromCases,
  registerSandboxHooks,
} from '../test-support.ts';

registerSandboxHooks();

afterEach(() => {
  expect(leftoverCgroups()).toEqual([]);
  expect(leftoverWorkDirs()).toEqual([]);
});

// HUSTOJ's convention: spj <input> <answer> <user output>; 0 accepts. This one accepts any
// number within 1 of the answer, and says which file it read in which place.
const HUSTOJ_SPJ = `#include <cstdio>
#include <cstdlib>
int main(int argc, char **argv) {
  FILE *in = fopen(argv[1], "r"), *ans = fopen(argv[2], "r"), *out = fopen(argv[3], "r");
  long long a, b, x, y;
  if (fscanf(in, "%lld %lld", &a, &b) != 2 || fscanf(ans, "%lld", &x) != 1) return 2;
  if (fscanf(out, "%lld", &y) != 1) { fprintf(stderr, "没有输出数字"); return 1; }
  return llabs(x - y) <= 1 ? 0 : 1;
}`;

// QDUOJ's convention: spj <input> <user output>; 0 accepts, 1 rejects, anything else fails.
const QDUOJ_SPJ = `#include <cstdio>
int main(int argc, char **argv) {
  FILE *in = fopen(argv[1], "r"), *out = fopen(argv[2], "r");
  long long a, b, y;
  if (argc != 3 || fscanf(in, "%lld %lld", &a, &b) != 2) return 3;
  if (fscanf(out, "%lld", &y) != 1) return 1;
  return y == a + b ? 0 : 1;
}`;

function withChecker(type: 'hustoj' | 'qduoj', source: string): Problem {
  const problem = problemFromCases(
    [
      { input: '1 2\n', answer: type === 'hustoj' ? '3\n' : '' },
      { input: '40 2\n', answer: type === 'hustoj' ? '42\n' : '' },
    ],
    { checker: { type } },
  );
  return { ...problem, checkerSource: source };
}

const PRINT = (delta: number) => `a, b = map(int, input().split())\nprint(a + b + ${delta})\n`;
const judge = (problem: Problem, source: string) =>
  judgeLoaded(problem, { language: 'python', source }, { cacheDir: TEST_CACHE_DIR });

describe('HUSTOJ special judges', () => {
  it('get the input, the answer and the output in HUSTOJ’s order; 0 accepts, anything else rejects', async () => {
    const problem = withChecker('hustoj', HUSTOJ_SPJ);
    expect((await judge(problem, PRINT(1))).verdict).toBe('AC');
    const wrong = await judge(problem, PRINT(5));
    expect(wrong.verdict).toBe('WA');
    const silent = await judge(problem, 'input()\n');
    expect(silent.verdict).toBe('WA');
    expect(silent.cases[0]!.message).toBe('没有输出数字');
  }, 60_000);
});

describe('QDUOJ special judges', () => {
  it('get the input and the output; 0 accepts, 1 rejects, another exit is the checker failing', async () => {
    const problem = withChecker('qduoj', QDUOJ_SPJ);
    expect((await judge(problem, PRINT(0))).verdict).toBe('AC');
    expect((await judge(problem, PRINT(1))).verdict).toBe('WA');
    const broken = withChecker('qduoj', QDUOJ_SPJ.replace('if (argc != 3', 'if (argc != 2'));
    const r = await judge(broken, PRINT(0));
    expect(r.verdict).toBe('SE');
    expect(r.cases[0]!.message).toContain('特判程序失败（退出码 3）');
  }, 60_000);
});
