/** The practice screen's intents. */
import type { Sender } from '../implementations.ts';
import type { PracticeEvent, PracticeLanguage, SubmitMode } from './types.ts';

export function practiceEvents(actor: Sender<PracticeEvent>) {
  return {
    edit: (source: string) => actor.send({ type: 'EDIT', source }),
    editInput: (input: string) => actor.send({ type: 'EDIT_INPUT', input }),
    setLanguage: (language: PracticeLanguage) => actor.send({ type: 'LANGUAGE', language }),
    run: () => actor.send({ type: 'RUN' }),
    submit: () => actor.send({ type: 'SUBMIT' }),
    /** The screen's address switched between submitting and correcting (订正). */
    setMode: (mode: SubmitMode) => actor.send({ type: 'MODE', mode }),
    retry: () => actor.send({ type: 'RETRY' }),
    reload: () => actor.send({ type: 'RELOAD' }),
    /** Another page of the history (0-based). */
    showHistoryPage: (page: number) => actor.send({ type: 'HISTORY.PAGE', page }),
  };
}

export type PracticeEvents = ReturnType<typeof practiceEvents>;
