/**
 * A learner's sitting of one exam paper (docs/product-rules.md#lifecycle-actions: start, complete,
 * settle; issue 7 item 4), shared by the server, which owns the clock, and the exam room.
 *
 *   none ──start──► inProgress ──complete──► completed ──judge──► judging
 *   judging ──settle {released}──► reported      (results are out: the learner reads the report)
 *   judging ──settle──► settled ──publishResults──► reported
 *   settled | reported ──settle──► (same)          (settling again is idempotent)
 *   settled | reported ──rejudge──► judging        (after test data was fixed)
 *
 * `complete` comes from the learner, from staff, or from the server at the deadline; which one
 * is recorded on the row, not a different state. `released` says whether the exam's results
 * are published (automatic results, or staff published them).
 */
import { setup } from 'xstate';
import { defineLifecycle, stateHasTag } from './lifecycle.ts';

export const SITTING_STATES = [
  'none',
  'inProgress',
  'completed',
  'judging',
  'settled',
  'reported',
] as const;
export type SittingState = (typeof SITTING_STATES)[number];

type SittingEvent =
  | { type: 'start' }
  | { type: 'complete' }
  | { type: 'judge' }
  | { type: 'settle'; released?: boolean }
  | { type: 'rejudge' }
  | { type: 'publishResults' };

export const sittingMachine = setup({
  types: { events: {} as SittingEvent },
  guards: {
    released: ({ event }) => event.type === 'settle' && event.released === true,
  },
}).createMachine({
  id: 'examPaperEnroll',
  initial: 'none',
  states: {
    none: { on: { start: 'inProgress' } },
    inProgress: { tags: ['answering'], on: { complete: 'completed' } },
    completed: { tags: ['judging'], on: { judge: 'judging' } },
    judging: {
      tags: ['judging'],
      on: { settle: [{ guard: 'released', target: 'reported' }, { target: 'settled' }] },
    },
    settled: {
      tags: ['unpublished'],
      on: {
        settle: [{ guard: 'released', target: 'reported' }, { target: 'settled' }],
        publishResults: 'reported',
        rejudge: 'judging',
      },
    },
    reported: { tags: ['report'], on: { settle: 'reported', rejudge: 'judging' } },
  },
});

export const sittingLifecycle = defineLifecycle({
  noun: '答卷',
  machine: sittingMachine,
  states: {
    none: '未开始',
    inProgress: '作答中',
    completed: '已交卷',
    judging: '评测中',
    settled: '已结算',
    reported: '已出成绩',
  },
  actions: ['start', 'complete', 'judge', 'settle', 'rejudge', 'publishResults'],
});

/** The sitting accepts answers: the room is open (the server also checks the deadline). */
export const isAnswering = (state: SittingState) =>
  stateHasTag(sittingLifecycle, state, 'answering');
/** The learner may read their score and per-question results. */
export const hasReport = (state: SittingState) => stateHasTag(sittingLifecycle, state, 'report');
/** Handed in, the programs not all judged yet: the report follows by itself shortly. */
export const isJudging = (state: SittingState) => stateHasTag(sittingLifecycle, state, 'judging');
/** Judged and scored, waiting for staff to publish the results. */
export const awaitsPublication = (state: SittingState) =>
  stateHasTag(sittingLifecycle, state, 'unpublished');
