/** What the objective question's panels read from its snapshot, named once. */
import type { SnapshotFrom } from 'xstate';
import type { objectivePracticeMachine } from './machine.ts';

type ObjectiveSnapshot = SnapshotFrom<typeof objectivePracticeMachine>;

export const selectQuestion = (s: ObjectiveSnapshot) => s.context.question;
export const selectChoice = (s: ObjectiveSnapshot) => s.context.choice;
export const selectSubmitted = (s: ObjectiveSnapshot) => s.context.submitted;
export const selectResult = (s: ObjectiveSnapshot) => s.context.result;
export const selectError = (s: ObjectiveSnapshot) => s.context.error;
export const selectHistory = (s: ObjectiveSnapshot) => s.context.history;
export const selectBusy = (s: ObjectiveSnapshot) => s.hasTag('busy');
export const selectCanSubmit = (s: ObjectiveSnapshot) => s.can({ type: 'SUBMIT' });
export const selectReviewing = (s: ObjectiveSnapshot) => s.context.mode === 'review';
