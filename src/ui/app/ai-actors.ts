/**
 * AI chat actors (src/machines/ai-chat), one per place the assistant is opened — a question, a
 * report's question, a session continued from the history — held by the runtime's feature
 * actors, so closing and reopening the panel finds the conversation as it was, and logged as
 * `aiChat:<place>` so replay finds their machine.
 */
import { createActor, type Actor } from 'xstate';
import { createAiChatImplementations } from '../../machines/ai-chat/implementations.ts';
import { aiChatMachine, type AiChatInput } from '../../machines/ai-chat/machine.ts';
import { aiSessionsTag } from './modules/ai.ts';
import { commerceTag } from './modules/commerce.ts';
import type { Runtime } from './runtime.ts';

export type AiChatActor = Actor<typeof aiChatMachine>;

/** Where the assistant was opened, as the part of its log name after `aiChat:`. */
export function aiPlaceOf(input: AiChatInput): string {
  if (input.sessionId) return `session-${input.sessionId}`;
  const c = input.context ?? {};
  const parts = [c.examId, c.homeworkId, c.questionId].filter((n) => n !== undefined);
  return [input.scene, ...parts].join('-');
}

export function aiChatActorFor(runtime: Runtime, input: AiChatInput): AiChatActor {
  const name = `aiChat:${aiPlaceOf(input)}`;
  return runtime.featureActors.get(name, () =>
    createActor(
      aiChatMachine.provide(
        createAiChatImplementations({
          transport: runtime.transport,
          // A charged reply changed the wallet's AI tokens and the session list's order.
          onCharged: () => {
            runtime.queries.cache.invalidateTags([commerceTag]);
            runtime.queries.cache.invalidateTags([aiSessionsTag]);
          },
        }),
      ),
      runtime.eventLog.attachToActor(name, { input }),
    ).start(),
  );
}
