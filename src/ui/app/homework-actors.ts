/**
 * The homework room's actors, one per question of an enrollment, held by the runtime's feature
 * actors (./feature-actors.ts) like the practice actors: the practice and objective machines
 * provided with the homework's calls (src/machines/homework-room/implementations.ts). Logged as
 * `homeworkPractice:<enrollId>:<questionId>` and `homeworkObjective:<enrollId>:<questionId>`,
 * so replay finds their machines by kind (the kinds modules/homework.ts declares).
 */
import { createActor } from 'xstate';
import {
  createHomeworkObjectiveImplementations,
  createHomeworkPracticeImplementations,
  type HomeworkRoomDeps,
} from '../../machines/homework-room/implementations.ts';
import {
  objectivePracticeMachine,
  type ObjectiveQuestion,
} from '../../machines/objective-practice/machine.ts';
import { practiceMachine } from '../../machines/practice/machine.ts';
import type { ObjectiveActor, PracticeActor } from './practice-actors.ts';
import { homeworkTag } from './modules/homework.ts';
import { memberAnswersTag } from './modules/practice.ts';
import type { Runtime } from './runtime.ts';

/** A graded answer changes the room's progress, the lists and the reports. */
const homeworkDeps = (runtime: Runtime, homeworkEnrollId: number): HomeworkRoomDeps => ({
  transport: runtime.transport,
  homeworkEnrollId,
  onGraded: () => {
    runtime.queries.cache.invalidateTags([homeworkTag]);
    runtime.queries.cache.invalidateTags([memberAnswersTag]);
  },
});

export function homeworkPracticeActorFor(
  runtime: Runtime,
  homeworkEnrollId: number,
  questionId: number,
): PracticeActor {
  const name = `homeworkPractice:${homeworkEnrollId}:${questionId}`;
  return runtime.featureActors.get(name, () =>
    createActor(
      practiceMachine.provide(
        createHomeworkPracticeImplementations(homeworkDeps(runtime, homeworkEnrollId)),
      ),
      runtime.eventLog.attachToActor(name, { input: { questionId } }),
    ).start(),
  );
}

/** The objective-answer actor of a homework question whose statement is loaded. */
export function homeworkObjectiveActorFor(
  runtime: Runtime,
  homeworkEnrollId: number,
  question: ObjectiveQuestion,
): ObjectiveActor {
  const name = `homeworkObjective:${homeworkEnrollId}:${question.id}`;
  return runtime.featureActors.get(name, () =>
    createActor(
      objectivePracticeMachine.provide(
        createHomeworkObjectiveImplementations(homeworkDeps(runtime, homeworkEnrollId)),
      ),
      runtime.eventLog.attachToActor(name, { input: { question } }),
    ).start(),
  );
}
