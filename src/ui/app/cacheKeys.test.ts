import { describe, expect, it } from 'vitest';
import { isMemberAnswersKey } from './cacheKeys.ts';

describe('keys that move with the member’s answers', () => {
  it('take the answers’ own family and the learner’s activity reads, nothing else', () => {
    expect(isMemberAnswersKey('memberAnswers:12:course:list')).toBe(true);
    expect(isMemberAnswersKey('commerce:12:activity:mine:3')).toBe(true);
    expect(isMemberAnswersKey('commerce:12:orders:0')).toBe(false);
    expect(isMemberAnswersKey('staff:bms:activity:3')).toBe(false);
  });
});
