import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  fieldErrorsOf,
  illFormedTextErrors,
  validationSummary,
  zhIssueMessage,
} from './validation.ts';
import * as f from './fields.ts';
import { decodeTextValue } from './text-input.ts';

const schema = z.strictObject({
  username: f.username,
  age: z.number().int().min(6).max(99),
  tags: z.array(z.string()).max(2),
  kind: z.enum(['a', 'b']),
});

function fieldsOf(input: unknown) {
  const result = schema.safeParse(input, { error: zhIssueMessage });
  if (result.success) throw new Error('expected a failure');
  return fieldErrorsOf(result.error.issues, 'body');
}

describe('Chinese validation messages', () => {
  it('keeps messages written on the schema', () => {
    expect(fieldsOf({ username: 'ab', age: 10, tags: [], kind: 'a' })).toEqual([
      { field: 'body.username', message: '用户名至少 3 个字符' },
    ]);
  });

  it('words missing fields, wrong types, ranges and enums', () => {
    const fields = fieldsOf({ username: 42, tags: ['x', 'y', 'z'], kind: 'c', age: 5.5 });
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'body.username', message: '应为 字符串' },
        { field: 'body.age', message: '应为 整数' },
        { field: 'body.tags', message: '最多 2 项' },
        { field: 'body.kind', message: '应为以下值之一：a、b' },
      ]),
    );
    expect(fieldsOf({ username: 'abc', tags: [], kind: 'a' })).toEqual([
      { field: 'body.age', message: '不能为空' },
    ]);
    expect(fieldsOf({ username: 'abc', age: 100, tags: [], kind: 'a' })).toEqual([
      { field: 'body.age', message: '不能大于 99' },
    ]);
  });

  it('names each unknown field on its own', () => {
    expect(fieldsOf({ username: 'abc', age: 7, tags: [], kind: 'a', foo: 1, bar: 2 })).toEqual([
      { field: 'body.foo', message: '不支持的字段 foo' },
      { field: 'body.bar', message: '不支持的字段 bar' },
    ]);
  });

  it('summarises with the first field', () => {
    expect(validationSummary([{ field: 'query.size', message: '应为 数字' }])).toBe(
      '参数校验失败：query.size 应为 数字',
    );
    expect(validationSummary([])).toBe('参数校验失败');
  });
});

describe('ids and whole numbers', () => {
  it('take a JSON integer within the column range, or strict decimal text where text came in', () => {
    expect(f.id.parse(1)).toBe(1);
    expect(f.id.parse(2147483647)).toBe(2147483647);
    expect(f.id.parse(decodeTextValue(f.id, '2147483647'))).toBe(2147483647);
  });

  it('refuse digit strings as JSON, and hex, exponents, padding, fractions, values beyond 2³¹−1', () => {
    expect(f.id.safeParse('1').success).toBe(false);
    for (const bad of ['0x1', '1e0', ' 1', '1 ', '1.0', '+1', '', '01', 1.5, 0, -1, '2147483648']) {
      expect(f.id.safeParse(decodeTextValue(f.id, bad)).success, JSON.stringify(bad)).toBe(false);
    }
    expect(f.id.safeParse(2147483648).success).toBe(false);
  });
});

describe('text no column can store', () => {
  it('names every field with a NUL or a lone surrogate, nested ones by their path', () => {
    expect(
      illFormedTextErrors(
        { title: 'a\u0000b', tags: ['ok', '\ud800'], nested: { 'k\u0000': 1 }, fine: '😀中' },
        'body',
      ),
    ).toEqual([
      { field: 'body.title', message: '不能包含空字符（\\u0000）' },
      { field: 'body.tags.1', message: '包含不成对的代理字符，不是合法的 Unicode 文本' },
      { field: 'body.nested', message: '字段名不能包含空字符（\\u0000）' },
    ]);
  });

  it('walks nesting deeper than the call stack', () => {
    const deep = JSON.parse('['.repeat(200_000) + '"\\u0000"' + ']'.repeat(200_000)) as unknown;
    expect(illFormedTextErrors(deep, 'body')).toHaveLength(1);
  });
});
