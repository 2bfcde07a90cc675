import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { judgeWorkerCount } from './workers.ts';

describe('judgeWorkerCount (JUDGE_WORKERS)', () => {
  it('defaults to one worker per core', () => {
    expect(judgeWorkerCount({})).toBe(availableParallelism());
    expect(judgeWorkerCount({ JUDGE_WORKERS: '' })).toBe(availableParallelism());
  });

  it('takes a count, 0 disabling the workers', () => {
    expect(judgeWorkerCount({ JUDGE_WORKERS: '0' })).toBe(0);
    expect(judgeWorkerCount({ JUDGE_WORKERS: '3' })).toBe(3);
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => judgeWorkerCount({ JUDGE_WORKERS: '-1' })).toThrow(/JUDGE_WORKERS/);
    expect(() => judgeWorkerCount({ JUDGE_WORKERS: 'many' })).toThrow(/JUDGE_WORKERS/);
  });
});
