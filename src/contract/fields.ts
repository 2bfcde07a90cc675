import { z } from 'zod';

/** Field rules shared by every form and call, so client and server refuse the same input. */

/** The largest id a row can have: ids are PostgreSQL `integer` columns (docs/protocol.md "Ids"). */
export const MAX_ID = 2_147_483_647;

/**
 * Plain decimal digits: how an integer is written where the carrier is text (a query string, a
 * form field). `0x1`, `1e0`, ` 1` and `1.0` are not integers on this API (text-input.ts).
 */
export const DECIMAL_INTEGER = /^-?(0|[1-9][0-9]*)$/;

/**
 * A whole number within [min, max]: a JSON number, never a string (docs/protocol.md "Input
 * rules"); where the carrier is text, text-input.ts decodes plain digits before this reads
 * them. Every integer a caller sends goes through this, so a value the database column cannot
 * hold is a VALIDATION error naming the field, never a 500.
 */
export const wholeNumber = (min: number, max: number) => z.int().min(min).max(max);

/** A row id: 1 … 2³¹−1, strict decimal. */
export const id = wholeNumber(1, MAX_ID);
export const username = z
  .string()
  .trim()
  .min(3, '用户名至少 3 个字符')
  .max(32, '用户名最多 32 个字符')
  .regex(/^[A-Za-z0-9_]+$/, '用户名只能包含字母、数字和下划线');
export const password = z.string().min(8, '密码至少 8 位').max(64, '密码最多 64 位');
export const mobile = z.string().regex(/^1\d{10}$/, '请输入 11 位手机号');
export const email = z.string().trim().max(120).email('邮箱格式不正确');
export const nickname = z.string().trim().min(1, '昵称不能为空').max(32, '昵称最多 32 个字符');
export const smsCode = z.string().regex(/^\d{6}$/, '验证码为 6 位数字');
export const captchaId = z.string().min(8).max(64);
export const captchaCode = z.string().trim().min(4, '请输入图形验证码').max(8);
/** ISO-8601 UTC on the wire (docs/protocol.md, "Times and money"). */
export const isoTime = z.string();

/**
 * A time a caller sends: ISO-8601 with its zone, in the years 2000–2199, with an offset a time
 * zone can have (−12:00 … +14:00) — what the database takes. One pattern, so the API reference
 * and the generated tests read it whole.
 */
const ISO_DATE_TIME =
  /^(20|21)\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The date part of `text` (YYYY-MM-DD…) is a day the calendar has. */
const dayExists = (text: string) => {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && !leap ? 28 : DAYS_IN_MONTH[month - 1]!);
};

export const isoDateTime = z
  .string()
  .max(40)
  .regex(ISO_DATE_TIME, '时间格式应为 ISO-8601，如 2026-01-01T08:00:00+08:00（2000–2199 年）')
  .refine(dayExists, '日期不存在');

/**
 * Whether `to` is after `from` (two isoDateTime values), true when either is missing: a form
 * checks what it sends; the server checks an update's sent values merged with the stored ones.
 */
export const inOrder = (from?: string | null, to?: string | null): boolean =>
  !from || !to || Date.parse(to) > Date.parse(from);

/** A calendar day, YYYY-MM-DD, in the years 2000–2199 (a settlement's period …). */
export const isoDate = z
  .string()
  .regex(
    /^(20|21)\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
    '日期格式应为 YYYY-MM-DD（2000–2199 年）',
  )
  .refine(dayExists, '日期不存在');
