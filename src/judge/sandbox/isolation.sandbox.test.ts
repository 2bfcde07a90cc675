import { describe, expect, it } from 'vitest';
import { missingIsolation } from './isolation.ts';

describe('missingIsolation on the judging machine', () => {
  it('is empty (root, bwrap, cgroup v1, gcc)', () => {
    expect(missingIsolation()).toEqual([]);
  });
});
