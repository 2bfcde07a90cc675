/**
 * Questions from the bank with a score each, in order: an exam paper's, a homework's. One
 * shape for the input and for what staff read back, so both builders behave alike.
 */
import { z } from 'zod';
import * as f from '../fields.ts';
import { questionDifficulty } from './common.ts';
import { questionType } from './types.ts';

export const scoredQuestionInput = z.strictObject({
  questionId: f.id,
  score: f.wholeNumber(1, 1000),
});

/** An ordered list of at least `min` and at most `max` questions, none twice, for a `noun`. */
export const scoredQuestionsOf = (noun: string, max: number, min = 0) =>
  z
    .array(scoredQuestionInput)
    .min(min, '请至少选择一道题')
    .max(max, `一份${noun}最多 ${max} 道题`)
    .refine(
      (qs) => new Set(qs.map((q) => q.questionId)).size === qs.length,
      `同一道题不能重复加入${noun}`,
    );

/** A question of the list as staff see it while building it. */
export const scoredQuestion = z.object({
  questionId: z.number().int(),
  sort: z.number().int(),
  score: z.number().int(),
  title: z.string(),
  type: questionType,
  difficulty: questionDifficulty,
});
