/**
 * An exam paper's review (docs/product-rules.md#lifecycle-actions exam paper: pass, reject). A
 * paper an organization writes is reviewed by platform staff before an exam using it can be
 * published; changing a passed paper's questions sends it back to review (review.ts,
 * `resubmitPassed`).
 */
import { defineLifecycle } from './lifecycle.ts';
import { REVIEW_STATE_NAMES, REVIEW_STATES, reviewMachineOf, type ReviewState } from './review.ts';

export const EXAM_PAPER_REVIEW_STATES = REVIEW_STATES;
export type ExamPaperReview = ReviewState;

export const examPaperLifecycle = defineLifecycle({
  noun: '试卷',
  machine: reviewMachineOf('examPaper', { resubmitPassed: true }),
  states: REVIEW_STATE_NAMES,
  actions: ['submit', 'pass', 'reject'],
});

/** Only a passed paper goes into a published exam. */
export const PAPER_PASSED: ExamPaperReview = 'passed';
