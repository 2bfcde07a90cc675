/** An objective question's intents. */
import type { Sender } from '../implementations.ts';
import type { SubmitMode } from '../practice/types.ts';
import type { ObjectiveEvent } from './machine.ts';

export function objectiveEvents(actor: Sender<ObjectiveEvent>) {
  return {
    /** Toggles option `index` (a single or true/false question keeps one choice). */
    choose: (index: number) => actor.send({ type: 'CHOOSE', index }),
    submit: () => actor.send({ type: 'SUBMIT' }),
    setMode: (mode: SubmitMode) => actor.send({ type: 'MODE', mode }),
    /** Another page of the history (0-based). */
    showHistoryPage: (page: number) => actor.send({ type: 'HISTORY.PAGE', page }),
  };
}

export type ObjectiveEvents = ReturnType<typeof objectiveEvents>;
