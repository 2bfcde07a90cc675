/**
 * Fast structural check of the seed content, without compiling or running anything
 * (the full run of the reference and wrong solutions is `npx tsx scripts/verify-problems.ts`).
 */
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkProblemStructure,
  listProblemDirs,
  loadSeedQuestions,
  PROBLEMS_DIR,
  seedQuestionSchema,
} from '../../scripts/seed-structure.ts';

const dirs = listProblemDirs();

describe('seed problems', () => {
  it('has at least 20 problems', () => {
    expect(dirs.length).toBeGreaterThanOrEqual(20);
  });

  it.each(dirs.map((d) => [basename(d), d]))('%s is well-formed', (_slug, dir) => {
    expect(checkProblemStructure(dir).errors).toEqual([]);
  });

  it('covers every difficulty up to hard, each checker kind and subtask scoring', () => {
    const metas = dirs.map((d) => checkProblemStructure(d).problem!.meta);
    expect(new Set(metas.map((m) => m.checker.type))).toEqual(
      new Set(['default', 'float', 'testlib']),
    );
    expect(metas.some((m) => m.scoring.mode === 'subtasks')).toBe(true);
    expect(new Set(metas.map((m) => m.difficulty))).toEqual(new Set(['easy', 'medium', 'hard']));
  });

  it('ships a wrong solution for at least five problems', () => {
    const withWrong = dirs.filter((d) => existsSync(join(d, 'solutions', 'wrong.py')));
    expect(withWrong.length).toBeGreaterThanOrEqual(5);
  });
});

describe('the structure check rejects broken problems', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'xinao-seed-structure-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** A fresh copy of a real seed problem, so every mutation starts from a valid directory. */
  function copyOf(slug: string): string {
    const target = join(scratch, `${slug}-${Math.random().toString(36).slice(2)}`);
    cpSync(join(PROBLEMS_DIR, slug), target, { recursive: true });
    return target;
  }

  it('accepts an untouched copy', () => {
    expect(checkProblemStructure(copyOf('01-a-plus-b')).errors).toEqual([]);
  });

  it('notices a sample that disagrees with the tests', () => {
    const dir = copyOf('01-a-plus-b');
    writeFileSync(join(dir, 'tests', '1.out'), '4\n');
    expect(checkProblemStructure(dir).errors).toContain('样例 1 的输出与 tests/1.out 不一致');
  });

  it('notices a gap in the test numbering', () => {
    const dir = copyOf('01-a-plus-b');
    rmSync(join(dir, 'tests', '3.in'));
    expect(checkProblemStructure(dir).errors.join('\n')).toMatch(/连续/);
  });

  it('notices a missing reference solution and statement section', () => {
    const dir = copyOf('01-a-plus-b');
    rmSync(join(dir, 'solutions', 'ref.py'));
    writeFileSync(join(dir, 'statement.md'), '# A+B\n');
    const errors = checkProblemStructure(dir).errors;
    expect(errors).toContain('缺少 solutions/ref.py');
    expect(errors).toContain('statement.md 缺少「输入格式」一节');
  });

  it('notices subtasks that do not cover every case', () => {
    const dir = copyOf('22-max-subarray');
    rmSync(join(dir, 'tests', '10.in'));
    rmSync(join(dir, 'tests', '10.out'));
    expect(checkProblemStructure(dir).errors.join('\n')).toMatch(/子任务/);
  });
});

describe('seed questions', () => {
  it('has at least 15 well-formed objective questions of every type', () => {
    const questions = loadSeedQuestions();
    expect(questions.length).toBeGreaterThanOrEqual(15);
    expect(new Set(questions.map((q) => q.type))).toEqual(new Set(['single', 'multiple', 'judge']));
    expect(new Set(questions.map((q) => q.title)).size).toBe(questions.length);
  });

  it('rejects answers that do not fit the question type', () => {
    const base = {
      title: '示例',
      options: [
        { label: 'A', text: '甲' },
        { label: 'B', text: '乙' },
      ],
      analysis: '解析',
      difficulty: 'easy',
      tags: ['示例'],
    };
    expect(seedQuestionSchema.safeParse({ ...base, type: 'single', answer: '10' }).success).toBe(
      true,
    );
    expect(seedQuestionSchema.safeParse({ ...base, type: 'single', answer: '11' }).success).toBe(
      false,
    );
    expect(seedQuestionSchema.safeParse({ ...base, type: 'single', answer: '100' }).success).toBe(
      false,
    );
    expect(seedQuestionSchema.safeParse({ ...base, type: 'judge', answer: '10' }).success).toBe(
      false,
    );
  });
});
