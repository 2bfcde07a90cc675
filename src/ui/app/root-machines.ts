/**
 * The replay machines for code that runs in Node (the tests, scripts), complete when imported.
 * Not for the browser: its top-level await would split the first screen into dozens of chunks
 * (replay-machines.ts says why); the replay view uses replay-machines.ts.
 */
import type { ReplayMachines } from '../../streams/replay.ts';
import { CLIENT_MODULES } from './modules.ts';
import { featureMachinesOf, loadReplayMachines } from './replay-machines.ts';

export { ROOT_MACHINES } from './replay-machines.ts';

/** The feature actors' machines by their kind, from the modules' declarations. */
export const FEATURE_MACHINES: ReplayMachines = await featureMachinesOf(CLIENT_MODULES);

/** Every machine a recorded session can name. */
export const REPLAY_MACHINES: ReplayMachines = await loadReplayMachines();
