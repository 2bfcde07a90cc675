/** Reads and validates a problem directory (docs/problem-format.md). */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { zhCN } from 'zod/locales';
import {
  checkerSchema,
  isCompiledChecker,
  difficultySchema,
  ioSchema,
  scoringSchema,
  subtaskSchema,
} from './problem-format.ts';

export const problemSchema = z
  .object({
    title: z.string().min(1),
    difficulty: difficultySchema.default('easy'),
    timeLimitMs: z.number().int().min(1).max(60_000),
    memoryLimitMiB: z.number().int().min(1).max(4096),
    /** Optional cap on stdout bytes; default 64 MiB. */
    outputLimitMiB: z.number().int().min(1).max(1024).optional(),
    checker: checkerSchema.default({ type: 'default' }),
    io: ioSchema.default({ mode: 'stdio' }),
    /** An interactor (interactor.cpp, testlib) talks to the program; its verdict decides. */
    interactive: z.boolean().default(false),
    scoring: scoringSchema.default({ mode: 'sum' }),
    subtasks: z.array(subtaskSchema).optional(),
    samples: z.array(z.object({ input: z.string(), output: z.string() })).default([]),
    tags: z.array(z.string()).default([]),
    source: z.string().optional(),
  })
  .refine((p) => p.scoring.mode !== 'subtasks' || (p.subtasks?.length ?? 0) > 0, {
    message: 'scoring.mode 为 subtasks 时须给出非空的 subtasks',
  })
  // The interactor is the program's stdin and stdout; there is no file for it to read.
  .refine((p) => !(p.interactive && p.io.mode === 'file'), {
    message: '交互题使用标准输入输出，不能同时设置文件输入输出（io.mode 须为 stdio）',
    path: ['io'],
  });

export type ProblemMeta = z.infer<typeof problemSchema>;

const zhCNErrors = zhCN().localeError;

/**
 * problem.json read by the schema, with zod's own Chinese messages: they reach coaches through
 * the CLI, package imports and a question the judge cannot read.
 */
export const parseProblemMeta = (raw: unknown) =>
  problemSchema.safeParse(raw, { error: zhCNErrors });

/** A refused problem.json as one line, each message after the field it names. */
export const describeProblemIssues = (error: z.ZodError): string =>
  error.issues.map((i) => `${i.path.join('.') || 'problem.json'}：${i.message}`).join('；');

export interface TestCaseFiles {
  index: number;
  input: string;
  answer: string;
}

export interface Problem {
  dir: string;
  meta: ProblemMeta;
  cases: TestCaseFiles[];
  checkerSource?: string;
  interactorSource?: string;
}

export class ProblemFormatError extends Error {
  constructor(dir: string, detail: string) {
    super(`题目目录格式错误（${dir}）：${detail}`);
    this.name = 'ProblemFormatError';
  }
}

export function loadProblem(dir: string): Problem {
  const metaPath = join(dir, 'problem.json');
  if (!existsSync(metaPath)) throw new ProblemFormatError(dir, '缺少 problem.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(metaPath, 'utf8'));
  } catch (e) {
    throw new ProblemFormatError(dir, `problem.json 不是合法 JSON：${(e as Error).message}`);
  }
  const parsed = parseProblemMeta(raw);
  if (!parsed.success) throw new ProblemFormatError(dir, describeProblemIssues(parsed.error));
  const meta = parsed.data;
  const cases = listCases(dir);
  for (const [k, st] of (meta.subtasks ?? []).entries()) {
    for (const c of st.cases) {
      if (c > cases.length)
        throw new ProblemFormatError(dir, `子任务 ${k + 1} 引用了不存在的测试点 ${c}`);
    }
  }
  let checkerSource: string | undefined;
  if (isCompiledChecker(meta.checker.type)) {
    const p = join(dir, 'checker.cpp');
    if (!existsSync(p))
      throw new ProblemFormatError(dir, `checker.type 为 ${meta.checker.type} 但缺少 checker.cpp`);
    checkerSource = readFileSync(p, 'utf8');
  }
  let interactorSource: string | undefined;
  if (meta.interactive) {
    const p = join(dir, 'interactor.cpp');
    if (!existsSync(p))
      throw new ProblemFormatError(dir, 'interactive 为 true 但缺少 interactor.cpp');
    interactorSource = readFileSync(p, 'utf8');
  }
  return { dir, meta, cases, checkerSource, interactorSource };
}

function listCases(dir: string): TestCaseFiles[] {
  const testsDir = join(dir, 'tests');
  if (!existsSync(testsDir)) throw new ProblemFormatError(dir, '缺少 tests/ 目录');
  const names = new Set(readdirSync(testsDir));
  const cases: TestCaseFiles[] = [];
  for (let i = 1; names.has(`${i}.in`); i++) {
    if (!names.has(`${i}.out`)) throw new ProblemFormatError(dir, `测试点 ${i} 缺少 ${i}.out`);
    cases.push({ index: i, input: join(testsDir, `${i}.in`), answer: join(testsDir, `${i}.out`) });
  }
  const stray = [...names].filter(
    (n) => /^\d+\.(in|out)$/.test(n) && Number(n.split('.')[0]) > cases.length,
  );
  if (stray.length > 0)
    throw new ProblemFormatError(dir, `测试点编号须从 1 连续：多余 ${stray.join(', ')}`);
  if (cases.length === 0) throw new ProblemFormatError(dir, 'tests/ 中没有测试点（1.in/1.out）');
  return cases;
}
