import { describe, expect, it } from 'vitest';
import { gradingTone } from './grading-tone.ts';

const cell = (bestScore: number | null, status: 'done' | 'running' | null, submissions = 1) => ({
  bestScore,
  status,
  submissions,
});

describe('the grading overview colours a cell', () => {
  it('by how much of the question the best answer earned', () => {
    expect(gradingTone(cell(100, 'done'), 100)).toBe('full');
    expect(gradingTone(cell(40, 'done'), 100)).toBe('partial');
    expect(gradingTone(cell(0, 'done'), 100)).toBe('wrong');
  });

  it('as not tried without a submission, and wrong when every answer failed to score', () => {
    expect(gradingTone(cell(null, null, 0), 100)).toBe('none');
    expect(gradingTone(cell(null, 'done', 2), 100)).toBe('wrong');
  });

  it('as judging while the latest answer is in the judge, whatever an earlier one scored', () => {
    expect(gradingTone(cell(100, 'running'), 100)).toBe('judging');
    expect(gradingTone(cell(null, 'running'), 100)).toBe('judging');
  });
});
