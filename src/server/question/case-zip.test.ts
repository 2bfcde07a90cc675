import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readCaseZip, writeCaseZip } from './case-zip.ts';

const text = (s: string) => new TextEncoder().encode(s);
const small = { maxEntries: 6, maxEntryBytes: 1024, maxTotalBytes: 2048 };

function refusal(zip: Uint8Array, limits = small): string {
  try {
    readCaseZip(zip, limits);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('not refused');
}

describe('readCaseZip', () => {
  it('reads contiguous pairs in numeric order and round-trips with writeCaseZip', () => {
    const zip = zipSync({
      '2.in': text('b'),
      '1.out': text('A'),
      '1.in': text('a'),
      '2.out': text('B'),
    });
    const cases = readCaseZip(zip, small);
    expect(cases.map((c) => [c.input.toString(), c.answer.toString()])).toEqual([
      ['a', 'A'],
      ['b', 'B'],
    ]);
    expect(readCaseZip(writeCaseZip(cases), small)).toEqual(cases);
  });

  it.each([
    ['../1.in', '不合规'],
    ['/etc/1.in', '不合规'],
    ['tests/1.in', '不合规'],
    ['1.txt', '不合规'],
  ])('refuses the entry name %s', (name, message) => {
    expect(refusal(zipSync({ [name]: text('x'), '1.out': text('y') }))).toContain(message);
  });

  it('refuses unpaired and non-contiguous cases', () => {
    expect(refusal(zipSync({ '1.in': text('x') }))).toBe('测试点 1 缺少 1.out');
    expect(
      refusal(
        zipSync({ '1.in': text('x'), '1.out': text('y'), '3.in': text('z'), '3.out': text('w') }),
      ),
    ).toContain('缺少 2');
    expect(refusal(zipSync({}))).toContain('没有测试点');
  });

  it('refuses too many entries, an oversized entry and a zip bomb', () => {
    const many = Object.fromEntries(
      Array.from({ length: 8 }, (_, i) => [`${i + 1}.in`, text('x')]),
    );
    expect(refusal(zipSync(many))).toContain('条目过多');
    expect(refusal(zipSync({ '1.in': new Uint8Array(2000), '1.out': text('y') }))).toContain(
      '单个文件上限',
    );
    const bomb = zipSync(
      { '1.in': new Uint8Array(1000), '1.out': new Uint8Array(1000), '2.in': new Uint8Array(1000) },
      { level: 9 },
    );
    // 3000 bytes inflated from a few hundred: the cap counts inflated bytes, not the upload.
    expect(bomb.length).toBeLessThan(600);
    expect(refusal(bomb)).toContain('总大小上限');
  });

  it('refuses an entry whose declared size lies', () => {
    const zip = zipSync({ '1.in': text('hello'), '1.out': text('y') });
    // Local header of the first entry: uncompressed size at offset 22.
    new DataView(zip.buffer).setUint32(22, 3, true);
    expect(refusal(zip)).toContain('声明大小');
  });

  it('refuses what is not a zip', () => {
    expect(refusal(text('not a zip at all'))).toContain('不是 zip');
  });
});
