/** The login dialog's intents, as the views and other features send them. */
import type { Sender } from '../implementations.ts';
import type { LoginDialogEvent } from './machine.ts';
import type { LoginCredentials, LoginMode } from './validation.ts';

export function loginEvents(actor: Sender<LoginDialogEvent>) {
  return {
    /** `reason` is an i18n key shown above the form; `returnTo` where to go once logged in. */
    open: (reason?: string, returnTo?: string) =>
      actor.send({
        type: 'OPEN',
        ...(reason ? { reason } : {}),
        ...(returnTo ? { returnTo } : {}),
      }),
    close: () => actor.send({ type: 'CLOSE' }),
    setMode: (mode: LoginMode) => actor.send({ type: 'SET_MODE', mode }),
    submit: (credentials: LoginCredentials) => actor.send({ type: 'SUBMIT', credentials }),
    requestCode: (mobile: string, captchaCode: string) =>
      actor.send({ type: 'REQUEST_CODE', mobile, captchaCode }),
    refreshCaptcha: () => actor.send({ type: 'REFRESH_CAPTCHA' }),
  };
}

export type LoginEvents = ReturnType<typeof loginEvents>;
