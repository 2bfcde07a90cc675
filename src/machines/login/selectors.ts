/** What the login dialog's views read from its snapshot, named once. */
import type { SnapshotFrom } from 'xstate';
import type { loginDialogMachine } from './machine.ts';

type LoginSnapshot = SnapshotFrom<typeof loginDialogMachine>;

export type CaptchaStatus = 'idle' | 'loading' | 'ready' | 'failed';
/** idle: a code may be asked for; busy: one is being asked for; cooldown: wait to ask again. */
export type CodeStatus = 'idle' | 'busy' | 'cooldown';

export const selectIsOpen = (s: LoginSnapshot) => s.matches('open');
export const selectMode = (s: LoginSnapshot) => s.context.mode;
export const selectReason = (s: LoginSnapshot) => s.context.reason;
export const selectFieldErrors = (s: LoginSnapshot) => s.context.fieldErrors;
export const selectError = (s: LoginSnapshot) => s.context.error;
export const selectCodeError = (s: LoginSnapshot) => s.context.codeError;
export const selectCaptcha = (s: LoginSnapshot) => s.context.captcha;
/** The login brake holds the account: the password form shows the captcha. */
export const selectCaptchaRequired = (s: LoginSnapshot) => s.context.captchaRequired;
export const selectLoggedInUserId = (s: LoginSnapshot) => s.context.user?.id ?? null;

/** A login is being checked or is on the wire. */
export const selectSubmitting = (s: LoginSnapshot) =>
  s.matches({ open: { form: 'validating' } }) || s.matches({ open: { form: 'submitting' } });

export function selectCaptchaStatus(s: LoginSnapshot): CaptchaStatus {
  for (const status of ['loading', 'ready', 'failed'] as const) {
    if (s.matches({ open: { captcha: status } })) return status;
  }
  return 'idle';
}

export function selectCodeStatus(s: LoginSnapshot): CodeStatus {
  if (s.matches({ open: { code: 'cooldown' } })) return 'cooldown';
  return s.matches({ open: { code: 'idle' } }) ? 'idle' : 'busy';
}
