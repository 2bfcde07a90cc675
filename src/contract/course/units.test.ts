import { describe, expect, it } from 'vitest';
import { chineseNumeral, unitLabel, MAX_COURSE_UNITS } from './units.ts';

describe('unit labels (docs/product-rules.md#units)', () => {
  it('writes 1–30 in Chinese numerals', () => {
    const expected = [
      '一',
      '二',
      '三',
      '四',
      '五',
      '六',
      '七',
      '八',
      '九',
      '十',
      '十一',
      '十二',
      '十三',
      '十四',
      '十五',
      '十六',
      '十七',
      '十八',
      '十九',
      '二十',
      '二十一',
      '二十二',
      '二十三',
      '二十四',
      '二十五',
      '二十六',
      '二十七',
      '二十八',
      '二十九',
      '三十',
    ];
    expect(Array.from({ length: MAX_COURSE_UNITS }, (_, i) => chineseNumeral(i + 1))).toEqual(
      expected,
    );
  });

  it('labels a unit as 第N单元 title', () => {
    expect(unitLabel(3, '循环结构')).toBe('第三单元 循环结构');
    expect(unitLabel(21, '综合练习')).toBe('第二十一单元 综合练习');
  });

  it('refuses numbers the numerals do not cover', () => {
    for (const n of [0, 31, 1.5, -1]) expect(() => chineseNumeral(n)).toThrow(RangeError);
  });
});
