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
]);

export const scoringSchema = z.strictObject({ mode: z.enum(['sum', 'subtasks']) });

/** More cases than any problem has; a case number beyond it is a typo, not a case. */
const MAX_CASES = 10_000;
const MAX_SUBTASK_SCORE = 10_000;

export const subtaskSchema = z.strictObject({
  cases: z.array(z.number().int().positive().max(MAX_CASES)).min(1).max(MAX_CASES),
  score: z.number().nonnegative().max(MAX_SUBTASK_SCORE),
  mode: z.enum(['min', 'sum']).default('min'),
});
