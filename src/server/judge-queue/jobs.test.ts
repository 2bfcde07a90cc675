import { describe, expect, it } from 'vitest';
import { isJobKind, jobFromRow, toJsonParam } from './jobs.ts';
import type { JudgeJobRow } from './jobs.ts';

describe('jobFromRow', () => {
  it('turns the bigint id into a number and renames the columns', () => {
    const created = new Date('2026-11-22T08:00:00Z');
    const row: JudgeJobRow = {
      id: '42',
      kind: 'exam',
      payload: { submissionId: 7 },
      status: 'done',
      attempts: 1,
      max_attempts: 3,
      lease_owner: 'host-1',
      lease_token: '3f0b6c1e-1111-4222-8333-444455556666',
      lease_expires_at: null,
      progress: { phase: 'running', case: 2, of: 2 },
      result: { verdict: 'AC' },
      error: null,
      created_at: created,
      started_at: created,
      finished_at: created,
    };
    expect(jobFromRow(row)).toEqual({
      id: 42,
      kind: 'exam',
      payload: { submissionId: 7 },
      status: 'done',
      attempts: 1,
      maxAttempts: 3,
      leaseOwner: 'host-1',
      leaseToken: '3f0b6c1e-1111-4222-8333-444455556666',
      leaseExpiresAt: null,
      progress: { phase: 'running', case: 2, of: 2 },
      result: { verdict: 'AC' },
      error: null,
      createdAt: created,
      startedAt: created,
      finishedAt: created,
    });
  });
});

describe('toJsonParam', () => {
  it('sends arrays as JSON arrays, not Postgres array literals', () => {
    expect(toJsonParam([1, 'a'])).toBe('[1,"a"]');
  });

  it('sends strings quoted and nothing as JSON null', () => {
    expect(toJsonParam('AC')).toBe('"AC"');
    expect(toJsonParam(undefined)).toBe('null');
    expect(toJsonParam(null)).toBe('null');
  });
});

describe('isJobKind', () => {
  it('knows the three kinds only', () => {
    expect(['exam', 'practice', 'debug'].every(isJobKind)).toBe(true);
    expect(isJobKind('contest')).toBe(false);
    expect(isJobKind(undefined)).toBe(false);
  });
});
