/**
 * An exam's lifecycle (spec 001 §4 exam: publish, unpublish, stop, pass, reject; issue 7 item 2).
 *
 *   none ──submit {trusted}──► approved          (platform staff's exams need no review)
 *   none | rejected ──submit──► reviewing ──pass──► approved
 *                                  └──reject──► rejected
 *   approved | unpublished ──publish──► published ──unpublish──► unpublished
 *   approved | published | unpublished ──stop──► stopped   (final: no enrollment, no start)
 *
 * The server moves the row through it (server/lifecycle/), the screens show its actions.
 */
import { setup } from 'xstate';
import { defineLifecycle } from './lifecycle.ts';
import { trustedSubmit, type SubmitEvent } from './review.ts';

export const EXAM_STATES = [
  'none',
  'reviewing',
  'rejected',
  'approved',
  'published',
  'unpublished',
  'stopped',
] as const;
export type ExamState = (typeof EXAM_STATES)[number];

export const examMachine = setup({
  types: {
    events: {} as
      | SubmitEvent
      | { type: 'pass' }
      | { type: 'reject' }
      | { type: 'publish' }
      | { type: 'unpublish' }
      | { type: 'stop' },
  },
  guards: { trusted: trustedSubmit },
}).createMachine({
  id: 'exam',
  initial: 'none',
  states: {
    none: { on: { submit: [{ guard: 'trusted', target: 'approved' }, { target: 'reviewing' }] } },
    reviewing: { on: { pass: 'approved', reject: 'rejected' } },
    rejected: { on: { submit: 'reviewing' } },
    approved: { on: { publish: 'published', stop: 'stopped' } },
    published: { on: { unpublish: 'unpublished', stop: 'stopped' } },
    unpublished: { on: { publish: 'published', stop: 'stopped' } },
    stopped: { type: 'final' },
  },
});

export const examLifecycle = defineLifecycle({
  noun: '考试',
  machine: examMachine,
  states: {
    none: '未创建',
    reviewing: '待审核',
    rejected: '已驳回',
    approved: '待发布',
    published: '已发布',
    unpublished: '已下架',
    stopped: '已结束',
  },
  actions: ['submit', 'pass', 'reject', 'publish', 'unpublish', 'stop'],
});

/** The one state in which learners see an exam, enroll and start. */
export const EXAM_OPEN: ExamState = 'published';
