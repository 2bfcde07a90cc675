/** Single sign-on's intents. */
import type { Sender } from '../implementations.ts';
import type { SsoAnswer, SsoSignInEvent } from './machine.ts';

export function ssoSignInEvents(actor: Sender<SsoSignInEvent>) {
  return {
    start: () => actor.send({ type: 'START' }),
    signIn: (answer: SsoAnswer) => actor.send({ type: 'SIGN_IN', answer }),
  };
}
