/**
 * An exam paper's review (spec 001 §4 exam paper: pass, reject). A paper an organization writes
 * is reviewed by platform staff before an exam using it can be published; changing a passed
 * paper's questions sends it back to review.
 *
 *   none ──submit {trusted}──► passed
 *   none | rejected | passed ──submit──► reviewing ──pass──► passed
 *                                           └──reject──► rejected
 */
import { setup } from 'xstate';
import { defineLifecycle } from './lifecycle.ts';
import { trustedSubmit, type SubmitEvent } from './review.ts';

export const EXAM_PAPER_REVIEW_STATES = ['none', 'reviewing', 'passed', 'rejected'] as const;
export type ExamPaperReview = (typeof EXAM_PAPER_REVIEW_STATES)[number];

export const examPaperMachine = setup({
  types: { events: {} as SubmitEvent | { type: 'pass' } | { type: 'reject' } },
  guards: { trusted: trustedSubmit },
}).createMachine({
  id: 'examPaper',
  initial: 'none',
  states: {
    none: { on: { submit: [{ guard: 'trusted', target: 'passed' }, { target: 'reviewing' }] } },
    reviewing: { on: { pass: 'passed', reject: 'rejected' } },
    rejected: { on: { submit: 'reviewing' } },
    passed: { on: { submit: [{ guard: 'trusted', target: 'passed' }, { target: 'reviewing' }] } },
  },
});

export const examPaperLifecycle = defineLifecycle({
  noun: '试卷',
  machine: examPaperMachine,
  states: { none: '未创建', reviewing: '待审核', passed: '已通过', rejected: '已驳回' },
  actions: ['submit', 'pass', 'reject'],
});

/** Only a passed paper goes into a published exam. */
export const PAPER_PASSED: ExamPaperReview = 'passed';
