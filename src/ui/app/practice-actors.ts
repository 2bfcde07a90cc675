/**
 * The practice features' actors, one per question or playground language, held by the
 * runtime's feature actors (./feature-actors.ts). Their effects are the features' own
 * implementations (src/machines/practice, src/machines/objective-practice).
 */
import { createActor, type Actor } from 'xstate';
import { createObjectiveImplementations } from '../../machines/objective-practice/implementations.ts';
import {
  objectivePracticeMachine,
  type ObjectiveQuestion,
} from '../../machines/objective-practice/machine.ts';
import {
  createPlaygroundImplementations,
  createPracticeImplementations,
  type PracticeDeps,
} from '../../machines/practice/implementations.ts';
import {
  practiceMachine,
  type PracticeLanguage,
  type SubmitMode,
} from '../../machines/practice/machine.ts';
import { memberAnswersTag } from './modules/practice.ts';
import type { Runtime } from './runtime.ts';

export type PracticeActor = Actor<typeof practiceMachine>;
export type ObjectiveActor = Actor<typeof objectivePracticeMachine>;

/** A graded answer changed what the play home's status columns and wrong list show. */
const practiceDeps = (runtime: Runtime): PracticeDeps => ({
  transport: runtime.transport,
  onGraded: () => runtime.queries.cache.invalidateTags([memberAnswersTag]),
});

/**
 * The practice actor of a question, started on first use and kept afterwards. It opens in the
 * language the member last saved a draft in (C++ when there is none). `mode` is the mode it
 * starts in; a kept actor is told of a later change by a MODE event (the screen does that), so
 * submitting and correcting share the code, result and history.
 */
export function practiceActorFor(
  runtime: Runtime,
  questionId: number,
  mode: SubmitMode = 'submit',
): PracticeActor {
  const name = `practice:${questionId}`;
  return runtime.featureActors.get(name, () =>
    createActor(
      practiceMachine.provide(createPracticeImplementations(practiceDeps(runtime))),
      runtime.eventLog.attachToActor(name, { input: { questionId, mode } }),
    ).start(),
  );
}

/**
 * The objective-answer actor of a question whose statement is loaded (and objective); `mode` as
 * for practiceActorFor.
 */
export function objectiveActorFor(
  runtime: Runtime,
  question: ObjectiveQuestion,
  mode: SubmitMode = 'submit',
): ObjectiveActor {
  const name = `objective:${question.id}`;
  return runtime.featureActors.get(name, () =>
    createActor(
      objectivePracticeMachine.provide(createObjectiveImplementations(practiceDeps(runtime))),
      runtime.eventLog.attachToActor(name, { input: { question, mode } }),
    ).start(),
  );
}

/** The playground actor, one per starting language (/play/home C++, /play/python Python). */
export function playgroundActorFor(runtime: Runtime, language: PracticeLanguage): PracticeActor {
  const name = `playground:${language}`;
  return runtime.featureActors.get(name, () =>
    createActor(
      practiceMachine.provide(createPlaygroundImplementations(practiceDeps(runtime))),
      runtime.eventLog.attachToActor(name, { input: { questionId: null, language } }),
    ).start(),
  );
}
