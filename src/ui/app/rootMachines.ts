import type { ReplayMachines } from '../../streams/replay.ts';
import { featureMachinesOf, rootMachinesOf } from './client-module.ts';
import { CLIENT_MODULES } from './modules.ts';

/**
 * The root actors by the names runtime.ts logs them under, from the modules' declarations.
 * Replay folds a log through these unprovided machines: transitions are pure, and provided
 * effects never run during replay.
 */
export const ROOT_MACHINES: ReplayMachines = rootMachinesOf(CLIENT_MODULES);

/**
 * The feature actors' machines by their kind, from the modules' declarations: each actor is
 * logged as `<kind>:<instance>` (practiceActors.ts), and replay finds its machine by the kind.
 * The modules name them through import() so that they stay off the first screen; only this
 * module, which the replay view and the tests load, waits for them.
 */
export const FEATURE_MACHINES: ReplayMachines = await featureMachinesOf(CLIENT_MODULES);

/** Every machine a recorded session can name: what the replay view folds a log through. */
export const REPLAY_MACHINES: ReplayMachines = { ...ROOT_MACHINES, ...FEATURE_MACHINES };
