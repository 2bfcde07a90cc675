import { describe, expect, it } from 'vitest';
import { allCalls } from '../../contract/index.ts';
import { REVIEW_KIND_NAMES, REVIEW_KINDS } from './review-queue.ts';

describe('the approval queue’s reviewable kinds (issue 25 item 4)', () => {
  const ids = allCalls.map((call) => call.id);
  const platformPasses = ids.filter((id) => /^bms\.[A-Za-z]+\.pass$/.test(id));

  it('lists every kind the platform passes, so nothing waiting is left out of 审批队列', () => {
    expect(platformPasses.length).toBeGreaterThanOrEqual(6);
    expect(REVIEW_KINDS.map((k) => k.pass).sort()).toEqual([...platformPasses].sort());
  });

  it('rejects each kind through its own call, and names each kind once', () => {
    for (const kind of REVIEW_KINDS) {
      expect(kind.reject).toBe(kind.pass.replace(/\.pass$/, '.reject'));
      expect(ids).toContain(kind.reject);
    }
    expect(REVIEW_KINDS.map((k) => k.kind)).toEqual([...REVIEW_KIND_NAMES]);
  });
});
