/**
 * Signing in at the school's identity provider (issue 27 item 7;
 * docs/decisions/admin-and-identity.md "Single sign-on"): the login dialog's button leaves for
 * the provider (a fresh request each time: state, nonce, PKCE); back from it, the callback page
 * hands the code and state to ssoAuth once; the session's user follows, or the refusal is shown.
 * The code and state are spent by that one call.
 *
 *   idle | failed ─START─► leaving ─► left (leave for the provider) | idle (the refusal notified)
 *                 ─SIGN_IN─► signingIn ─► idle (+ loggedIn) | failed
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

export type SsoSignInEvent = { type: 'START' } | { type: 'SIGN_IN'; answer: SsoAnswer };

export type SsoSignInEmitted = { type: 'loggedIn'; user: SessionUser };

export const ssoSignInMachine = setup({
  types: {
    context: {} as { error: ErrorInfo | null },
    events: {} as SsoSignInEvent,
    emitted: {} as SsoSignInEmitted,
  },
  actors: {
    /** sso/authorizeUrl: the provider's sign-in page for a request just started. */
    authorizeUrl: fromPromise<{ url: string }>(notProvided('authorizeUrl')),
    /** ssoAuth. */
    signIn: fromPromise<CurrentUser, SsoAnswer>(notProvided('signIn')),
  },
  actions: {
    /** Sends the tab to the provider (not on replay). */
    leave: (_, _params: { url: string }) => undefined,
  },
}).createMachine({
  id: 'ssoSignIn',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: { on: { START: 'leaving', SIGN_IN: 'signingIn' } },
    leaving: {
      invoke: {
        id: 'authorizeUrl',
        src: 'authorizeUrl',
        onDone: {
          target: 'left',
          actions: { type: 'leave', params: ({ event }) => ({ url: event.output.url }) },
        },
        // The refusal (not configured, the provider unreachable) is notified by the transport.
        onError: 'idle',
      },
    },
    // The page is unloading; a tab kept open (the navigation refused) may start again.
    left: { on: { START: 'leaving' } },
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
    failed: { on: { START: 'leaving', SIGN_IN: 'signingIn' } },
  },
});
