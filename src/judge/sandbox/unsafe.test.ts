import { describe, expect, it } from 'vitest';
import { translateBoxPath } from './unsafe.ts';

describe('translateBoxPath (unsafe development mode)', () => {
  const binds = [
    { host: '/cache/bin/abc', box: '/box/main' },
    { host: '/cache/pch/1', box: '/pch' },
    { host: '/cache/work/src-1', box: '/src' },
  ];
  it('maps box paths, nested paths and -I flags to host paths', () => {
    expect(translateBoxPath('/box/main', binds)).toBe('/cache/bin/abc');
    expect(translateBoxPath('/src/main.cpp', binds)).toBe('/cache/work/src-1/main.cpp');
    expect(translateBoxPath('-I/pch', binds)).toBe('-I/cache/pch/1');
  });
  it('leaves other arguments alone', () => {
    expect(translateBoxPath('/srcx/a', binds)).toBe('/srcx/a');
    expect(translateBoxPath('-O2', binds)).toBe('-O2');
    expect(translateBoxPath('/usr/bin/g++', binds)).toBe('/usr/bin/g++');
  });
});
