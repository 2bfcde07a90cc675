import { describe, expect, it } from 'vitest';
import type { AnswerSummary } from '../../../contract/member-question/calls.ts';
import { latestByQuestion, progressOf } from './question-progress.ts';

const answer = (
  id: number,
  questionId: number,
  change: Partial<AnswerSummary> = {},
): AnswerSummary => ({
  id,
  questionId,
  questionTitle: `Q${questionId}`,
  kind: 'submit',
  language: 'cpp',
  status: 'done',
  verdict: 'WA',
  score: 0,
  maxScore: 100,
  timeMs: 1,
  memoryKiB: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  judgedAt: '2026-01-01T00:00:01.000Z',
  ...change,
});

describe('progressOf', () => {
  it('reads 已通过 / 未通过 / 判题中 / 未做 from the latest graded answer', () => {
    expect(progressOf(undefined)).toBe('untried');
    expect(progressOf(answer(1, 1, { verdict: 'AC' }))).toBe('passed');
    expect(progressOf(answer(1, 1, { verdict: 'TLE' }))).toBe('failed');
    expect(progressOf(answer(1, 1, { kind: 'review', verdict: 'AC' }))).toBe('passed');
    expect(progressOf(answer(1, 1, { status: 'running', verdict: null, judgedAt: null }))).toBe(
      'judging',
    );
    expect(progressOf(answer(1, 1, { status: 'failed', verdict: null }))).toBe('failed');
  });
});

describe('latestByQuestion', () => {
  it('indexes answers by question, leaving out answers without one', () => {
    const map = latestByQuestion([answer(1, 5), answer(2, 6), answer(3, 0, { questionId: null })]);
    expect([...map.keys()]).toEqual([5, 6]);
    expect(map.get(6)?.id).toBe(2);
  });
});
