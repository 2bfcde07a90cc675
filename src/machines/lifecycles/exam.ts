/**
 * An exam's lifecycle (docs/product-rules.md#lifecycle-actions exam: publish, unpublish, stop,
 * pass, reject; issue 7 item 2): reviewed publication with `stop` (reviewed-publication.ts).
 * Platform staff's exams need no review; stopping ends an exam for good (no enrollment, no start).
 *
 * The server moves the row through it (server/lifecycle/), the screens show its actions.
 */
import { defineLifecycle } from './lifecycle.ts';
import {
  REVIEWED_PUBLICATION_STATE_NAMES,
  reviewedPublicationMachineOf,
} from './reviewed-publication.ts';

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

export const examLifecycle = defineLifecycle({
  noun: '考试',
  machine: reviewedPublicationMachineOf('exam', { stoppable: true }),
  states: { ...REVIEWED_PUBLICATION_STATE_NAMES, stopped: '已结束' },
  actions: ['submit', 'pass', 'reject', 'publish', 'unpublish', 'stop'],
});

/** The one state in which learners see an exam, enroll and start. */
export const EXAM_OPEN: ExamState = 'published';
