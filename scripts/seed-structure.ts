/**
 * Structural checks for the seed content (seed/problems/* and seed/questions.json) that need no
 * compiler: shared by the fast unit test and by scripts/verify-problems.ts, which adds the real runs.
 * problem.json itself is validated by the judge's own loader, so the seed is checked against exactly
 * the format the judge reads.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { loadProblem, type Problem } from '../src/judge/problem.ts';

export const SEED_DIR = new URL('../seed/', import.meta.url).pathname;
export const PROBLEMS_DIR = join(SEED_DIR, 'problems');
export const QUESTIONS_FILE = join(SEED_DIR, 'questions.json');

/** Limits the seed keeps so that it stays small enough to ship in the repository. */
export const SEED_LIMITS = {
  minCases: 8,
  maxCases: 12,
  maxTestFileBytes: 1024 * 1024,
};

const REQUIRED_FILES = [
  'problem.json',
  'statement.md',
  'gen.py',
  'solutions/ref.cpp',
  'solutions/ref.py',
];
const STATEMENT_SECTIONS = [
  '## 题目描述',
  '## 输入格式',
  '## 输出格式',
  '## 样例',
  '## 数据范围与提示',
];

/** Problem directories in seed order (the numeric prefix of the slug gives the order). */
export function listProblemDirs(root = PROBLEMS_DIR): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((name) => join(root, name));
}

export interface StructureReport {
  dir: string;
  /** Present when the judge's loader accepted the directory. */
  problem?: Problem;
  errors: string[];
}

/** Every structural rule of one problem directory; an empty `errors` means it is well-formed. */
export function checkProblemStructure(dir: string): StructureReport {
  const errors: string[] = [];
  for (const file of REQUIRED_FILES) {
    if (!existsSync(join(dir, file))) errors.push(`缺少 ${file}`);
  }
  let problem: Problem;
  try {
    problem = loadProblem(dir);
  } catch (e) {
    errors.push((e as Error).message);
    return { dir, errors };
  }
  const { meta, cases } = problem;

  if (cases.length < SEED_LIMITS.minCases || cases.length > SEED_LIMITS.maxCases) {
    errors.push(
      `测试点数量 ${cases.length} 不在 ${SEED_LIMITS.minCases}~${SEED_LIMITS.maxCases} 之间`,
    );
  }
  const strayTests = readdirSync(join(dir, 'tests')).filter((n) => !/^[1-9]\d*\.(in|out)$/.test(n));
  if (strayTests.length > 0) errors.push(`tests/ 中有多余文件：${strayTests.join(', ')}`);
  for (const c of cases) {
    for (const file of [c.input, c.answer]) {
      if (statSync(file).size >= SEED_LIMITS.maxTestFileBytes) errors.push(`${file} 超过 1 MiB`);
    }
  }

  if (meta.samples.length === 0) errors.push('没有样例');
  // gen.py writes the samples as the first tests, with answers computed by ref.py: equality here
  // proves that the hand-written sample output in problem.json is what the reference prints.
  meta.samples.forEach((sample, k) => {
    const c = cases[k];
    if (!c) return;
    if (readFileSync(c.input, 'utf8') !== sample.input) {
      errors.push(`样例 ${k + 1} 的输入与 tests/${k + 1}.in 不一致`);
    }
    if (readFileSync(c.answer, 'utf8') !== sample.output) {
      errors.push(`样例 ${k + 1} 的输出与 tests/${k + 1}.out 不一致`);
    }
  });

  const statement = existsSync(join(dir, 'statement.md'))
    ? readFileSync(join(dir, 'statement.md'), 'utf8')
    : '';
  for (const section of STATEMENT_SECTIONS) {
    if (!statement.includes(section)) errors.push(`statement.md 缺少「${section.slice(3)}」一节`);
  }
  meta.samples.forEach((sample, k) => {
    for (const [what, text] of [
      ['输入', sample.input],
      ['输出', sample.output],
    ] as const) {
      if (!statement.includes('```\n' + text)) {
        errors.push(`statement.md 中找不到样例 ${k + 1} 的${what}`);
      }
    }
  });

  const hasChecker = existsSync(join(dir, 'checker.cpp'));
  if (hasChecker !== (meta.checker.type === 'testlib')) {
    errors.push('checker.cpp 应当且仅当 checker.type 为 testlib 时存在');
  }

  if (meta.scoring.mode === 'subtasks') {
    const subtasks = meta.subtasks ?? [];
    const total = subtasks.reduce((sum, s) => sum + s.score, 0);
    if (total !== 100) errors.push(`子任务总分为 ${total}，应为 100`);
    const covered = subtasks.flatMap((s) => s.cases).sort((a, b) => a - b);
    const expected = cases.map((c) => c.index);
    if (covered.join(',') !== expected.join(',')) {
      errors.push('子任务应不重不漏地覆盖全部测试点');
    }
  } else if (meta.subtasks !== undefined) {
    errors.push('scoring.mode 不是 subtasks 却给出了 subtasks');
  }
  if (meta.tags.length === 0) errors.push('没有标签');
  if (meta.source !== '原创') errors.push('source 应为「原创」');
  return { dir, problem, errors };
}

const optionSchema = z.object({ label: z.string().regex(/^[A-D]$/), text: z.string().min(1) });

/**
 * An objective question of the seed bank (answer flags map to options A–D:
 * docs/product-rules.md#answers-and-labels).
 */
export const seedQuestionSchema = z
  .object({
    type: z.enum(['single', 'multiple', 'judge']),
    title: z.string().min(1),
    options: z.array(optionSchema).min(2).max(4),
    answer: z.string().regex(/^[01]+$/),
    analysis: z.string().min(1),
    difficulty: z.enum(['easy', 'medium', 'hard', 'extreme']),
    tags: z.array(z.string().min(1)).min(1),
  })
  .superRefine((q, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (q.answer.length !== q.options.length) issue('answer 的位数应与选项个数相同');
    q.options.forEach((o, i) => {
      if (o.label !== 'ABCD'[i]) issue(`第 ${i + 1} 个选项的 label 应为 ${'ABCD'[i]}`);
    });
    const chosen = [...q.answer].filter((f) => f === '1').length;
    if (q.type === 'single' && chosen !== 1) issue('单选题应恰有一个正确选项');
    if (q.type === 'multiple' && chosen < 2) issue('多选题应至少有两个正确选项');
    if (q.type === 'judge') {
      if (q.options.map((o) => o.text).join('/') !== '正确/错误') {
        issue('判断题的选项应为「正确」「错误」');
      }
      if (chosen !== 1) issue('判断题应恰有一个正确选项');
    }
  });

export type SeedQuestion = z.infer<typeof seedQuestionSchema>;

/** Parses seed/questions.json; throws with every issue listed when it is malformed. */
export function loadSeedQuestions(file = QUESTIONS_FILE): SeedQuestion[] {
  const parsed = z.array(seedQuestionSchema).safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(
      parsed.error.issues.map((i) => `questions[${i.path.join('.')}]: ${i.message}`).join('\n'),
    );
  }
  return parsed.data;
}
