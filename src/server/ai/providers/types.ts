/**
 * One interface for whoever writes the assistant's answers: the built-in judge tutor, or an
 * OpenAI-compatible model a school configures (docs/decisions/ai-assistant.md).
 */
import type { AiProvider } from '../../../contract/ai/calls.ts';
import type { TutorInput } from '../tutor/tutor.ts';

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface GenerateRequest {
  /** The scene's system prompt (staff's text) followed by what the server knows (context). */
  messages: ChatTurn[];
  /** The same context, structured, for the built-in tutor. */
  tutor: TutorInput;
  /** Aborted when the learner stops the reply or the server shuts down. */
  signal: AbortSignal;
}

export interface AiModelProvider {
  name: AiProvider;
  model: string | null;
  /**
   * Calls `onDelta` with each piece as it comes; rejects with AiProviderError on a fault. What
   * it delivered is what is charged (tokens.ts), whatever the provider counts.
   */
  generate(request: GenerateRequest, onDelta: (text: string) => void): Promise<void>;
}

/** A provider fault: `message` is what the learner reads (Chinese); nothing is charged. */
export class AiProviderError extends Error {}

/** Rejects when `signal` aborts, resolves after `ms` otherwise. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
