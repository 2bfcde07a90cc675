/**
 * Back from the school's identity provider (issue 27 item 7; docs/decisions/admin-and-identity.md
 * "Single sign-on"): the callback page hands the code and state to ssoAuth once; the session's
 * user follows, or the refusal is shown. The code and state are spent by that one call.
 *
 *   idle | failed ─SIGN_IN─► signingIn ─► idle (+ loggedIn) | failed
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { CurrentUser } from '../../contract/accounts/calls.ts';
import { describeError, type ErrorInfo } from '../errors.ts';
import { notProvided } from '../not-provided.ts';
import { toSessionUser, type SessionUser } from '../user.ts';

export interface SsoAnswer {
  code: string;
  state: string;
  iss?: string;
}

export type SsoSignInEvent = { type: 'SIGN_IN'; answer: SsoAnswer };

export type SsoSignInEmitted = { type: 'loggedIn'; user: SessionUser };

export const ssoSignInMachine = setup({
  types: {
    context: {} as { error: ErrorInfo | null },
    events: {} as SsoSignInEvent,
    emitted: {} as SsoSignInEmitted,
  },
  actors: {
    /** ssoAuth. */
    signIn: fromPromise<CurrentUser, SsoAnswer>(notProvided('signIn')),
  },
}).createMachine({
  id: 'ssoSignIn',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: { on: { SIGN_IN: 'signingIn' } },
    signingIn: {
      entry: assign({ error: null }),
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          assertEvent(event, 'SIGN_IN');
          return event.answer;
        },
        onDone: {
          target: 'idle',
          actions: emit(({ event }) => ({
            type: 'loggedIn' as const,
            user: toSessionUser(event.output),
          })),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => describeError(event.error) }),
        },
      },
    },
    failed: { on: { SIGN_IN: 'signingIn' } },
  },
});
