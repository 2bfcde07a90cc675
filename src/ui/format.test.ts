import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatFen,
  formatPercent,
  fromShanghaiInput,
  parseYuan,
  toShanghaiInput,
} from './format.ts';

describe('display formats', () => {
  it('shows fen as yuan with two decimals', () => {
    expect(formatFen(39900)).toBe('399.00');
    expect(formatFen(5)).toBe('0.05');
  });

  it('shows a percentage, or a dash alone when there is no figure', () => {
    expect(formatPercent(87)).toBe('87%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(null)).toBe('—');
  });

  it('shows an instant on the Asia/Shanghai calendar, whatever the machine’s zone', () => {
    // 16:30 UTC on 1 January is already 2 January in Shanghai (UTC+8).
    expect(formatDate('2025-01-01T16:30:05Z', 'zh-CN')).toBe('2025/01/02');
    expect(formatDateTime('2025-01-01T16:30:05Z', 'zh-CN')).toBe('2025/01/02 00:30:05');
    expect(formatDateTime('2025-01-01T16:30:05Z', 'en')).toBe('01/02/2025, 00:30:05');
    expect(formatDateTime('2025-06-30T03:04:05.678Z', 'zh-CN')).toBe('2025/06/30 11:04:05');
  });

  it('leaves a value that is not a time as it came', () => {
    expect(formatDateTime('not a time', 'zh-CN')).toBe('not a time');
  });
});

describe('parseYuan', () => {
  it('reads yuan with up to two decimals into fen, within the bounds', () => {
    expect(parseYuan('12', 100, 5_000_000)).toBe(1200);
    expect(parseYuan(' 12.5 ', 100, 5_000_000)).toBe(1250);
    expect(parseYuan('0.99', 1, 5_000_000)).toBe(99);
    expect(parseYuan('50000', 100, 5_000_000)).toBe(5_000_000);
  });

  it('refuses anything else', () => {
    for (const text of ['', 'abc', '1.234', '-5', '1e3', '01', '0.5', '50000.01', '１２']) {
      expect(parseYuan(text, 100, 5_000_000), text).toBeNull();
    }
  });
});

describe('Shanghai wall-clock fields', () => {
  it('shows an instant as Shanghai time and reads it back', () => {
    expect(toShanghaiInput('2026-11-25T01:30:00.000Z')).toBe('2026-11-25T09:30');
    expect(fromShanghaiInput('2026-11-25T09:30')).toBe('2026-11-25T01:30:00.000Z');
    expect(fromShanghaiInput('2026-11-25 09:30')).toBeNull();
    expect(toShanghaiInput('not a time')).toBe('');
  });
});
