/**
 * The question a learner's answer call names, found through the bank's one visibility rule
 * (question/store.ts QUESTIONS with http/owned-rows.ts: the platform's and the learner's
 * organization's questions, published only). Shared by the practice calls, their drafts and
 * homework's graded answers, so each reads the question the same way.
 */
import type { Queryable } from '../db/pool.ts';
import type { Auth } from '../http/sessions.ts';
import { findOwned } from '../http/owned-rows.ts';
import { validationError } from '../http/validation-error.ts';
import { learnerScope } from '../access/scope.ts';
import { QUESTIONS } from '../question/store.ts';

export interface QuestionRow {
  id: number;
  type: 'programming' | 'single' | 'multiple' | 'judge';
  answer: string;
  options: unknown[];
  analysis: string;
  price_fen: number;
  right_code: string | null;
}

/** The columns of a QuestionRow, from the bank's alias `q`. */
export const QUESTION_COLUMNS =
  'q.id, q.type, q.answer, q.options, q.analysis, q.price_fen, q.right_code';

/** The question as the learner may see it (the bank's one rule): NOT_FOUND otherwise. */
export const findQuestion = (db: Queryable, auth: Auth, id: number): Promise<QuestionRow> =>
  findOwned<QuestionRow>(db, QUESTIONS, learnerScope(auth), id, QUESTION_COLUMNS);

export function requireProgramming(q: QuestionRow): void {
  if (q.type !== 'programming') {
    throw validationError([{ field: 'body.questionId', message: '该题不是编程题' }]);
  }
}
