/** Binds the practice features (src/machines/practice, objective-practice) to the panels. */
import { useMemo } from 'react';
import {
  objectiveEvents,
  type ObjectiveEvents,
} from '../../../machines/objective-practice/events.ts';
import { practiceEvents, type PracticeEvents } from '../../../machines/practice/events.ts';
import type { ObjectiveActor, PracticeActor } from '../../app/practice-actors.ts';

export function usePracticeEvents(actor: PracticeActor): PracticeEvents {
  return useMemo(() => practiceEvents(actor), [actor]);
}

export function useObjectiveEvents(actor: ObjectiveActor): ObjectiveEvents {
  return useMemo(() => objectiveEvents(actor), [actor]);
}
