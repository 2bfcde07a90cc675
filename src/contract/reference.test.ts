import { describe, expect, it } from 'vitest';
import { allCalls } from './index.ts';
import { renderApiReference } from './reference.ts';

describe('the API reference', () => {
  it('documents every call with its access and fields', () => {
    const text = renderApiReference(allCalls);
    for (const call of allCalls) expect(text).toContain(`\`${call.method} ${call.path}\``);
    expect(text).toMatch(/\| `username` +\| string +\| 是 +\|/);
  });
});
