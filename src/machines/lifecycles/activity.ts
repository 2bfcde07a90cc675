/**
 * An activity's lifecycle (docs/product-rules.md#lifecycle-actions activity: publish, unpublish,
 * stop, pass, reject; issue 10 item 1): reviewed publication with `stop` (reviewed-publication.ts),
 * the exam's shape. Creating an organization's activity submits it for platform review; the
 * platform's own are trusted and start as drafts (待发布). An organization's change to what
 * learners read (title, texts, kind, times, price, questions) sends a passed activity back to
 * review (out of the list until passed and published again). Unpublishing takes it back off the
 * list; stopping ends enrollment and the contest early, for good. "Ended" by the clock is a phase,
 * not a state.
 *
 * The server moves the row through it (server/activity/), the screens show its actions.
 */
import { defineLifecycle, nextState } from './lifecycle.ts';
import {
  REVIEWED_PUBLICATION_STATE_NAMES,
  reviewedPublicationMachineOf,
} from './reviewed-publication.ts';

export const ACTIVITY_STATES = [
  'none',
  'reviewing',
  'rejected',
  'approved',
  'published',
  'unpublished',
  'stopped',
] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];

export const activityLifecycle = defineLifecycle({
  noun: '活动',
  machine: reviewedPublicationMachineOf('activity', { stoppable: true, resubmitReviewed: true }),
  states: { ...REVIEWED_PUBLICATION_STATE_NAMES, stopped: '已停止' },
  actions: ['submit', 'pass', 'reject', 'publish', 'unpublish', 'stop'],
});

/** The one state in which learners see an activity and enroll. */
export const ACTIVITY_OPEN: ActivityState = 'published';

/**
 * Passed review and not stopped (待发布, 已发布, 已下架): the states the publication actions
 * leave from. Only such an activity takes enrollments — a place would let its holder read
 * content nobody has reviewed yet.
 */
export const isReviewedActivity = (state: string): boolean =>
  nextState(activityLifecycle, state as ActivityState, 'publish') !== null ||
  nextState(activityLifecycle, state as ActivityState, 'unpublish') !== null;
