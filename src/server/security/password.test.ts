import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD_HASH_COST,
  hashPassword,
  setPasswordHashCost,
  verifyPassword,
} from './password.ts';

describe('scrypt passwords', () => {
  afterEach(() => setPasswordHashCost(DEFAULT_PASSWORD_HASH_COST));

  it('verifies the right password only, with a fresh salt per hash', async () => {
    const a = await hashPassword('Xinao@2026');
    const b = await hashPassword('Xinao@2026');
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$32768$8$1$')).toBe(true);
    expect(await verifyPassword('Xinao@2026', a)).toBe(true);
    expect(await verifyPassword('Xinao@2027', a)).toBe(false);
    expect(await verifyPassword('Xinao@2026', 'plain-text')).toBe(false);
  });

  it('verifies each hash at the cost it was made with, whatever the cost is now', async () => {
    setPasswordHashCost(10);
    const cheap = await hashPassword('Xinao@2026');
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    setPasswordHashCost(DEFAULT_PASSWORD_HASH_COST);
    const dear = await hashPassword('Xinao@2026');
    expect(await verifyPassword('Xinao@2026', cheap)).toBe(true);
    expect(await verifyPassword('Xinao@2027', cheap)).toBe(false);
    setPasswordHashCost(10);
    expect(await verifyPassword('Xinao@2026', dear)).toBe(true);
  });
});
