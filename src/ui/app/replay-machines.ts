/**
 * The machines the replay view folds a recorded log through (docs/architecture.md, "The event log
 * and replay"), from the modules' declarations: unprovided, so transitions are pure and no effect
 * runs during replay.
 *
 * The feature kinds' machines are named by their modules through import(), which keeps them off
 * the first screen (docs/decisions/client-and-screens.md, "Client modules and query tags"); the
 * /replay screen awaits loadReplayMachines() before its page loads (modules/shell.ts). A
 * top-level await would be simpler, but any in the app makes the bundler split the first screen
 * into dozens of chunks, 37 kB larger: Node code waits with one in root-machines.ts instead.
 */
import type { AnyStateMachine } from 'xstate';
import type { ReplayMachines } from '../../streams/replay.ts';
import { rootMachinesOf, type ClientModule } from './client-module.ts';
import { CLIENT_MODULES } from './modules.ts';

/**
 * The feature actors' machines by kind, every module's, loaded. A kind two modules declare stops
 * here: a recorded `<kind>:<instance>` would otherwise replay through whichever came last. (Here
 * rather than beside rootMachinesOf: only replay needs it, and this file is off the first screen.)
 */
export async function featureMachinesOf(
  modules: readonly Pick<ClientModule, 'name' | 'featureKinds'>[],
): Promise<ReplayMachines> {
  const owner = new Map<string, string>();
  const loads: Promise<[string, AnyStateMachine]>[] = [];
  for (const module of modules) {
    for (const [kind, load] of Object.entries(module.featureKinds)) {
      const other = owner.get(kind);
      if (other) throw new Error(`Feature kind ${kind} is declared by ${other} and ${module.name}`);
      owner.set(kind, module.name);
      loads.push(load().then((machine) => [kind, machine]));
    }
  }
  const loaded = await Promise.all(loads);
  return Object.fromEntries(loaded.map(([kind, machine]) => [kind, { machine }]));
}

/** The root actors by the names the runtime logs them under. */
export const ROOT_MACHINES: ReplayMachines = rootMachinesOf(CLIENT_MODULES);

/**
 * Every machine a recorded session can name: the root actors' at once, the feature kinds' once
 * loadReplayMachines() has resolved (a feature actor is logged as `<kind>:<instance>`, and
 * replay finds its machine by the kind).
 */
export const REPLAY_MACHINES: ReplayMachines = { ...ROOT_MACHINES };

let loading: Promise<ReplayMachines> | null = null;

/** Loads every module's feature kinds into REPLAY_MACHINES (once), and gives it. */
export function loadReplayMachines(): Promise<ReplayMachines> {
  loading ??= featureMachinesOf(CLIENT_MODULES).then((features) =>
    Object.assign(REPLAY_MACHINES, features),
  );
  return loading;
}
