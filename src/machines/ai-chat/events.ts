/** The AI chat panel's intents. */
import type { Sender } from '../implementations.ts';
import type { AiChatEvent, AiContextRef } from './machine.ts';

export function aiChatEvents(actor: Sender<AiChatEvent>) {
  return {
    send: (content: string) => actor.send({ type: 'SEND', content }),
    stop: () => actor.send({ type: 'STOP' }),
    /** Follow a reply again after the connection was lost. */
    resume: () => actor.send({ type: 'RESUME' }),
    retry: () => actor.send({ type: 'RETRY' }),
    /** The page's context changed (a newer answer): the next question carries it. */
    setContext: (context: AiContextRef) => actor.send({ type: 'CONTEXT', context }),
  };
}
