import { afterEach, describe, expect, it } from 'vitest';
import { statfsSync } from 'node:fs';
import { fileIoRoot } from './file-io.ts';
import { judgeLoaded } from './judge.ts';
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

const fileProblem = () =>
  problemFromCases(
    [
      { input: '1 2\n', answer: '3\n' },
      { input: '40 2\n', answer: '42\n' },
    ],
    { io: { mode: 'file', input: 'sum.in', output: 'sum.out' } },
  );
const judge = (language: string, source: string) =>
  judgeLoaded(fileProblem(), { language, source }, { cacheDir: TEST_CACHE_DIR });

describe('file input and output (文件输入输出)', () => {
  it('AC for a program that reads sum.in and writes sum.out with freopen', async () => {
    const r = await judge(
      'cpp',
      `#include <cstdio>
int main(){freopen("sum.in","r",stdin);freopen("sum.out","w",stdout);
long long a,b;scanf("%lld%lld",&a,&b);printf("%lld\\n",a+b);}`,
    );
    expect(r.verdict).toBe('AC');
    expect(r.score).toBe(100);
  }, 60_000);

  it('AC in Python opening the files by name', async () => {
    const r = await judge(
      'python',
      `with open('sum.in') as f:\n    a, b = map(int, f.read().split())\nwith open('sum.out', 'w') as f:\n    print(a + b, file=f)\n`,
    );
    expect(r.verdict).toBe('AC');
  }, 60_000);

  it('WA for a program that writes to stdout only, saying the file is missing', async () => {
    const r = await judge(
      'cpp',
      `#include <cstdio>
int main(){freopen("sum.in","r",stdin);long long a,b;scanf("%lld%lld",&a,&b);printf("%lld\\n",a+b);}`,
    );
    expect(r.verdict).toBe('WA');
    expect(r.cases[0]!.message).toBe('没有生成输出文件 sum.out');
    // What it printed is kept for the learner to compare.
    expect(r.failingOutput?.stdout).toBe('3\n');
  }, 60_000);

  it('reads no host file through a link the program made as its output', async () => {
    const r = await judge(
      'cpp',
      `#include <unistd.h>
#include <sys/stat.h>
int main(){symlink("/etc/hostname","sum.out");mkfifo("x",0644);return 0;}`,
    );
    expect(r.verdict).toBe('WA');
    expect(r.cases[0]!.message).toBe('输出文件 sum.out 是一个链接，不是普通文件');
  }, 60_000);

  it('does not block on a FIFO left as the output', async () => {
    const r = await judge('cpp', `#include <sys/stat.h>\nint main(){mkfifo("sum.out",0644);}`);
    expect(r.verdict).toBe('WA');
    expect(r.cases[0]!.message).toBe('输出文件 sum.out 不是普通文件');
  }, 60_000);
});

describe('what a file-I/O program may leave behind', () => {
  it('is held by its memory limit on the judge’s tmpfs, never the host disk: MLE', async () => {
    const problem = problemFromCases([{ input: '1 2\n', answer: '3\n' }], {
      io: { mode: 'file', input: 'sum.in', output: 'sum.out' },
      memoryLimitMiB: 64,
      timeLimitMs: 3000,
    });
    // 40 files of 8 MiB: 320 MiB, five times the memory limit.
    const r = await judgeLoaded(
      problem,
      {
        language: 'cpp',
        source: `#include <cstdio>
#include <vector>
int main(){std::vector<char> block(8<<20,'x');char name[32];
for(int i=0;i<40;i++){std::snprintf(name,sizeof name,"f%d",i);FILE*f=std::fopen(name,"w");
if(!f)return 3;std::fwrite(block.data(),1,block.size(),f);std::fclose(f);}return 0;}`,
      },
      { cacheDir: TEST_CACHE_DIR },
    );
    expect(r.verdict).toBe('MLE');
    expect(statfsSync(fileIoRoot(TEST_CACHE_DIR)).type).toBe(0x01021994);
  }, 60_000);
});
