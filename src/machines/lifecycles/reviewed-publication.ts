/**
 * Reviewed publication (docs/product-rules.md#lifecycle-actions: exam, activity — publish,
 * unpublish, stop, pass, reject; homework — publish, unpublish, pass, reject): a row is reviewed
 * (review.ts) before it can be published, and stopping, where the entity has it, ends it for good.
 *
 *   none ──submit {trusted}──► approved
 *   none | rejected ──submit──► reviewing ──pass──► approved
 *                                  └──reject──► rejected
 *   approved | unpublished ──publish──► published ──unpublish──► unpublished
 *   approved | published | unpublished ──stop──► stopped     (stoppable entities; final)
 *   approved | published | unpublished ──submit──► reviewing (`resubmitReviewed`: a change
 *                                                   is reviewed again before it is shown)
 */
import { setup } from 'xstate';
import { trustedSubmit, type SubmitEvent } from './review.ts';

export const REVIEWED_PUBLICATION_STATE_NAMES = {
  none: '未创建',
  reviewing: '待审核',
  rejected: '已驳回',
  approved: '待发布',
  published: '已发布',
  unpublished: '已下架',
} as const;

type Event =
  | SubmitEvent
  | { type: 'pass' }
  | { type: 'reject' }
  | { type: 'publish' }
  | { type: 'unpublish' }
  | { type: 'stop' };

export const reviewedPublicationMachineOf = (
  id: string,
  options: { stoppable: boolean; resubmitReviewed?: boolean },
) => {
  const stop = options.stoppable ? { stop: 'stopped' } : {};
  // Only an untrusted author's change is sent; trusted staff never submit a reviewed row.
  const resubmit = options.resubmitReviewed ? { submit: 'reviewing' } : {};
  return setup({
    types: { events: {} as Event },
    guards: { trusted: trustedSubmit },
  }).createMachine({
    id,
    initial: 'none',
    states: {
      none: {
        on: { submit: [{ guard: 'trusted', target: 'approved' }, { target: 'reviewing' }] },
      },
      reviewing: { on: { pass: 'approved', reject: 'rejected' } },
      rejected: { on: { submit: 'reviewing' } },
      approved: { on: { publish: 'published', ...stop, ...resubmit } },
      published: { on: { unpublish: 'unpublished', ...stop, ...resubmit } },
      unpublished: { on: { publish: 'published', ...stop, ...resubmit } },
      ...(options.stoppable ? { stopped: { type: 'final' as const } } : {}),
    },
  });
};
