/**
 * A course's review (docs/product-rules.md#lifecycle-actions course: pass, reject): an
 * organization's course reaches learners outside the organization once platform staff pass it; a
 * change to what learners read (title, notes, units …) sends a passed course back to review
 * (review.ts, `resubmitPassed`). The platform's own courses are passed when written (trusted
 * submit).
 */
import { defineLifecycle } from './lifecycle.ts';
import { REVIEW_STATE_NAMES, reviewMachineOf } from './review.ts';

export const courseLifecycle = defineLifecycle({
  noun: '课程',
  machine: reviewMachineOf('course', { resubmitPassed: true }),
  states: REVIEW_STATE_NAMES,
  actions: ['submit', 'pass', 'reject'],
});
