/**
 * Publication: a row is written as a draft, only staff see it; publishing puts it before
 * learners (上架), unpublishing takes it back (下架) without losing what learners did with it.
 * Questions use it; the catalogue's other publish/unpublish entities (membership, right,
 * member document, AI token goods) take the same machine, and classes add `stop` (停止: over
 * for good, docs/product-rules.md#lifecycle-actions grade).
 */
import { setup } from 'xstate';
import { defineLifecycle } from './lifecycle.ts';

export const PUBLICATION_STATES = ['draft', 'published', 'unpublished'] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];
export type PublicationAction = 'publish' | 'unpublish';

/** A publication machine; `stoppable`: published or unpublished rows can be stopped for good. */
export const publicationMachineOf = (id: string, options: { stoppable: boolean }) => {
  const stop = options.stoppable ? { stop: 'stopped' } : {};
  return setup({
    types: {
      events: {} as { type: 'publish' } | { type: 'unpublish' } | { type: 'stop' },
    },
  }).createMachine({
    id,
    initial: 'draft',
    states: {
      draft: { on: { publish: 'published' } },
      published: { on: { unpublish: 'unpublished', ...stop } },
      unpublished: { on: { publish: 'published', ...stop } },
      ...(options.stoppable ? { stopped: { type: 'final' as const } } : {}),
    },
  });
};

export const publicationMachine = publicationMachineOf('publication', { stoppable: false });

/** Where a new row starts: the machine's initial state. */
export const initialPublication = publicationMachine.config.initial as PublicationState;

export const PUBLICATION_STATE_NAMES = {
  draft: '草稿',
  published: '已上架',
  unpublished: '已下架',
} as const;

/** The publication lifecycle of one kind of entity, named in its messages by `noun`. */
export const publicationOf = (noun: string) =>
  defineLifecycle({
    noun,
    machine: publicationMachine,
    states: PUBLICATION_STATE_NAMES,
    actions: ['publish', 'unpublish'],
  });

export const questionPublication = publicationOf('题目');

/** The one state in which a row is shown beyond its owner's staff: to learners (仅上架题目) and other organizations. */
export const PUBLISHED: PublicationState = 'published';
