/** The AI chat panel's intents. */
import type { Sender } from '../implementations.ts';
import type { AiChatEvent, AiContextRef } from './machine.ts';

/** A random nonce for a question (crypto.getRandomValues works on plain http too, unlike randomUUID). */
function questionNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function aiChatEvents(actor: Sender<AiChatEvent>) {
  return {
    send: (content: string) => actor.send({ type: 'SEND', content, nonce: questionNonce() }),
    stop: () => actor.send({ type: 'STOP' }),
    /** Follow a reply again after the connection was lost. */
    resume: () => actor.send({ type: 'RESUME' }),
    retry: () => actor.send({ type: 'RETRY' }),
    /** The page's context changed (a newer answer): the next question carries it. */
    setContext: (context: AiContextRef) => actor.send({ type: 'CONTEXT', context }),
    /** Empty the panel; the next question opens a new session. */
    newConversation: () => actor.send({ type: 'NEW_CONVERSATION' }),
  };
}
