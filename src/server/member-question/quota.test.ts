import { describe, expect, it } from 'vitest';
import { QUOTA_USED_UP_PHRASE } from '../../contract/errors.ts';
import {
  DEFAULT_QUOTA_LIMITS,
  limitOf,
  loadQuotaLimits,
  nextShanghaiMidnight,
  quotaUsedUpMessage,
  shanghaiDay,
} from './quota.ts';

describe('the Asia/Shanghai day', () => {
  it('starts at 16:00 UTC of the previous UTC day', () => {
    expect(shanghaiDay(new Date('2026-03-01T15:59:59.999Z'))).toBe('2026-03-01');
    expect(shanghaiDay(new Date('2026-03-01T16:00:00.000Z'))).toBe('2026-03-02');
  });

  it('crosses month and year ends', () => {
    expect(shanghaiDay(new Date('2026-12-31T16:30:00Z'))).toBe('2027-01-01');
    expect(shanghaiDay(new Date('2028-02-28T16:00:00Z'))).toBe('2028-02-29');
  });

  it('resets at the next Shanghai midnight', () => {
    expect(nextShanghaiMidnight(new Date('2026-03-01T15:59:59Z')).toISOString()).toBe(
      '2026-03-01T16:00:00.000Z',
    );
    // Exactly at midnight the day has just begun: the next reset is a full day away.
    expect(nextShanghaiMidnight(new Date('2026-03-01T16:00:00Z')).toISOString()).toBe(
      '2026-03-02T16:00:00.000Z',
    );
    expect(nextShanghaiMidnight(new Date('2026-12-31T20:00:00Z')).toISOString()).toBe(
      '2027-01-01T16:00:00.000Z',
    );
  });
});

describe('limits', () => {
  it('come from the environment, with defaults', () => {
    expect(loadQuotaLimits({})).toEqual(DEFAULT_QUOTA_LIMITS);
    expect(
      loadQuotaLimits({
        QUOTA_DAILY_SUBMISSIONS: '5',
        QUOTA_DAILY_CLEANS: '0',
        QUOTA_DAILY_RUNS: '',
      }),
    ).toEqual({ submissions: 5, cleans: 0, runs: DEFAULT_QUOTA_LIMITS.runs });
  });

  it('refuse a value that is not a whole number ≥ 0, naming the variable', () => {
    for (const bad of ['-1', '2.5', 'ten', '1e99']) {
      expect(() => loadQuotaLimits({ QUOTA_DAILY_SUBMISSIONS: bad })).toThrow(
        /QUOTA_DAILY_SUBMISSIONS/,
      );
    }
  });

  it('are lifted by the matching card right only', () => {
    const limits = { submissions: 20, cleans: 3, runs: 300 };
    expect(limitOf('submissions', [], limits)).toBe(20);
    expect(limitOf('submissions', ['unlimitedSubmission'], limits)).toBeNull();
    expect(limitOf('submissions', ['answerRecordClear'], limits)).toBe(20);
    expect(limitOf('cleans', ['answerRecordClear'], limits)).toBeNull();
    expect(limitOf('cleans', ['unlimitedSubmission', 'testCaseView'], limits)).toBe(3);
    // No right lifts the run bound.
    expect(limitOf('runs', ['unlimitedSubmission', 'answerRecordClear'], limits)).toBe(300);
  });
});

describe('the used-up message', () => {
  it('says which limit, contains the phrase the client watches for, and how to lift it', () => {
    const submissions = quotaUsedUpMessage('submissions', 20);
    expect(submissions).toContain(QUOTA_USED_UP_PHRASE);
    expect(submissions).toContain('提交');
    expect(submissions).toContain('20');
    expect(submissions).toContain('开通会员');
    const cleans = quotaUsedUpMessage('cleans', 3);
    expect(cleans).toContain('清空作答记录');
    expect(cleans).toContain('开通会员');
    const runs = quotaUsedUpMessage('runs', 300);
    expect(runs).toContain('运行');
    expect(runs).not.toContain('开通会员');
  });
});
