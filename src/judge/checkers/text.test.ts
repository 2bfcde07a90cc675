import { describe, expect, it } from 'vitest';
import { checkDefault, checkFloat, checkStrict } from './text.ts';

const b = (s: string) => Buffer.from(s);

describe('default checker', () => {
  it('ignores trailing whitespace per line and trailing blank lines', () => {
    expect(checkDefault(b('1 2  \r\n3\t\n\n\n'), b('1 2\n3\n')).verdict).toBe('AC');
    expect(checkDefault(b('1 2\n3'), b('1 2\n3\n\n')).verdict).toBe('AC');
  });
  it('is strict about everything else', () => {
    expect(checkDefault(b(' 1 2\n3\n'), b('1 2\n3\n')).verdict).toBe('WA');
    expect(checkDefault(b('1  2\n3\n'), b('1 2\n3\n')).verdict).toBe('WA');
    expect(checkDefault(b('1 2\n\n3\n'), b('1 2\n3\n')).verdict).toBe('WA');
    expect(checkDefault(b(''), b('1\n')).message).toContain('过早结束');
    expect(checkDefault(b('1\n2\n'), b('1\n')).message).toContain('多余');
  });
});

describe('strict checker', () => {
  it('compares bytes', () => {
    expect(checkStrict(b('3\n'), b('3\n')).verdict).toBe('AC');
    expect(checkStrict(b('3 \n'), b('3\n')).verdict).toBe('WA');
    expect(checkStrict(b('3'), b('3\n')).verdict).toBe('WA');
  });
});

describe('float checker', () => {
  it('accepts absolute or relative error within epsilon by default', () => {
    expect(checkFloat(b('3.1415930\n'), b('3.14159265\n'), 1e-6).verdict).toBe('AC');
    expect(checkFloat(b('1000000.5'), b('1000000'), 1e-6).verdict).toBe('AC');
    expect(checkFloat(b('3.15'), b('3.14159265'), 1e-6).verdict).toBe('WA');
  });
  it('honours the absolute and relative modes', () => {
    expect(checkFloat(b('1000000.5'), b('1000000'), 1e-6, 'absolute').verdict).toBe('WA');
    expect(checkFloat(b('0.0000015'), b('0.000001'), 1e-6, 'relative').verdict).toBe('WA');
    expect(checkFloat(b('0.0000015'), b('0.000001'), 1e-6, 'absolute').verdict).toBe('AC');
  });
  it('requires the same number of tokens and equal non-numeric tokens', () => {
    expect(checkFloat(b('1 2'), b('1 2 3'), 1e-6).verdict).toBe('WA');
    expect(checkFloat(b('YES 1.0'), b('YES 1'), 1e-6).verdict).toBe('AC');
    expect(checkFloat(b('NO 1.0'), b('YES 1'), 1e-6).verdict).toBe('WA');
    expect(checkFloat(b('nan'), b('1'), 1e-6).verdict).toBe('WA');
  });
});
