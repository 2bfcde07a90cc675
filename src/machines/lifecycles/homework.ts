/**
 * Homework's lifecycle (docs/product-rules.md#lifecycle-actions homework: publish, unpublish, pass,
 * reject): reviewed publication without `stop` (reviewed-publication.ts). A teacher's homework is
 * trusted unless their organization asks for platform review (organizations.homework_review);
 * publishing assigns it to the class (or its groups), unpublishing hides it from students without
 * losing their answers.
 */
import { defineLifecycle } from './lifecycle.ts';
import {
  REVIEWED_PUBLICATION_STATE_NAMES,
  reviewedPublicationMachineOf,
} from './reviewed-publication.ts';

export const homeworkLifecycle = defineLifecycle({
  noun: '作业',
  machine: reviewedPublicationMachineOf('homework', { stoppable: false }),
  states: REVIEWED_PUBLICATION_STATE_NAMES,
  actions: ['submit', 'pass', 'reject', 'publish', 'unpublish'],
});

/** The one state in which students see and work on homework. */
export const HOMEWORK_OPEN = 'published' satisfies keyof typeof REVIEWED_PUBLICATION_STATE_NAMES;
