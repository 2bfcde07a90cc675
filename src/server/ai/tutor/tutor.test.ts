/**
 * The built-in tutor against real diagnostics: small broken programs are compiled with the
 * judge's g++ and run with its python3 here, and the tutor must explain what they print.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GXX, PYTHON } from '../../../judge/languages.ts';
import { countTokens } from '../tokens.ts';
import { parseGccOutput } from './gcc.ts';
import { builtinExceptionOf, parsePythonTraceback } from './python.ts';
import { tutorReply, pieces, type TutorAnswer, type TutorInput } from './tutor.ts';
import { compareOutputs, largestBound, loopDepth, mleFindings, tleFindings } from './verdict.ts';

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ai-tutor-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What g++ prints for `source` (as the judge compiles it: an absolute path to main.cpp). */
async function gxx(source: string): Promise<string> {
  const file = path.join(dir, 'main.cpp');
  await writeFile(file, source);
  try {
    await run(GXX, ['-O2', '-std=c++17', file, '-o', path.join(dir, 'main')], { cwd: dir });
    return '';
  } catch (err) {
    return (err as { stderr: string }).stderr;
  }
}

/** What python3 prints to stderr running `source` on `input`. */
async function python(source: string, input = ''): Promise<string> {
  const file = path.join(dir, 'main.py');
  await writeFile(file, source);
  return new Promise((resolve) => {
    const child = execFile(PYTHON, ['main.py'], { cwd: dir }, (_err, _out, stderr) =>
      resolve(stderr),
    );
    child.stdin!.end(input);
  });
}

const answer = (over: Partial<TutorAnswer>): TutorAnswer => ({
  id: 1,
  language: 'cpp',
  source: '',
  verdict: 'WA',
  compileOutput: '',
  timeMs: 10,
  memoryKiB: 1000,
  failing: null,
  casesPassed: 0,
  casesRun: 1,
  ...over,
});
const ask = (a: TutorAnswer, text = '为什么没通过？', tags: string[] = []): string =>
  tutorReply({
    scene: 'question',
    question: {
      title: 'A+B',
      statement: '输入两个整数 a, b（|a|,|b| ≤ 10^9），输出 a+b。n ≤ 2×10^5',
      tags,
      timeLimitMs: 1000,
      memoryLimitMib: 256,
    },
    answer: a,
    text,
  } satisfies TutorInput);

describe('g++ diagnostics', () => {
  it('explains an undeclared name, a missing semicolon and a stream of a vector, quoting the lines', async () => {
    const source = [
      '#include <bits/stdc++.h>',
      'using namespace std;',
      'int main() {',
      '  int n',
      '  cin >> n;',
      '  cout << total << endl;',
      '  vector<int> v;',
      '  cout << v;',
      '}',
    ].join('\n');
    const output = await gxx(source);
    const report = parseGccOutput(output);
    expect(report.diagnostics.map((d) => d.line)).toEqual(expect.arrayContaining([5, 6, 8]));
    const reply = ask(answer({ verdict: 'CE', source, compileOutput: output }));
    expect(reply).toContain('编译错误（CE）');
    expect(reply).toContain('分号');
    expect(reply).toContain('`total` 没有声明');
    expect(reply).toContain('cout << total << endl;');
    expect(reply).toContain('不能直接输出整个 vector');
  }, 30_000);

  it('explains a program without main from the linker’s message', async () => {
    const source = 'int mian() { return 0; }\n';
    const output = await gxx(source);
    expect(parseGccOutput(output).missingMain).toBe(true);
    expect(ask(answer({ verdict: 'CE', source, compileOutput: output }))).toContain(
      '找不到 `main`',
    );
  }, 30_000);

  it('names a missing header for a standard name', async () => {
    const source = 'int main() { int a = max(1, 2); return a; }\n';
    const output = await gxx(source);
    expect(ask(answer({ verdict: 'CE', source, compileOutput: output }))).toContain('<algorithm>');
  }, 30_000);
});

describe('python tracebacks', () => {
  it('reads int(input()) given several numbers on a line', async () => {
    const source = 'n = int(input())\nprint(n)\n';
    const stderr = await python(source, '1 2\n');
    const e = parsePythonTraceback(stderr);
    expect(e).toMatchObject({ type: 'ValueError', line: 1, code: 'n = int(input())' });
    const reply = ask(
      answer({
        verdict: 'RE',
        language: 'python',
        source,
        failing: {
          index: 1,
          verdict: 'RE',
          message: null,
          input: '1 2\n',
          expected: '3\n',
          got: '',
          stderr,
          exception: 'ValueError',
          truncated: false,
        },
      }),
    );
    expect(reply).toContain('map(int, input().split())');
    expect(reply).toContain('第 1 行');
  });

  it('reads IndentationError, NameError, IndexError and RecursionError', async () => {
    expect(parsePythonTraceback(await python('if 1:\nprint(1)\n'))?.type).toBe('IndentationError');
    expect(parsePythonTraceback(await python('print(x)\n'))).toMatchObject({
      type: 'NameError',
      line: 1,
    });
    expect(parsePythonTraceback(await python('a = [1]\nprint(a[3])\n'))).toMatchObject({
      type: 'IndexError',
      line: 2,
    });
    const deep = await python('def f(n):\n    return f(n + 1)\nf(0)\n');
    const e = parsePythonTraceback(deep)!;
    expect(e.type).toBe('RecursionError');
    expect(
      ask(
        answer({
          verdict: 'RE',
          language: 'python',
          failing: {
            index: 2,
            verdict: 'RE',
            message: null,
            input: null,
            expected: null,
            got: null,
            stderr: '',
            exception: 'RecursionError',
            truncated: false,
          },
        }),
      ),
    ).toContain('setrecursionlimit');
  });

  it('names a hidden case’s exception and never says its message, line or output', async () => {
    // The program raises its input: on a hidden case that is the case's data.
    const source = 'import sys\nraise RuntimeError("SECRET[" + sys.stdin.read() + "]")\n';
    const stderr = await python(source, '7 8\n');
    expect(stderr).toContain('SECRET[7 8');
    expect(builtinExceptionOf(stderr)).toBe('RuntimeError');
    const failing = {
      index: 2,
      verdict: 'RE',
      message: null,
      expected: null,
      got: null,
      exception: 'RuntimeError',
      truncated: false,
    };
    // Even were its stderr passed along, a hidden case (input null) says only the name.
    const hidden = ask(
      answer({
        verdict: 'RE',
        language: 'python',
        source,
        failing: { ...failing, input: null, stderr },
      }),
    );
    expect(hidden).toContain('RuntimeError');
    expect(hidden).toContain('不可见');
    expect(hidden).not.toContain('SECRET');
    expect(hidden).not.toContain('7 8');
    expect(hidden).not.toContain('第 2 行');
    // A visible case is the learner's: the message is quoted.
    const shown = ask(
      answer({
        verdict: 'RE',
        language: 'python',
        source,
        failing: { ...failing, input: '7 8\n', stderr },
      }),
    );
    expect(shown).toContain('SECRET[7 8');
  });

  it('gives only built-in exception names, not one a program made up at run time', async () => {
    const stderr = await python(
      'import sys\nE = type("X" + sys.stdin.read().strip() + "Error", (Exception,), {})\nraise E()\n',
      '123\n',
    );
    expect(parsePythonTraceback(stderr)?.type).toContain('X123Error');
    expect(builtinExceptionOf(stderr)).toBeNull();
  });
});

describe('wrong answers', () => {
  it('finds the first different line, overflow and formatting differences', () => {
    expect(compareOutputs('3000000000\n', '-1294967296\n').join()).toContain('long long');
    expect(compareOutputs('1 2 3\n', '1 2  3\n').join()).toContain('空格或换行');
    expect(compareOutputs('1\n2\n', '1\n').join()).toContain('少输出了 1 行');
    expect(compareOutputs('1\n', '1\n2\n').join()).toContain('多输出了 1 行');
    expect(compareOutputs('3.14\n', '3.1416\n').join()).toContain('小数位数');
    expect(compareOutputs('5\n', '').join()).toContain('没有输出');
    expect(compareOutputs('1\n', '1   \n\n')).toEqual([]);
  });

  it('says a hidden case is hidden and shows none of its data', () => {
    const reply = ask(
      answer({
        verdict: 'WA',
        failing: {
          index: 3,
          verdict: 'WA',
          message: null,
          input: null,
          expected: null,
          got: null,
          stderr: '',
          exception: null,
          truncated: false,
        },
      }),
    );
    expect(reply).toContain('第 3 个测试点');
    expect(reply).toContain('不可见');
    expect(reply).not.toContain('期望输出');
  });
});

describe('time and memory', () => {
  it('reads nested loops against the statement’s bounds, and slow cin', () => {
    const source =
      'int main(){int n;cin>>n;for(int i=0;i<n;i++){for(int j=0;j<n;j++) s++;}\nwhile(true){}}';
    expect(loopDepth(source, 'cpp')).toBe(2);
    expect(
      loopDepth('for i in range(n):\n    for j in range(n):\n        s += 1\n', 'python'),
    ).toBe(2);
    expect(largestBound('n ≤ 2×10^5，a_i ≤ 1e9')).toBe(1e9);
    const found = tleFindings({ language: 'cpp', source }, 'n ≤ 10^5', 1000).join('\n');
    expect(found).toContain('2 层嵌套循环');
    expect(found).toContain('死循环');
    expect(found).toContain('sync_with_stdio');
  });

  it('sizes a big global array', () => {
    const source = 'const int N = 1e4 + 5;\nlong long f[N][N];\nint main(){}';
    expect(mleFindings({ language: 'cpp', source }, 256).join()).toMatch(/76\d MiB/);
  });
});

describe('the general answer and the pieces', () => {
  it('is honest about what it is and how a school connects a model', () => {
    const reply = tutorReply({ scene: 'general', question: null, answer: null, text: '你好' });
    expect(reply).toContain('不是大语言模型');
    expect(reply).toContain('AI_BASE_URL');
  });

  it('gives hints from the tags', () => {
    expect(ask(answer({ verdict: 'WA' }), '为什么错', ['动态规划'])).toContain('状态');
  });

  it('cuts a reply into pieces that join back into it, never splitting a character', () => {
    const text = '你好😀，world! 测试';
    const parts = pieces(text, 3);
    expect(parts.join('')).toBe(text);
    expect(parts.every((p) => !/[\uD800-\uDBFF]$/.test(p))).toBe(true);
  });
});

describe('the token count', () => {
  it('counts CJK characters, words and punctuation runs; whitespace is free', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('   \n')).toBe(0);
    expect(countTokens('你好')).toBe(2);
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('a[i]+=1;')).toBe(6);
    expect(countTokens('你好，world! int a[10];')).toBe(10);
  });
});
