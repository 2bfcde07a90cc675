/**
 * The parts of the problem format (docs/problem-format.md) that the question bank's calls carry
 * too: checkers, scoring and subtasks, difficulty. Written once here, zod-only (no file system),
 * so the judge reading a problem directory and the contract validating a question agree.
 */
import { z } from 'zod';

export const DIFFICULTIES = ['easy', 'medium', 'hard', 'extreme'] as const;
export const difficultySchema = z.enum(DIFFICULTIES);

export const checkerSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('default') }),
  z.strictObject({ type: z.literal('strict') }),
  z.strictObject({
    type: z.literal('float'),
    epsilon: z.number().positive().max(1).default(1e-6),
    mode: z.enum(['absolute', 'relative', 'either']).default('either'),
  }),
  z.strictObject({ type: z.literal('testlib') }),
  /**
   * Special judges written for other judges, kept as they are: HUSTOJ's (run as
   * `checker input answer output`, exit 0 accepts) and QDUOJ's (`checker input output`,
   * exit 0 accepts, 1 rejects).
   */
  z.strictObject({ type: z.literal('hustoj') }),
  z.strictObject({ type: z.literal('qduoj') }),
]);

/** Checkers compiled from the problem's checker.cpp. */
export const COMPILED_CHECKERS = ['testlib', 'hustoj', 'qduoj'] as const;
export const isCompiledChecker = (type: string) =>
  (COMPILED_CHECKERS as readonly string[]).includes(type);

/** A file name inside the program's box: no directory, nothing hidden. */
const boxFileName = z
  .string()
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/, '文件名只能含字母、数字、下划线、点和连字符');

/**
 * How the program reads and writes: standard streams, or named files in its working directory
 * (文件输入输出, as CSP/NOIP require: `freopen("sum.in", "r", stdin)`).
 */
export const ioSchema = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('stdio') }),
  z
    .strictObject({ mode: z.literal('file'), input: boxFileName, output: boxFileName })
    .refine((io) => io.input !== io.output, {
      path: ['output'],
      message: '输出文件名不能与输入文件名相同',
    }),
]);
export type ProblemIo = z.infer<typeof ioSchema>;

export const scoringSchema = z.strictObject({ mode: z.enum(['sum', 'subtasks']) });

/** More cases than any problem has; a case number beyond it is a typo, not a case. */
const MAX_CASES = 10_000;
const MAX_SUBTASK_SCORE = 10_000;

export const subtaskSchema = z.strictObject({
  cases: z.array(z.number().int().positive().max(MAX_CASES)).min(1).max(MAX_CASES),
  score: z.number().nonnegative().max(MAX_SUBTASK_SCORE),
  mode: z.enum(['min', 'sum']).default('min'),
});
