import { describe, expect, it } from 'vitest';
import { REFUSED_SYSCALLS_X86_64, seccompFilter } from './seccomp.ts';

describe('the seccomp filter', () => {
  it('is whole sock_filter records, checks the architecture first and ends in returns', () => {
    const filter = seccompFilter('x64');
    expect(filter.length % 8).toBe(0);
    const records = filter.length / 8;
    // arch load + check, nr load + x32 check, one test per refused call, clone3, clone (3), 3 returns.
    expect(records).toBe(4 + Object.keys(REFUSED_SYSCALLS_X86_64).length + 1 + 3 + 3);
    expect(filter.readUInt16LE(0)).toBe(0x20); // ld [arch]
    expect(filter.readUInt32LE(4)).toBe(4);
    expect(filter.readUInt32LE(12)).toBe(0xc000003e); // AUDIT_ARCH_X86_64
    const lastReturn = filter.readUInt32LE(filter.length - 4);
    expect(lastReturn).toBe(0x00050000 | 38); // ENOSYS for clone3
  });

  it('refuses to hand out a filter written for another architecture', () => {
    expect(() => seccompFilter('arm64')).toThrow(/x86-64/);
  });
});
