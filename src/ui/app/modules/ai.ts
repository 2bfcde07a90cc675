/**
 * The AI assistant. Its conversations are feature actors (aiActors.ts), which mark the session
 * list stale when a reply ends.
 */
import { defineClientModule } from '../client-module.ts';

/** The member's conversations and the assistant's allowance (aiQueries.ts). */
export const aiSessionsTag = 'aiSessions';

export const aiModule = defineClientModule({
  name: 'ai',
  rootActors: {},
  queryTags: { [aiSessionsTag]: [] },
});
