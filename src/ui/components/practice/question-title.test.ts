import { describe, expect, it } from 'vitest';
import { plainTitle, titleParts } from './question-title.ts';

describe('question titles on one line', () => {
  it('splits code spans from text', () => {
    expect(titleParts('在 C++ 中，表达式 `7 / 2` 的值是多少？')).toEqual([
      { kind: 'text', text: '在 C++ 中，表达式 ' },
      { kind: 'code', text: '7 / 2' },
      { kind: 'text', text: ' 的值是多少？' },
    ]);
    expect(titleParts('`if (x = 5)` 与 `if (x == 5)`')).toEqual([
      { kind: 'code', text: 'if (x = 5)' },
      { kind: 'text', text: ' 与 ' },
      { kind: 'code', text: 'if (x == 5)' },
    ]);
  });

  it('shows the first line and an ellipsis when a code block follows', () => {
    const title = '下面这段 C++ 代码执行后，`s` 的值是？\n\n```cpp\nint s = 0;\n```';
    expect(plainTitle(title)).toBe('下面这段 C++ 代码执行后，s 的值是？ …');
    expect(plainTitle('A+B 问题\n\n')).toBe('A+B 问题');
  });

  it('drops backticks in plain text, keeping an unmatched or empty pair as written', () => {
    expect(plainTitle('十六进制数 `2F` 对应的十进制数是？')).toBe(
      '十六进制数 2F 对应的十进制数是？',
    );
    expect(plainTitle('a `` b')).toBe('a `` b');
    expect(plainTitle('a ` b')).toBe('a ` b');
  });
});
