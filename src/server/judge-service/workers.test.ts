import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { judgeWorkerCount, judgeWorkerNice, startJudgeWorkers } from './workers.ts';

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

describe('judgeWorkerNice (JUDGE_WORKER_NICE)', () => {
  it('puts the workers below the API by default, and takes 0 to 19', () => {
    expect(judgeWorkerNice(undefined)).toBe(10);
    expect(judgeWorkerNice('')).toBe(10);
    expect(judgeWorkerNice('0')).toBe(0);
    expect(judgeWorkerNice('19')).toBe(19);
  });

  it('refuses anything else, and the platform will not start workers with it', () => {
    for (const bad of ['-1', '20', '5.5', 'low']) expect(judgeWorkerNice(bad)).toBeUndefined();
    expect(() =>
      startJudgeWorkers({
        count: 1,
        databaseUrl: 'postgres://nowhere/none',
        logger: createLogger({ level: 'silent', quiet: true }),
        env: { JUDGE_WORKER_NICE: '20' },
      }),
    ).toThrow(/JUDGE_WORKER_NICE/);
  });
});
