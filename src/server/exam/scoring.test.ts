import { describe, expect, it } from 'vitest';
import { objectiveScore, programmingScore, questionScore } from './scoring.ts';

describe('exam scoring', () => {
  it('gives a single choice or true/false question all or nothing', () => {
    expect(objectiveScore('single', '0100', '0100', 5)).toBe(5);
    expect(objectiveScore('single', '0100', '1000', 5)).toBe(0);
    expect(objectiveScore('judge', '10', '10', 2)).toBe(2);
    expect(objectiveScore('single', '0100', '', 5)).toBe(0);
  });

  it('gives half (rounded down) for some correct options and no wrong one', () => {
    expect(objectiveScore('multiple', '0110', '0110', 5)).toBe(5);
    expect(objectiveScore('multiple', '0110', '0100', 5)).toBe(2);
    expect(objectiveScore('multiple', '0110', '1100', 5)).toBe(0);
    expect(objectiveScore('multiple', '0110', '0000', 5)).toBe(0);
    expect(objectiveScore('multiple', '0110', '011', 5)).toBe(0);
  });

  it('scales a programming question by the judge’s score', () => {
    expect(programmingScore({ score: 70, maxScore: 100, verdict: 'WA' }, 100)).toBe(70);
    expect(programmingScore({ score: 7, maxScore: 10, verdict: 'WA' }, 100)).toBe(70);
    expect(programmingScore({ score: 1, maxScore: 3, verdict: 'WA' }, 30)).toBe(10);
    expect(programmingScore({ score: 0, maxScore: 100, verdict: 'CE' }, 100)).toBe(0);
    expect(programmingScore(null, 100)).toBe(0);
  });

  it('lets staff’s score replace the rule, capped at the question’s, and voids to 0', () => {
    const base = {
      type: 'single' as const,
      score: 5,
      correct: '0100',
      answer: '1000',
      judged: null,
    };
    expect(questionScore({ ...base, overrideScore: 3, voided: false })).toBe(3);
    expect(questionScore({ ...base, overrideScore: 9, voided: false })).toBe(5);
    expect(questionScore({ ...base, answer: '0100', overrideScore: null, voided: true })).toBe(0);
    expect(questionScore({ ...base, answer: '0100', overrideScore: null, voided: false })).toBe(5);
  });
});
