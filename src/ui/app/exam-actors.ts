/**
 * The exam room's actor, one per sitting (exam and paper), held by the runtime's feature actors
 * (./feature-actors.ts) like the practice actors: leaving the room and coming back finds it as
 * it was, and a reload starts it afresh from the server's saved answers.
 */
import { createActor, type Actor } from 'xstate';
import { createExamRoomImplementations } from '../../machines/exam-room/implementations.ts';
import { examRoomMachine } from '../../machines/exam-room/machine.ts';
import { commerceTag } from './modules/commerce.ts';
import type { Runtime } from './runtime.ts';

export type ExamRoomActor = Actor<typeof examRoomMachine>;

export function examRoomActorFor(
  runtime: Runtime,
  examId: number,
  examPaperId: number,
): ExamRoomActor {
  const name = `examRoom:${examId}:${examPaperId}`;
  return runtime.featureActors.get(name, () => {
    const actor = createActor(
      examRoomMachine.provide(createExamRoomImplementations({ transport: runtime.transport })),
      runtime.eventLog.attachToActor(name, { input: { examId, examPaperId } }),
    ).start();
    // Handed in: the member's exam lists and reports are stale.
    actor.subscribe((s) => {
      if (s.matches('handedIn')) runtime.queries.cache.invalidateTags([commerceTag]);
    });
    return actor;
  });
}
