/**
 * Publication: a row is written as a draft, only staff see it; publishing puts it before
 * learners (上架), unpublishing takes it back (下架) without losing what learners did with it.
 * Questions use it today; the catalogue's other publish/unpublish entities (membership, right,
 * member document, AI token goods) take the same machine.
 */
import { setup } from 'xstate';
import { defineLifecycle } from './lifecycle.ts';

export const PUBLICATION_STATES = ['draft', 'published', 'unpublished'] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];
export type PublicationAction = 'publish' | 'unpublish';

export const publicationMachine = setup({
  types: {
    events: {} as { type: 'publish' } | { type: 'unpublish' },
  },
}).createMachine({
  id: 'publication',
  initial: 'draft',
  states: {
    draft: { on: { publish: 'published' } },
    published: { on: { unpublish: 'unpublished' } },
    unpublished: { on: { publish: 'published' } },
  },
});

/** Where a new row starts: the machine's initial state. */
export const initialPublication = publicationMachine.config.initial as PublicationState;

/** The publication lifecycle of one kind of entity, named in its messages by `noun`. */
export const publicationOf = (noun: string) =>
  defineLifecycle({
    noun,
    machine: publicationMachine,
    states: { draft: '草稿', published: '已上架', unpublished: '已下架' },
    actions: ['publish', 'unpublish'],
  });

export const questionPublication = publicationOf('题目');

/** The one state in which a row is shown beyond its owner's staff: to learners (仅上架题目) and other organizations. */
export const PUBLISHED: PublicationState = 'published';
