import { describe, expect, it } from 'vitest';
import { activityLifecycle, isReviewedActivity } from './activity.ts';
import { allowedActions, isFinalState, nextState, refusalOf } from './lifecycle.ts';
import { submitDetails } from './review.ts';

describe('the activity lifecycle', () => {
  it('sends an organization’s new activity to review and trusts the platform’s', () => {
    expect(nextState(activityLifecycle, 'none', 'submit', submitDetails(false))).toBe('reviewing');
    expect(nextState(activityLifecycle, 'none', 'submit', submitDetails(true))).toBe('approved');
  });

  it('passes or rejects a reviewed activity, and a rejected one may be submitted again', () => {
    expect(nextState(activityLifecycle, 'reviewing', 'pass')).toBe('approved');
    expect(nextState(activityLifecycle, 'reviewing', 'reject')).toBe('rejected');
    expect(nextState(activityLifecycle, 'rejected', 'submit')).toBe('reviewing');
  });

  it('publishes, unpublishes and publishes again', () => {
    expect(nextState(activityLifecycle, 'approved', 'publish')).toBe('published');
    expect(nextState(activityLifecycle, 'published', 'unpublish')).toBe('unpublished');
    expect(nextState(activityLifecycle, 'unpublished', 'publish')).toBe('published');
  });

  it('stops for good from a draft, a published or an unpublished activity', () => {
    for (const from of ['approved', 'published', 'unpublished'] as const) {
      expect(nextState(activityLifecycle, from, 'stop')).toBe('stopped');
    }
    expect(isFinalState(activityLifecycle, 'stopped')).toBe(true);
    expect(allowedActions(activityLifecycle, 'stopped')).toEqual([]);
  });

  it('refuses what the state does not allow, naming the state', () => {
    expect(nextState(activityLifecycle, 'reviewing', 'publish')).toBeNull();
    expect(nextState(activityLifecycle, 'rejected', 'publish')).toBeNull();
    expect(nextState(activityLifecycle, 'published', 'pass')).toBeNull();
    expect(nextState(activityLifecycle, 'reviewing', 'stop')).toBeNull();
    expect(nextState(activityLifecycle, 'stopped', 'publish')).toBeNull();
    expect(refusalOf(activityLifecycle, 'reviewing', 'publish')).toBe(
      '活动当前为「待审核」，不能上架',
    );
  });

  it('lists the actions a screen shows in each state', () => {
    expect(allowedActions(activityLifecycle, 'reviewing')).toEqual(['pass', 'reject']);
    expect(allowedActions(activityLifecycle, 'approved')).toEqual(['submit', 'publish', 'stop']);
    expect(allowedActions(activityLifecycle, 'published')).toEqual(['submit', 'unpublish', 'stop']);
  });

  it('sends a passed activity back to review when its author changes it', () => {
    for (const from of ['approved', 'published', 'unpublished'] as const) {
      expect(nextState(activityLifecycle, from, 'submit', submitDetails(false))).toBe('reviewing');
      expect(isReviewedActivity(from)).toBe(true);
    }
    for (const from of ['none', 'reviewing', 'rejected', 'stopped'] as const) {
      expect(isReviewedActivity(from)).toBe(false);
    }
    expect(nextState(activityLifecycle, 'stopped', 'submit')).toBeNull();
  });
});
