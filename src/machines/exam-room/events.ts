/** The exam room's intents. Times come from the caller (the view's event), never from here. */
import type { Sender } from '../implementations.ts';
import type { PracticeLanguage } from '../practice/types.ts';
import type { RoomEvent, SignalPayload } from './machine.ts';

export function examRoomEvents(actor: Sender<RoomEvent>) {
  return {
    select: (questionId: number) => actor.send({ type: 'SELECT', questionId }),
    choose: (questionId: number, answer: string) =>
      actor.send({ type: 'CHOOSE', questionId, answer }),
    code: (questionId: number, source: string) => actor.send({ type: 'CODE', questionId, source }),
    language: (questionId: number, language: PracticeLanguage) =>
      actor.send({ type: 'LANGUAGE', questionId, language }),
    flag: (questionId: number, flagged: boolean) =>
      actor.send({ type: 'FLAG', questionId, flagged }),
    runInput: (input: string) => actor.send({ type: 'RUN_INPUT', input }),
    run: () => actor.send({ type: 'RUN' }),
    complete: () => actor.send({ type: 'COMPLETE' }),
    confirm: () => actor.send({ type: 'CONFIRM' }),
    cancel: () => actor.send({ type: 'CANCEL' }),
    retry: () => actor.send({ type: 'RETRY' }),
    signal: (kind: SignalPayload['kind'], detail: string, at: string) =>
      actor.send({ type: 'SIGNAL', kind, detail, at }),
  };
}

export type ExamRoomEvents = ReturnType<typeof examRoomEvents>;
