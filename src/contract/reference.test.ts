import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allCalls } from './index.ts';
import { API_REFERENCE_PATH, formattedApiReference } from '../../scripts/api-reference.ts';

describe('the API reference', () => {
  it('docs/api.md is what the contract generates (run `npm run docs:api` after a change)', async () => {
    expect(readFileSync(API_REFERENCE_PATH, 'utf8')).toBe(await formattedApiReference());
  });

  it('documents every call with its access and fields', async () => {
    const text = await formattedApiReference();
    for (const call of allCalls) expect(text).toContain(`\`${call.method} ${call.path}\``);
    expect(text).toMatch(/\| `username` +\| string +\| 是 +\|/);
  });
});
