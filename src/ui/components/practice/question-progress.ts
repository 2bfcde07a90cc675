/**
 * Where a learner stands on each question, read from their latest graded answer (submission or
 * correction, memberQuestion/queryLatestList): what the play home's status column shows. (Its
 * 我的错题 list is the server's, memberQuestion/queryWrongList, paged.)
 */
import type { AnswerSummary } from '../../../contract/member-question/calls.ts';

/**
 * passed: the latest graded answer is AC; failed: it has another verdict (or the judge gave up
 * on it); judging: it is still being judged; untried: no answer (or all cleaned).
 */
export type QuestionProgress = 'passed' | 'failed' | 'judging' | 'untried';

export function progressOf(latest: AnswerSummary | undefined): QuestionProgress {
  if (!latest) return 'untried';
  if (latest.verdict === 'AC') return 'passed';
  if (latest.verdict !== null || latest.status === 'failed') return 'failed';
  return 'judging';
}

/** The latest answers by question id. */
export function latestByQuestion(latest: readonly AnswerSummary[]): Map<number, AnswerSummary> {
  const byQuestion = new Map<number, AnswerSummary>();
  for (const answer of latest) {
    if (answer.questionId !== null) byQuestion.set(answer.questionId, answer);
  }
  return byQuestion;
}

/** When an answer was graded (or, while it waits, sent). */
export const answeredAt = (answer: AnswerSummary): string => answer.judgedAt ?? answer.createdAt;
