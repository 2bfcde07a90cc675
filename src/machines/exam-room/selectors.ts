/** What the exam room's views read from its snapshot, named once. */
import type { SnapshotFrom } from 'xstate';
import { pendingSaves, secondsLeft, type examRoomMachine, type RoomAnswer } from './machine.ts';

type RoomSnapshot = SnapshotFrom<typeof examRoomMachine>;

/** The autosave indicator: everything acknowledged, saves on their way, or no connection. */
export type SaveStatus = 'saved' | 'saving' | 'offline' | 'closed';

export const selectLoading = (s: RoomSnapshot) => s.matches('loading');
export const selectLoadFailed = (s: RoomSnapshot) => s.matches('failed');
export const selectError = (s: RoomSnapshot) => s.context.error;
export const selectSitting = (s: RoomSnapshot) => s.context.sitting;
export const selectQuestions = (s: RoomSnapshot) => s.context.questions;
export const selectCurrent = (s: RoomSnapshot) => s.context.current;
export const selectAnswers = (s: RoomSnapshot) => s.context.answers;
export const selectSecondsLeft = (s: RoomSnapshot) => secondsLeft(s.context);
export const selectAnswering = (s: RoomSnapshot) => s.matches({ session: 'answering' });
export const selectConfirming = (s: RoomSnapshot) => s.matches({ session: 'confirming' });
export const selectHandingIn = (s: RoomSnapshot) =>
  s.matches({ session: 'flushing' }) || s.matches({ session: 'completing' });
export const selectHandInFailed = (s: RoomSnapshot) => s.matches({ session: 'handInFailed' });
export const selectHandedIn = (s: RoomSnapshot) => s.matches('handedIn');
export const selectTimeUp = (s: RoomSnapshot) => s.context.timeUp;
export const selectRefused = (s: RoomSnapshot) => s.context.refused;
export const selectRunning = (s: RoomSnapshot) => s.context.running;
export const selectRun = (s: RoomSnapshot) => s.context.run;
export const selectRunError = (s: RoomSnapshot) => s.context.runError;
export const selectRunInput = (s: RoomSnapshot) => s.context.runInput;

export function selectSaveStatus(s: RoomSnapshot): SaveStatus {
  if (s.context.closed || s.matches('handedIn')) return 'closed';
  if (s.context.offline) return 'offline';
  return pendingSaves(s.context) > 0 ? 'saving' : 'saved';
}

/** Whether a question has an answer worth calling one (a choice, or code beyond the template). */
export function isAnswered(answer: RoomAnswer | undefined, template: string): boolean {
  if (!answer) return false;
  if (answer.answer.includes('1')) return true;
  return answer.source.trim() !== '' && answer.source !== template;
}
