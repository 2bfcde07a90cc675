import { deviceMachine } from '../../machines/deviceClass.ts';
import { editorConfigMachine } from '../../machines/editorConfig.ts';
import { loginDialogMachine } from '../../machines/login/machine.ts';
import { membershipMachine } from '../../machines/membership.ts';
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
export const ROOT_MACHINES: ReplayMachines = {
  startup: { machine: startupMachine },
  loginDialog: { machine: loginDialogMachine },
  register: { machine: registerMachine },
  toastQueue: { machine: toastQueueMachine },
  rollingNotice: { machine: rollingNoticeMachine },
  editorConfig: { machine: editorConfigMachine },
  membership: { machine: membershipMachine },
  device: { machine: deviceMachine },
  session: { machine: sessionMachine },
};
