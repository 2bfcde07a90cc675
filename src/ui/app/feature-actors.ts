/**
 * Feature actors (a question's practice, an objective question, a playground) are created OUTSIDE
 * React (StrictMode would start invoked calls twice otherwise:
 * docs/decisions/client-and-screens.md, "Client runtime"), on first use, and kept while the same
 * member is logged in, so returning to a question finds it as it was left. They are keyed by the
 * name they are logged under (`practice:12`), which is also how the export records their states and
 * how replay finds their machine (streams/replay.ts).
 */
import type { SnapshotSource } from '../../streams/event-log.ts';

interface FeatureActor {
  stop(): void;
  getSnapshot(): { value: unknown; context: unknown };
}

export interface FeatureActors {
  /** The actor logged as `name`, created by `create` on first use for the current member. */
  get<A extends FeatureActor>(name: string, create: () => A): A;
  /** Every live feature actor by its log name, for the export's recorded states. */
  snapshotSource(): SnapshotSource;
  stopAll(): void;
}

/**
 * Kept only for the member who opened them: after a logout or a switch of account, the next
 * member starts afresh instead of seeing someone else's code.
 */
export function createFeatureActors(currentMemberId: () => number | null): FeatureActors {
  let owner: number | null = null;
  const actors = new Map<string, FeatureActor>();
  const stopAll = () => {
    for (const actor of actors.values()) actor.stop();
    actors.clear();
  };
  return {
    get<A extends FeatureActor>(name: string, create: () => A): A {
      const member = currentMemberId();
      if (member !== owner) {
        stopAll();
        owner = member;
      }
      let actor = actors.get(name) as A | undefined;
      if (!actor) {
        actor = create();
        actors.set(name, actor);
      }
      return actor;
    },
    snapshotSource: () => Object.fromEntries(actors),
    stopAll,
  };
}
