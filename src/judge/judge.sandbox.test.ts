import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { judgeProblem, runOnce } from './judge.ts';
import type { JudgeProgress } from './types.ts';
import {
  AB_CPP,
  AB_PY,
  FIXTURES,
  TEST_CACHE_DIR,
  judgeOne,
  leftoverCgroups,
  leftoverWorkDirs,
  registerSandboxHooks,
} from './test-support.ts';

registerSandboxHooks();

const opts = { cacheDir: TEST_CACHE_DIR };

afterEach(() => {
  expect(leftoverCgroups()).toEqual([]);
  expect(leftoverWorkDirs()).toEqual([]);
});

describe('verdicts, C++', () => {
  it('AC on the A+B fixture with progress events', async () => {
    const events: JudgeProgress[] = [];
    const r = await judgeProblem(
      join(FIXTURES, 'aplusb'),
      { language: 'cpp', source: AB_CPP },
      { ...opts, onProgress: (p) => events.push(p) },
    );
    expect(r.verdict).toBe('AC');
    expect(r.score).toBe(100);
    expect(r.cases.map((c) => c.verdict)).toEqual(['AC', 'AC', 'AC']);
    expect(r.cases[0]!.memoryKiB).toBeGreaterThan(0);
    expect(events.map((e) => e.phase)).toEqual([
      'compiling',
      'running',
      'running',
      'running',
      'done',
    ]);
    expect(events[2]).toEqual({ phase: 'running', case: 2, of: 3 });
  }, 60_000);

  it('WA when int overflows on one case, with partial score', async () => {
    const src = '#include <cstdio>\nint main(){int a,b;scanf("%d%d",&a,&b);printf("%d\\n",a+b);}\n';
    const r = await judgeProblem(join(FIXTURES, 'aplusb'), { language: 'cpp', source: src }, opts);
    expect(r.verdict).toBe('WA');
    expect(r.cases.map((c) => c.verdict)).toEqual(['AC', 'AC', 'WA']);
    expect(r.score).toBeCloseTo(66.67, 2);
    expect(r.cases[2]!.message).toContain('第 1 行不同');
  });

  it('TLE on an infinite loop', async () => {
    const r = await judgeOne('cpp', 'int main(){volatile int x=0;for(;;)x++;}', '', '', {
      timeLimitMs: 300,
    });
    expect(r.verdict).toBe('TLE');
    expect(r.cases[0]!.timeMs).toBeGreaterThanOrEqual(300);
  });

  it('TLE by wall clock when sleeping', async () => {
    const r = await judgeOne('cpp', '#include <unistd.h>\nint main(){sleep(30);}', '', '', {
      timeLimitMs: 200,
    });
    expect(r.verdict).toBe('TLE');
    expect(r.cases[0]!.message).toContain('墙钟');
  });

  it('MLE when touching more than the limit', async () => {
    const src =
      '#include <cstdio>\n#include <vector>\nint main(){std::vector<char> v(200<<20, 1);long s=0;for(size_t i=0;i<v.size();i+=4096)s+=v[i];printf("%ld\\n",s);}';
    const r = await judgeOne('cpp', src, '', '', { memoryLimitMiB: 64 });
    expect(r.verdict).toBe('MLE');
  });

  it('RE on a segfault and on a non-zero exit', async () => {
    const seg = await judgeOne('cpp', 'int main(){volatile int*p=nullptr;*p=1;}', '', '');
    expect(seg.verdict).toBe('RE');
    expect(seg.cases[0]!.message).toContain('SIGSEGV');
    const exit3 = await judgeOne('cpp', 'int main(){return 3;}', '', '');
    expect(exit3.verdict).toBe('RE');
    expect(exit3.cases[0]!.message).toContain('退出码 3');
  });

  it('deep recursion runs: the stack limit equals the memory limit', async () => {
    // 32 MiB of recursion on a 256 MiB limit: stack = memory limit, so deep recursion is fine.
    const src =
      '#include <cstdio>\nint f(int n){volatile char b[1024];b[0]=1;return n?f(n-1)+b[0]:0;}\nint main(){printf("%d\\n",f(32000));}';
    const r = await judgeOne('cpp', src, '', '32000\n', { memoryLimitMiB: 256 });
    expect(r.verdict).toBe('AC');
  });

  it('CE with the compiler message', async () => {
    const r = await judgeOne('cpp', 'int main(){ return x; }', '', '');
    expect(r.verdict).toBe('CE');
    expect(r.compileOutput).toMatch(/x.{1,3}was not declared/);
    expect(r.cases).toEqual([]);
  });

  it('OLE on output beyond the limit', async () => {
    const src = '#include <cstdio>\nint main(){for(int i=0;i<(4<<20);i++)fputs("ab",stdout);}';
    const r = await judgeOne('cpp', src, '', '', { outputLimitMiB: 1 });
    expect(r.verdict).toBe('OLE');
  });
});

describe('C++ standard variants', () => {
  it('cpp20 accepts C++20 code that cpp (C++17) rejects', async () => {
    const src =
      '#include <bits/stdc++.h>\nint main(){std::vector<int> v{3,1,2};std::ranges::sort(v);std::cout<<v[0]<<"\\n";}';
    expect((await judgeOne('cpp20', src, '', '1\n')).verdict).toBe('AC');
    expect((await judgeOne('cpp', src, '', '1\n')).verdict).toBe('CE');
  }, 60_000);
});

describe('verdicts, Python', () => {
  it('AC and WA on the A+B fixture', async () => {
    const ac = await judgeProblem(
      join(FIXTURES, 'aplusb'),
      { language: 'python', source: AB_PY },
      opts,
    );
    expect(ac.verdict).toBe('AC');
    const wa = await judgeProblem(
      join(FIXTURES, 'aplusb'),
      { language: 'python', source: 'a, b = map(int, input().split())\nprint(a - b)\n' },
      opts,
    );
    expect(wa.verdict).toBe('WA');
  });

  it('TLE, MLE, RE, CE, OLE', async () => {
    expect(
      (await judgeOne('python', 'while True: pass\n', '', '', { timeLimitMs: 300 })).verdict,
    ).toBe('TLE');
    expect(
      (await judgeOne('python', 'x = bytearray(300 << 20)\nprint(len(x))\n', '', '')).verdict,
    ).toBe('MLE');
    const re = await judgeOne('python', 'raise ValueError("boom")\n', '', '');
    expect(re.verdict).toBe('RE');
    expect(re.cases[0]!.message).toContain('退出码 1');
    const ce = await judgeOne('python', 'def f(:\n  pass\n', '', '');
    expect(ce.verdict).toBe('CE');
    expect(ce.compileOutput).toContain('SyntaxError');
    const ole = await judgeOne(
      'python',
      'import sys\nwhile True: sys.stdout.write("y" * 4096)\n',
      '',
      '',
      {
        outputLimitMiB: 1,
      },
    );
    expect(ole.verdict).toBe('OLE');
  });

  it('OLE when a file write hits RLIMIT_FSIZE (CPython ignores SIGXFSZ and exits 1)', async () => {
    const src = 'with open("/tmp/big", "wb") as f:\n    f.write(b"x" * (3 << 20))\n';
    const r = await judgeOne('python', src, '', '', { outputLimitMiB: 1 });
    expect(r.verdict).toBe('OLE');
  });
});

describe('checkers and scoring', () => {
  it('subtasks: min is all-or-nothing, sum is proportional', async () => {
    // Correct only while n*n fits in int: cases 1-3 pass, case 4 (n = 200000) overflows.
    const src = '#include <cstdio>\nint main(){int n;scanf("%d",&n);printf("%d\\n",n*n);}';
    const r = await judgeProblem(
      join(FIXTURES, 'subtasks'),
      { language: 'cpp', source: src },
      opts,
    );
    expect(r.cases.map((c) => c.verdict)).toEqual(['AC', 'AC', 'WA', 'WA']);
    expect(r.subtasks?.map((s) => s.score)).toEqual([40, 0]);
    expect(r.score).toBe(40);
    expect(r.maxScore).toBe(100);

    const good =
      '#include <cstdio>\nint main(){long long n;scanf("%lld",&n);printf("%lld\\n",n*n);}';
    const all = await judgeProblem(
      join(FIXTURES, 'subtasks'),
      { language: 'cpp', source: good },
      opts,
    );
    expect(all.score).toBe(100);

    const half = 'n = int(input())\nprint(n * n if n != 200000 else 0)\n';
    const h = await judgeProblem(
      join(FIXTURES, 'subtasks'),
      { language: 'python', source: half },
      opts,
    );
    expect(h.subtasks?.map((s) => s.score)).toEqual([40, 30]);
    expect(h.score).toBe(70);
  });

  it('float checker accepts within epsilon and rejects beyond', async () => {
    const ok = 'import math\nr = int(input())\nprint("%.9f" % (math.pi * r * r))\n';
    const bad = 'r = int(input())\nprint("%.9f" % (3.14 * r * r))\n';
    const dir = join(FIXTURES, 'float');
    expect((await judgeProblem(dir, { language: 'python', source: ok }, opts)).verdict).toBe('AC');
    expect((await judgeProblem(dir, { language: 'python', source: bad }, opts)).verdict).toBe('WA');
  });

  it('testlib checker: OK, WA, PE and points', async () => {
    const dir = join(FIXTURES, 'testlib');
    const run = (source: string) => judgeProblem(dir, { language: 'python', source }, opts);
    const ok = await run('n = int(input())\nprint(n, 0)\n');
    expect(ok.verdict).toBe('AC');
    expect(ok.score).toBe(100);
    const wa = await run('n = int(input())\nprint(n, 1)\n');
    expect(wa.verdict).toBe('WA');
    expect(wa.cases[0]!.message).toContain('!=');
    const pe = await run('n = int(input())\nprint(n, 0, 5)\n');
    expect(pe.verdict).toBe('WA');
    expect(pe.cases[0]!.message).toContain('格式错误');
    const half = await run('print(-1)\n');
    expect(half.verdict).toBe('WA');
    expect(half.score).toBe(50);
  }, 60_000);
});

describe('runOnce', () => {
  it('returns stdout, stderr, time and memory for custom input', async () => {
    const src =
      'import sys\na, b = map(int, input().split())\nprint(a * b)\nprint("dbg", file=sys.stderr)\n';
    const r = await runOnce(
      { language: 'python', source: src },
      '6 7\n',
      { timeLimitMs: 1000, memoryLimitMiB: 64 },
      opts,
    );
    expect(r).toMatchObject({ verdict: 'AC', stdout: '42\n', stderr: 'dbg\n', exitCode: 0 });
    expect(r.memoryKiB).toBeGreaterThan(0);
  });

  it('reports CE and TLE', async () => {
    const ce = await runOnce(
      { language: 'cpp', source: 'nope' },
      '',
      { timeLimitMs: 500, memoryLimitMiB: 64 },
      opts,
    );
    expect(ce.verdict).toBe('CE');
    const tle = await runOnce(
      { language: 'cpp', source: 'int main(){for(;;);}' },
      '',
      { timeLimitMs: 200, memoryLimitMiB: 64 },
      opts,
    );
    expect(tle.verdict).toBe('TLE');
  });
});
