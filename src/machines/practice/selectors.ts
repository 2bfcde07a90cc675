/** What the practice screen's panels read from its snapshot, named once. */
import type { SnapshotFrom } from 'xstate';
import type { practiceMachine } from './machine.ts';

type PracticeSnapshot = SnapshotFrom<typeof practiceMachine>;

/** Where the code stands with its draft on the server. */
export type DraftStatus = 'saved' | 'unsaved' | 'saving';

export const selectQuestion = (s: PracticeSnapshot) => s.context.question;
export const selectQuestionFailed = (s: PracticeSnapshot) => s.context.questionError !== null;
export const selectQuestionError = (s: PracticeSnapshot) => s.context.questionError;
export const selectReviewing = (s: PracticeSnapshot) => s.context.mode === 'review';
export const selectLanguage = (s: PracticeSnapshot) => s.context.language;
export const selectSource = (s: PracticeSnapshot) => s.context.source;
export const selectInput = (s: PracticeSnapshot) => s.context.input;
export const selectCodeLoading = (s: PracticeSnapshot) => s.matches({ code: 'loading' });
/** A run, a submission or a correction is on its way or being judged. */
export const selectJobBusy = (s: PracticeSnapshot) => !s.matches({ job: 'idle' });
export const selectFollowing = (s: PracticeSnapshot) => s.matches({ job: 'following' });
export const selectProgress = (s: PracticeSnapshot) => s.context.progress;
export const selectResult = (s: PracticeSnapshot) => s.context.result;
export const selectJobKind = (s: PracticeSnapshot) => s.context.jobKind;
export const selectJobError = (s: PracticeSnapshot) => s.context.jobError;
export const selectHistory = (s: PracticeSnapshot) => s.context.history;
export const selectQuota = (s: PracticeSnapshot) => s.context.quota;

export function selectDraftStatus(s: PracticeSnapshot): DraftStatus {
  if (s.matches({ code: 'saving' })) return 'saving';
  return s.matches({ code: 'unsaved' }) ? 'unsaved' : 'saved';
}
