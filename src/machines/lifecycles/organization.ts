/**
 * An organization's admission (docs/product-rules.md#lifecycle-actions organization: pass, reject).
 * A teacher applies to open an organization; platform staff pass it (its applicant becomes its
 * first admin) or reject it with a reason, and the applicant may correct and apply again.
 * Organizations platform staff create are passed at once. Changes after passing are not reviewed
 * again.
 */
import { defineLifecycle } from './lifecycle.ts';
import { REVIEW_STATE_NAMES, reviewMachineOf } from './review.ts';

export const organizationLifecycle = defineLifecycle({
  noun: '机构',
  machine: reviewMachineOf('organization', { resubmitPassed: false }),
  states: { ...REVIEW_STATE_NAMES, none: '未申请' },
  actions: ['submit', 'pass', 'reject'],
});

/**
 * A member's approval (docs/product-rules.md#lifecycle-actions member: pass, reject). Where an
 * organization asks for it, a member a teacher adds waits for an organization admin; until passed
 * it cannot be acted as.
 */
export const memberApprovalLifecycle = defineLifecycle({
  noun: '成员',
  machine: reviewMachineOf('memberApproval', { resubmitPassed: false }),
  states: REVIEW_STATE_NAMES,
  actions: ['submit', 'pass', 'reject'],
});
