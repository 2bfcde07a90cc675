import { describe, expect, it } from 'vitest';
import {
  canWork,
  durationParts,
  homeworkStatus,
  nextDeadline,
  questionMark,
  roomPhase,
  secondsUntil,
  type HomeworkWindow,
} from './status.ts';

const hour = 3_600_000;
const T0 = Date.parse('2026-11-20T00:00:00.000Z');
const iso = (ms: number) => new Date(T0 + ms).toISOString();
const window: HomeworkWindow = {
  startAt: iso(0),
  dueAt: iso(10 * hour),
  lateUntil: iso(20 * hour),
  settledAt: null,
};

describe('the room on the clock', () => {
  it('opens at the start, is late after the due time, closes after the late window', () => {
    expect(roomPhase(window, T0 - 1)).toBe('notStarted');
    expect(roomPhase(window, T0)).toBe('open');
    expect(roomPhase(window, T0 + 10 * hour)).toBe('late');
    expect(roomPhase(window, T0 + 20 * hour)).toBe('closed');
    expect(roomPhase({ ...window, lateUntil: null }, T0 + 10 * hour)).toBe('closed');
    expect(roomPhase({ ...window, settledAt: iso(21 * hour) }, T0 + 5 * hour)).toBe('settled');
    expect(['open', 'late'].every((p) => canWork(p as never))).toBe(true);
    expect(['notStarted', 'closed', 'settled'].some((p) => canWork(p as never))).toBe(false);
  });

  it('counts down to the next change', () => {
    expect(nextDeadline(window, T0 - hour)).toEqual({ kind: 'start', at: window.startAt });
    expect(nextDeadline(window, T0 + hour)).toEqual({ kind: 'due', at: window.dueAt });
    expect(nextDeadline(window, T0 + 11 * hour)).toEqual({
      kind: 'lateUntil',
      at: window.lateUntil,
    });
    expect(nextDeadline(window, T0 + 21 * hour)).toBeNull();
    expect(secondsUntil(window.dueAt, T0 + 10 * hour - 1_500)).toBe(2);
    expect(secondsUntil(window.dueAt, T0 + 11 * hour)).toBe(0);
    expect(durationParts(2 * 86_400 + 3 * 3_600 + 4 * 60 + 5)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
  });
});

describe("a learner's homework in the list", () => {
  const base = {
    state: 'enrolled' as const,
    settledAt: null,
    phase: 'open' as const,
    answeredCount: 1,
    questionCount: 4,
  };
  it('reads the state from the phase, the progress and settlement', () => {
    expect(homeworkStatus({ ...base, phase: 'notStarted', answeredCount: 0 })).toBe('notStarted');
    expect(homeworkStatus(base)).toBe('inProgress');
    expect(homeworkStatus({ ...base, answeredCount: 4 })).toBe('submitted');
    expect(homeworkStatus({ ...base, phase: 'late' })).toBe('late');
    expect(homeworkStatus({ ...base, phase: 'late', answeredCount: 4 })).toBe('submitted');
    expect(homeworkStatus({ ...base, phase: 'closed' })).toBe('closed');
    expect(homeworkStatus({ ...base, phase: 'closed', settledAt: iso(0) })).toBe('settled');
    expect(homeworkStatus({ ...base, state: 'quit', settledAt: iso(0) })).toBe('quit');
  });

  it('marks each question by its points so far', () => {
    const q = { submissions: 1, earned: 20, maxScore: 20, latestVerdict: 'AC' };
    expect(questionMark({ ...q, submissions: 0, earned: 0, latestVerdict: null })).toBe('untried');
    expect(questionMark(q)).toBe('full');
    expect(questionMark({ ...q, earned: 16 })).toBe('partial');
    expect(questionMark({ ...q, earned: 0, latestVerdict: 'WA' })).toBe('wrong');
    expect(questionMark({ ...q, earned: 0, latestVerdict: null })).toBe('judging');
  });
});
