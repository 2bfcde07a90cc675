import { aiChatMachine } from '../../machines/ai-chat/machine.ts';
import { examRoomMachine } from '../../machines/exam-room/machine.ts';
import { objectivePracticeMachine } from '../../machines/objective-practice/machine.ts';
import { practiceMachine } from '../../machines/practice/machine.ts';
import type { ReplayMachines } from '../../streams/replay.ts';
import { rootMachinesOf } from './client-module.ts';
import { CLIENT_MODULES } from './modules.ts';

/**
 * The root actors by the names runtime.ts logs them under, from the modules' declarations.
 * Replay folds a log through these unprovided machines: transitions are pure, and provided
 * effects never run during replay.
 */
export const ROOT_MACHINES: ReplayMachines = rootMachinesOf(CLIENT_MODULES);

/**
 * The feature actors by their kind: each is logged as `<kind>:<instance>` (practiceActors.ts),
 * and replay finds its machine by the kind.
 */
export const FEATURE_MACHINES = {
  practice: { machine: practiceMachine },
  playground: { machine: practiceMachine },
  objective: { machine: objectivePracticeMachine },
  examRoom: { machine: examRoomMachine },
  // The homework room's questions: the same machines with the homework's calls.
  homeworkPractice: { machine: practiceMachine },
  homeworkObjective: { machine: objectivePracticeMachine },
  // The AI assistant's conversations (aiActors.ts).
  aiChat: { machine: aiChatMachine },
} satisfies ReplayMachines;

/** Every machine a recorded session can name: what the replay view folds a log through. */
export const REPLAY_MACHINES: ReplayMachines = { ...ROOT_MACHINES, ...FEATURE_MACHINES };
