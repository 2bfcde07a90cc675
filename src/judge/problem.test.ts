import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadProblem } from './problem.ts';
import { FIXTURES, dataDir, removeDataDirs } from './test-support.ts';

afterAll(removeDataDirs);

function problemDir(meta: object, cases: number[]): string {
  const dir = dataDir();
  writeFileSync(join(dir, 'problem.json'), JSON.stringify(meta));
  mkdirSync(join(dir, 'tests'));
  for (const i of cases) {
    writeFileSync(join(dir, 'tests', `${i}.in`), '');
    writeFileSync(join(dir, 'tests', `${i}.out`), '');
  }
  return dir;
}

const base = { title: 't', timeLimitMs: 1000, memoryLimitMiB: 64 };

describe('loadProblem', () => {
  it('reads the fixtures with defaults applied', () => {
    const p = loadProblem(join(FIXTURES, 'aplusb'));
    expect(p.cases.map((c) => c.index)).toEqual([1, 2, 3]);
    expect(p.meta.checker).toEqual({ type: 'default' });
    const f = loadProblem(join(FIXTURES, 'float'));
    expect(f.meta.checker).toEqual({ type: 'float', epsilon: 1e-6, mode: 'either' });
    expect(loadProblem(join(FIXTURES, 'testlib')).checkerSource).toContain('registerTestlibCmd');
  });

  it('rejects gaps in case numbering, missing answers and bad subtasks', () => {
    expect(() => loadProblem(problemDir(base, [1, 3]))).toThrow(/连续/);
    const noOut = problemDir(base, [1]);
    writeFileSync(join(noOut, 'tests', '2.in'), '');
    expect(() => loadProblem(noOut)).toThrow(/2\.out/);
    expect(() =>
      loadProblem(
        problemDir(
          { ...base, scoring: { mode: 'subtasks' }, subtasks: [{ cases: [1, 5], score: 100 }] },
          [1, 2],
        ),
      ),
    ).toThrow(/测试点 5/);
    expect(() => loadProblem(problemDir({ ...base, scoring: { mode: 'subtasks' } }, [1]))).toThrow(
      /subtasks/,
    );
    expect(() => loadProblem(problemDir({ ...base, checker: { type: 'testlib' } }, [1]))).toThrow(
      /checker\.cpp/,
    );
    expect(() => loadProblem(problemDir({ title: 't' }, [1]))).toThrow(/timeLimitMs/);
  });

  it('takes an interactor for an interactive problem, and refuses file I/O beside it', () => {
    const dir = problemDir({ ...base, interactive: true }, [1]);
    expect(() => loadProblem(dir)).toThrow(/interactor\.cpp/);
    writeFileSync(join(dir, 'interactor.cpp'), '// interactor');
    expect(loadProblem(dir).interactorSource).toBe('// interactor');
    const both = problemDir(
      { ...base, interactive: true, io: { mode: 'file', input: 'a.in', output: 'a.out' } },
      [1],
    );
    writeFileSync(join(both, 'interactor.cpp'), '// interactor');
    expect(() => loadProblem(both)).toThrow(/交互题使用标准输入输出/);
  });
});
