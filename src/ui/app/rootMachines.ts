import { aiChatMachine } from '../../machines/ai-chat/machine.ts';
import { checkoutMachine } from '../../machines/checkout/machine.ts';
import { deviceMachine } from '../../machines/deviceClass.ts';
import { examEnrollMachine } from '../../machines/exam-enroll/machine.ts';
import { activityEnrollMachine } from '../../machines/activity-enroll/machine.ts';
import { prizeClaimMachine } from '../../machines/prize-claim/machine.ts';
import { invitationAnswerMachine } from '../../machines/invitation-answer/machine.ts';
import { examRoomMachine } from '../../machines/exam-room/machine.ts';
import { gradeEnrollMachine } from '../../machines/grade-enroll/machine.ts';
import { editorConfigMachine } from '../../machines/editorConfig.ts';
import { loginDialogMachine } from '../../machines/login/machine.ts';
import { membershipMachine } from '../../machines/membership.ts';
import { orderActionsMachine } from '../../machines/orders/machine.ts';
import { parentBindingMachine } from '../../machines/parent-binding/machine.ts';
import { staffEditMachine } from '../../machines/staff-edit/machine.ts';
import { questionPackagesMachine } from '../../machines/question-packages/machine.ts';
import { objectivePracticeMachine } from '../../machines/objective-practice/machine.ts';
import { practiceMachine } from '../../machines/practice/machine.ts';
import { registerMachine } from '../../machines/register/machine.ts';
import { rollingNoticeMachine } from '../../machines/rollingNotice.ts';
import { sessionMachine } from '../../machines/session.ts';
import { startupMachine } from '../../machines/startup.ts';
import { toastQueueMachine } from '../../machines/toastQueue.ts';
import type { ReplayMachines } from '../../streams/replay.ts';

/**
 * The root actors by the names runtime.ts logs them under. Replay folds a log through these
 * unprovided machines: transitions are pure, and provided effects never run during replay.
 */
export const ROOT_MACHINES = {
  startup: { machine: startupMachine },
  loginDialog: { machine: loginDialogMachine },
  register: { machine: registerMachine },
  toastQueue: { machine: toastQueueMachine },
  rollingNotice: { machine: rollingNoticeMachine },
  editorConfig: { machine: editorConfigMachine },
  membership: { machine: membershipMachine },
  device: { machine: deviceMachine },
  session: { machine: sessionMachine },
  checkout: { machine: checkoutMachine },
  orderActions: { machine: orderActionsMachine },
  staffOrderActions: { machine: orderActionsMachine },
  staffEdit: { machine: staffEditMachine },
  questionPackages: { machine: questionPackagesMachine },
  examEnroll: { machine: examEnrollMachine },
  gradeEnroll: { machine: gradeEnrollMachine },
  activityEnroll: { machine: activityEnrollMachine },
  prizeClaim: { machine: prizeClaimMachine },
  parentBinding: { machine: parentBindingMachine },
  childCheckout: { machine: checkoutMachine },
  invitationAnswer: { machine: invitationAnswerMachine },
} satisfies ReplayMachines;

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
