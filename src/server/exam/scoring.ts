/**
 * How a sitting is scored (issue 7 item 4; docs/decisions.md "Exam scoring"). Pure: settlement
 * reads the answers and the judge's results, and these rules give each question its score.
 *
 * - Single choice and true/false: the full score for the one correct option, else 0.
 * - Multiple choice: the full score for exactly the correct options; half of it (rounded down)
 *   for some but not all of the correct options and no wrong one; else 0.
 * - Programming: the question's score times the judge's score over its maximum (the subtask
 *   scoring of the question, docs/problem-format.md), rounded down; 0 when not submitted, and
 *   0 for a compile error or a system error.
 * - Staff's manual score, when given, replaces the rule; a voided answer scores 0.
 */

export type ScoredType = 'programming' | 'single' | 'multiple' | 'judge';

export interface QuestionToScore {
  type: ScoredType;
  /** The question's score on this paper. */
  score: number;
  /** The bank's answer: one 0/1 flag per option. */
  correct: string;
  /** What the learner chose (objective), '' when unanswered. */
  answer: string;
  /** Programming: the judged result, null when nothing was submitted. */
  judged: { score: number; maxScore: number; verdict: string } | null;
  overrideScore: number | null;
  voided: boolean;
}

export function objectiveScore(
  type: Exclude<ScoredType, 'programming'>,
  correct: string,
  answer: string,
  full: number,
): number {
  if (answer === '' || answer.length !== correct.length) return 0;
  if (answer === correct) return full;
  if (type !== 'multiple') return 0;
  const chosen = [...answer].map((c) => c === '1');
  const right = [...correct].map((c) => c === '1');
  const wrong = chosen.some((c, i) => c && !right[i]);
  const some = chosen.some((c) => c);
  return some && !wrong ? Math.floor(full / 2) : 0;
}

export function programmingScore(judged: QuestionToScore['judged'], full: number): number {
  if (!judged || judged.maxScore <= 0) return 0;
  const ratio = Math.min(1, Math.max(0, judged.score / judged.maxScore));
  // A hair of tolerance: 100 × 7/10 is 70, not 69.99999.
  return Math.floor(full * ratio + 1e-9);
}

export function questionScore(q: QuestionToScore): number {
  if (q.voided) return 0;
  if (q.overrideScore !== null) return Math.min(q.overrideScore, q.score);
  return q.type === 'programming'
    ? programmingScore(q.judged, q.score)
    : objectiveScore(q.type, q.correct, q.answer, q.score);
}
