/** Registration's intents. */
import type { Sender } from '../implementations.ts';
import type { RegistrationValues } from '../login/validation.ts';
import type { RegisterEvent } from './machine.ts';

export function registerEvents(actor: Sender<RegisterEvent>) {
  return {
    start: () => actor.send({ type: 'START' }),
    cancel: () => actor.send({ type: 'CANCEL' }),
    submit: (values: RegistrationValues) => actor.send({ type: 'SUBMIT', values }),
    refreshCaptcha: () => actor.send({ type: 'REFRESH_CAPTCHA' }),
  };
}

export type RegisterEvents = ReturnType<typeof registerEvents>;
