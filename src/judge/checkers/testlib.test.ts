import { describe, expect, it } from 'vitest';
import { verdictOf } from './testlib.ts';

// The exit-code mapping alone (the sandboxed end-to-end cases are in testlib-styles.sandbox.test.ts).
describe('verdictOf: testlib exit codes', () => {
  it('maps ok, WA, PE, FAIL and the other-option codes 4 and 8', () => {
    expect(verdictOf(0, 'ok 3 numbers')).toEqual({
      verdict: 'AC',
      fraction: 1,
      message: 'ok 3 numbers',
    });
    expect(verdictOf(1, 'wrong answer x')).toEqual({
      verdict: 'WA',
      fraction: 0,
      message: 'wrong answer x',
    });
    for (const code of [2, 4, 8]) {
      expect(verdictOf(code, 'wrong output format y')).toEqual({
        verdict: 'WA',
        fraction: 0,
        message: '格式错误：wrong output format y',
      });
    }
    expect(verdictOf(3, 'FAIL bad answer')).toEqual({
      verdict: 'SE',
      fraction: 0,
      message: '检查器报告失败（FAIL）：FAIL bad answer',
    });
    expect(verdictOf(139, '')).toMatchObject({
      verdict: 'SE',
      message: '检查器失败（退出码 139）：',
    });
  });

  it('reads points as a fraction of the case, clamped to 0..1; points_info alone is SE', () => {
    expect(verdictOf(7, 'points 0.25 close')).toEqual({
      verdict: 'WA',
      fraction: 0.25,
      message: 'points 0.25 close',
    });
    expect(verdictOf(7, 'points 40')).toMatchObject({ verdict: 'AC', fraction: 1 });
    expect(verdictOf(7, 'points points_info=a=1')).toMatchObject({ verdict: 'SE', fraction: 0 });
  });

  it('reads _pc(n) as n % only when the exit code is n too', () => {
    expect(verdictOf(40, 'partially correct (40) hedged')).toEqual({
      verdict: 'WA',
      fraction: 0.4,
      message: 'partially correct (40) hedged',
    });
    expect(verdictOf(1, 'partially correct (1) tiny')).toMatchObject({
      verdict: 'WA',
      fraction: 0.01,
    });
    expect(verdictOf(100, 'partially correct (100) all')).toMatchObject({
      verdict: 'AC',
      fraction: 1,
    });
    expect(verdictOf(1, 'partially correct (40) forged')).toMatchObject({
      verdict: 'WA',
      fraction: 0,
    });
    expect(verdictOf(41, 'partially correct (40) mismatch')).toMatchObject({ verdict: 'SE' });
  });
});
