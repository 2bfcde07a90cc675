/**
 * The built-in judge tutor as a provider: the whole answer is worked out at once (it is rules,
 * not a model), then streamed in small pieces at a steady pace so it reads like any other
 * assistant and goes through exactly the same stream, stop and charge path.
 */
import { pieces, tutorReply } from '../tutor/tutor.ts';
import { sleep, type AiModelProvider } from './types.ts';

export function builtinProvider(pieceDelayMs: number): AiModelProvider {
  return {
    name: 'builtin',
    model: null,
    async generate(request, onDelta) {
      for (const piece of pieces(tutorReply(request.tutor))) {
        if (pieceDelayMs > 0) await sleep(pieceDelayMs, request.signal);
        else if (request.signal.aborted) throw request.signal.reason as Error;
        onDelta(piece);
      }
    },
  };
}
