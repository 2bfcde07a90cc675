/** A grading overview cell as the tone it is coloured with. */
export type GradingTone = 'full' | 'partial' | 'wrong' | 'judging' | 'none';

export interface GradingCellFacts {
  bestScore: number | null;
  status: 'queued' | 'compiling' | 'running' | 'done' | 'failed' | null;
  submissions: number;
}

/**
 * Full marks, some, none, still being judged, or not tried. A cell whose latest answer is still
 * in the judge shows as judging even when an earlier one scored: the teacher sees it move.
 */
export function gradingTone(cell: GradingCellFacts, fullScore: number): GradingTone {
  if (cell.status && cell.status !== 'done' && cell.status !== 'failed') return 'judging';
  if (cell.bestScore === null) return cell.submissions > 0 ? 'wrong' : 'none';
  if (cell.bestScore >= fullScore) return 'full';
  return cell.bestScore > 0 ? 'partial' : 'wrong';
}
