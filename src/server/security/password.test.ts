import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('scrypt passwords', () => {
  it('verifies the right password only, with a fresh salt per hash', async () => {
    const a = await hashPassword('Xinao@2026');
    const b = await hashPassword('Xinao@2026');
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$32768$8$1$')).toBe(true);
    expect(await verifyPassword('Xinao@2026', a)).toBe(true);
    expect(await verifyPassword('Xinao@2027', a)).toBe(false);
    expect(await verifyPassword('Xinao@2026', 'plain-text')).toBe(false);
  });
});
