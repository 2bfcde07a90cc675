/**
 * Review by someone above the author (docs/product-rules.md#lifecycle-actions pass/reject: exam
 * papers, exams, homework, organizations, members): what is written waits for a decision before it
 * reaches others; what trusted staff write skips the wait. Creating a row is its first `submit`;
 * changing a rejected row submits it again.
 *
 *   none ──submit {trusted}──► passed
 *   none | rejected ──submit──► reviewing ──pass──► passed
 *                                  └──reject──► rejected
 *   passed ──submit──► reviewing            (only where a change must be reviewed again)
 */
import { setup } from 'xstate';

/** `submit` carries who wrote it: `{ trusted: true }` for staff whose work needs no review. */
export type SubmitEvent = { type: 'submit'; trusted?: boolean };

export const trustedSubmit = ({ event }: { event: { type: string; trusted?: boolean } }) =>
  event.type === 'submit' && event.trusted === true;

/** The details the server passes with `submit`. */
export const submitDetails = (trusted: boolean) => ({ trusted });

export const REVIEW_STATES = ['none', 'reviewing', 'passed', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** The names of the review states in messages and screens. */
export const REVIEW_STATE_NAMES: Record<ReviewState, string> = {
  none: '未创建',
  reviewing: '待审核',
  passed: '已通过',
  rejected: '已驳回',
};

/** A review machine; `resubmitPassed`: a change to a passed row is reviewed again. */
export const reviewMachineOf = (id: string, options: { resubmitPassed: boolean }) =>
  setup({
    types: { events: {} as SubmitEvent | { type: 'pass' } | { type: 'reject' } },
    guards: { trusted: trustedSubmit },
  }).createMachine({
    id,
    initial: 'none',
    states: {
      none: { on: { submit: [{ guard: 'trusted', target: 'passed' }, { target: 'reviewing' }] } },
      reviewing: { on: { pass: 'passed', reject: 'rejected' } },
      rejected: { on: { submit: 'reviewing' } },
      passed: options.resubmitPassed
        ? { on: { submit: [{ guard: 'trusted', target: 'passed' }, { target: 'reviewing' }] } }
        : {},
    },
  });
