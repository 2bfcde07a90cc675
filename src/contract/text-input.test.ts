import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import * as f from './fields.ts';
import { jsonField, repeatedField } from './multipart-fields.ts';
import { pageQueryOf } from './paging.ts';
import { decodeTextFields, decodeTextValue } from './text-input.ts';

describe('integer fields: JSON numbers in a body, plain digits where the carrier is text', () => {
  const body = z.strictObject({
    amountFen: f.wholeNumber(1, 100_000),
    note: z.string().optional(),
  });

  it('refuses a digit string in a JSON body, naming the field', () => {
    const result = body.safeParse({ amountFen: '100' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['amountFen']);
    expect(body.parse({ amountFen: 100 })).toEqual({ amountFen: 100 });
  });

  it('reads plain digits from text, and only plain digits', () => {
    expect(body.parse(decodeTextFields(body, { amountFen: '100' }))).toEqual({ amountFen: 100 });
    for (const text of ['0x1', '1e2', ' 1', '1.0', '+1', '01', '', '١']) {
      expect(body.safeParse(decodeTextFields(body, { amountFen: text })).success).toBe(false);
    }
  });

  it('leaves text fields as text, even when they are digits', () => {
    const form = z.strictObject({ mobile: f.mobile, code: f.smsCode });
    const sent = { mobile: '13800000000', code: '123456' };
    expect(form.parse(decodeTextFields(form, sent))).toEqual(sent);
  });

  it('reads through optional, default and nullable wrappers (a page query)', () => {
    const query = pageQueryOf(['id']);
    expect(query.parse(decodeTextFields(query, { page: '2', size: '5' }))).toMatchObject({
      page: 2,
      size: 5,
    });
    const nullable = z.strictObject({ capacity: f.wholeNumber(1, 10).nullable().optional() });
    expect(nullable.parse(decodeTextFields(nullable, { capacity: '3' }))).toEqual({ capacity: 3 });
  });

  it('reads a repeated integer field (given once: one element), and not inside a JSON field', () => {
    const form = z.strictObject({
      items: repeatedField(f.wholeNumber(1, 10)).optional(),
      question: jsonField(z.strictObject({ score: f.wholeNumber(1, 10) })).optional(),
    });
    expect(form.parse(decodeTextFields(form, { items: ['1', '2'] }))).toEqual({ items: [1, 2] });
    expect(form.parse(decodeTextFields(form, { items: '3' }))).toEqual({ items: [3] });
    // A JSON-encoded field is JSON: its integers are numbers, not digit strings.
    expect(form.parse(decodeTextFields(form, { question: '{"score":4}' }))).toEqual({
      question: { score: 4 },
    });
    expect(form.safeParse(decodeTextFields(form, { question: '{"score":"4"}' })).success).toBe(
      false,
    );
  });

  it('decodes one path segment for its schema', () => {
    expect(decodeTextValue(f.id, '12')).toBe(12);
    expect(decodeTextValue(f.id, '012')).toBe('012');
    expect(decodeTextValue(z.string(), '12')).toBe('12');
  });
});
