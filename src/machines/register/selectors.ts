/** What the registration form reads from its snapshot, named once. */
import type { SnapshotFrom } from 'xstate';
import type { registerMachine } from './machine.ts';

type RegisterSnapshot = SnapshotFrom<typeof registerMachine>;

export type RegisterCaptchaStatus = 'loading' | 'ready' | 'failed';

export const selectRegistering = (s: RegisterSnapshot) => s.matches('active');
export const selectFieldErrors = (s: RegisterSnapshot) => s.context.fieldErrors;
export const selectError = (s: RegisterSnapshot) => s.context.error;
export const selectCaptcha = (s: RegisterSnapshot) => s.context.captcha;

export const selectSubmitting = (s: RegisterSnapshot) =>
  s.matches({ active: { form: 'validating' } }) || s.matches({ active: { form: 'submitting' } });

export function selectCaptchaStatus(s: RegisterSnapshot): RegisterCaptchaStatus {
  if (s.matches({ active: { captcha: 'ready' } })) return 'ready';
  return s.matches({ active: { captcha: 'failed' } }) ? 'failed' : 'loading';
}
