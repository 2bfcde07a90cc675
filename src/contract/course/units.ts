/**
 * Unit labels (docs/product-rules.md#units): a course's chapters are its units, labelled in Chinese
 * numerals 1 to 30 as 「第N单元 title」; and the public course's name ('Informatics open course').
 * Zod-free, so the browser's screens and the server's answers say the same thing.
 */

/**
 * A course holds at most this many units (the numerals stop at 30, docs/product-rules.md#units).
 */
export const MAX_COURSE_UNITS = 30;

/** The public course every visitor may follow (docs/product-rules.md#units). */
export const PUBLIC_COURSE_NAME = '信息学公开课';

const DIGITS = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'] as const;

/** 1 → 一, 10 → 十, 12 → 十二, 20 → 二十, 30 → 三十; RangeError outside 1–30. */
export function chineseNumeral(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > MAX_COURSE_UNITS) {
    throw new RangeError(`unit number ${n} is outside 1–${MAX_COURSE_UNITS}`);
  }
  if (n < 10) return DIGITS[n]!;
  const tens = Math.floor(n / 10);
  return `${tens === 1 ? '' : DIGITS[tens]}十${DIGITS[n % 10]}`;
}

/** 「第三单元」 */
export const unitName = (position: number) => `第${chineseNumeral(position)}单元`;

/** 「第三单元 循环结构」 */
export const unitLabel = (position: number, title: string) => `${unitName(position)} ${title}`;
