import { describe, expect, it } from 'vitest';
import { allowedActions, isFinalState, nextState, refusalOf } from './lifecycle.ts';
import { examLifecycle } from './exam.ts';
import { examPaperLifecycle } from './exam-paper.ts';
import {
  awaitsPublication,
  hasReport,
  isAnswering,
  isJudging,
  SITTING_STATES,
  sittingLifecycle,
} from './exam-paper-enroll.ts';

describe('the exam lifecycle', () => {
  it('sends an organization’s new exam to review and lets platform staff’s through', () => {
    expect(nextState(examLifecycle, 'none', 'submit')).toBe('reviewing');
    expect(nextState(examLifecycle, 'none', 'submit', { trusted: true })).toBe('approved');
    expect(nextState(examLifecycle, 'reviewing', 'pass')).toBe('approved');
    expect(nextState(examLifecycle, 'reviewing', 'reject')).toBe('rejected');
    expect(nextState(examLifecycle, 'rejected', 'submit')).toBe('reviewing');
  });

  it('publishes only what passed review, and stops for good', () => {
    expect(nextState(examLifecycle, 'reviewing', 'publish')).toBeNull();
    expect(nextState(examLifecycle, 'rejected', 'publish')).toBeNull();
    expect(nextState(examLifecycle, 'approved', 'publish')).toBe('published');
    expect(nextState(examLifecycle, 'published', 'unpublish')).toBe('unpublished');
    expect(nextState(examLifecycle, 'unpublished', 'publish')).toBe('published');
    expect(nextState(examLifecycle, 'published', 'stop')).toBe('stopped');
    expect(isFinalState(examLifecycle, 'stopped')).toBe(true);
    expect(allowedActions(examLifecycle, 'stopped')).toEqual([]);
  });

  it('shows a screen the actions of each state and names the state in a refusal', () => {
    expect(allowedActions(examLifecycle, 'reviewing')).toEqual(['pass', 'reject']);
    expect(allowedActions(examLifecycle, 'published')).toEqual(['unpublish', 'stop']);
    expect(refusalOf(examLifecycle, 'reviewing', 'publish')).toBe('考试当前为「待审核」，不能上架');
  });
});

describe('the exam paper review', () => {
  it('reviews organizations’ papers and trusts the platform’s', () => {
    expect(nextState(examPaperLifecycle, 'none', 'submit')).toBe('reviewing');
    expect(nextState(examPaperLifecycle, 'none', 'submit', { trusted: true })).toBe('passed');
    expect(nextState(examPaperLifecycle, 'reviewing', 'reject')).toBe('rejected');
    expect(nextState(examPaperLifecycle, 'rejected', 'submit')).toBe('reviewing');
  });

  it('sends a passed paper an organization changed back to review', () => {
    expect(nextState(examPaperLifecycle, 'passed', 'submit')).toBe('reviewing');
    expect(nextState(examPaperLifecycle, 'passed', 'submit', { trusted: true })).toBe('passed');
    expect(nextState(examPaperLifecycle, 'passed', 'pass')).toBeNull();
  });
});

describe('a sitting of an exam paper', () => {
  it('goes from start to report', () => {
    expect(nextState(sittingLifecycle, 'none', 'start')).toBe('inProgress');
    expect(nextState(sittingLifecycle, 'inProgress', 'complete')).toBe('completed');
    expect(nextState(sittingLifecycle, 'completed', 'judge')).toBe('judging');
    expect(nextState(sittingLifecycle, 'judging', 'settle')).toBe('settled');
    expect(nextState(sittingLifecycle, 'judging', 'settle', { released: true })).toBe('reported');
    expect(nextState(sittingLifecycle, 'settled', 'publishResults')).toBe('reported');
  });

  it('settles again and rejudges only once settled', () => {
    expect(nextState(sittingLifecycle, 'settled', 'settle')).toBe('settled');
    expect(nextState(sittingLifecycle, 'reported', 'settle')).toBe('reported');
    expect(nextState(sittingLifecycle, 'reported', 'rejudge')).toBe('judging');
    expect(nextState(sittingLifecycle, 'inProgress', 'settle')).toBeNull();
    expect(nextState(sittingLifecycle, 'inProgress', 'rejudge')).toBeNull();
    expect(refusalOf(sittingLifecycle, 'inProgress', 'settle')).toBe(
      '答卷当前为「作答中」，不能结算',
    );
  });

  it('accepts answers only while in progress and shows the report once results are out', () => {
    expect(isAnswering('inProgress')).toBe(true);
    expect(isAnswering('completed')).toBe(false);
    expect(hasReport('settled')).toBe(false);
    expect(hasReport('reported')).toBe(true);
  });

  it('tells a report still being judged from one waiting to be published', () => {
    expect(SITTING_STATES.filter(isJudging)).toEqual(['completed', 'judging']);
    expect(SITTING_STATES.filter(awaitsPublication)).toEqual(['settled']);
    // Each state is at most one of: answering, judging, unpublished, report.
    for (const state of SITTING_STATES) {
      const kinds = [isAnswering, isJudging, awaitsPublication, hasReport].filter((is) =>
        is(state),
      );
      expect(kinds.length).toBeLessThanOrEqual(1);
    }
  });
});
