/**
 * Registration form of the login dialog (registerByPwd, docs/product-rules.md#the-call-catalogue):
 * username, nickname, password and an image captcha. It follows the login dialog's conventions
 * (../login/machine.ts): validation runs in an invoked actor so its verdict is a logged event, the
 * typed values never enter the context (the export scrubs them), and every invoke has an explicit
 * id.
 *
 *   inactive ──START──► active (parallel)
 *     form:    editing ──SUBMIT──► validating ──ok──► submitting ──done──► inactive (+ `registered`)
 *                 ▲                    │ field errors      │ error (+ server field errors)
 *                 └────────────────────┴───────────────────┘
 *     captcha: loading ──► ready | failed ──REFRESH_CAPTCHA──► loading
 *
 * ./implementations.ts provides `validateRegistration` (../login/validation.ts, loaded on first
 * use because it needs zod), `register` (registerByPwd) and `loadCaptcha` (getImageCaptcha). A
 * successful registration emits `registered`; the runtime forwards it to the start-up actor as
 * USER.LOGGED_IN.
 */
import { assertEvent, assign, emit, fromPromise, not, raise, setup, stateIn } from 'xstate';
import type { CurrentUser } from '../../contract/accounts/calls.ts';
import { validatedBy } from '../done-output.ts';
import { describeError, serverFieldErrors, type ErrorInfo, type FieldError } from '../errors.ts';
import type { Captcha } from '../login/machine.ts';
import type {
  Registration,
  RegistrationInput,
  RegistrationValues,
  ValidationResult,
} from '../login/validation.ts';
import { notProvided } from '../not-provided.ts';
import { toSessionUser, type SessionUser } from '../user.ts';

export interface RegisterContext {
  fieldErrors: FieldError[];
  error: ErrorInfo | null;
  captcha: Captcha | null;
  captchaError: ErrorInfo | null;
}

export type RegisterEvent =
  | { type: 'START' }
  | { type: 'CANCEL' }
  | { type: 'SUBMIT'; values: RegistrationValues }
  | { type: 'REFRESH_CAPTCHA' };

export type RegisterEmitted = { type: 'registered'; user: SessionUser };

const emptyContext: RegisterContext = {
  fieldErrors: [],
  error: null,
  captcha: null,
  captchaError: null,
};

export const registerMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
    emitted: {} as RegisterEmitted,
  },
  actors: {
    /** validateRegistration of ../login/validation.ts. */
    validateRegistration: fromPromise<ValidationResult<Registration>, RegistrationInput>(
      notProvided('validateRegistration'),
    ),
    /** registerByPwd: creates the account and logs it in. */
    register: fromPromise<CurrentUser, Registration>(notProvided('register')),
    /** getImageCaptcha. */
    loadCaptcha: fromPromise<Captcha>(notProvided('loadCaptcha')),
  },
  guards: {
    notSubmitting: not(stateIn('#register.active.form.submitting')),
  },
}).createMachine({
  id: 'register',
  context: emptyContext,
  initial: 'inactive',
  states: {
    inactive: {
      on: { START: { target: 'active', actions: assign(emptyContext) } },
    },
    active: {
      type: 'parallel',
      on: {
        // An account creation on the wire is not abandoned half way.
        CANCEL: { guard: 'notSubmitting', target: 'inactive' },
      },
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: { on: { SUBMIT: 'validating' } },
            validating: {
              invoke: {
                id: 'validateRegistration',
                src: 'validateRegistration',
                input: ({ context, event }) => {
                  assertEvent(event, 'SUBMIT');
                  return { ...event.values, captchaId: context.captcha?.captchaId ?? '' };
                },
                onDone: [
                  {
                    guard: ({ event }) => !event.output.ok,
                    target: 'editing',
                    actions: assign({
                      fieldErrors: ({ event }) => (event.output.ok ? [] : event.output.fieldErrors),
                      error: null,
                    }),
                  },
                  { target: 'submitting', actions: assign({ fieldErrors: [], error: null }) },
                ],
                onError: {
                  target: 'editing',
                  actions: assign({ error: ({ event }) => describeError(event.error) }),
                },
              },
            },
            submitting: {
              invoke: {
                id: 'register',
                src: 'register',
                input: ({ event }) => validatedBy<Registration>(event, 'validateRegistration'),
                onDone: {
                  target: '#register.inactive',
                  actions: emit(({ event }) => ({
                    type: 'registered' as const,
                    user: toSessionUser(event.output),
                  })),
                },
                onError: {
                  target: 'editing',
                  actions: [
                    assign({
                      error: ({ event }) => describeError(event.error),
                      fieldErrors: ({ event }) => serverFieldErrors(event.error),
                    }),
                    // The server spends a captcha on every attempt.
                    raise({ type: 'REFRESH_CAPTCHA' }),
                  ],
                },
              },
            },
          },
        },
        captcha: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadCaptcha',
                src: 'loadCaptcha',
                onDone: {
                  target: 'ready',
                  actions: assign({ captcha: ({ event }) => event.output, captchaError: null }),
                },
                onError: {
                  target: 'failed',
                  actions: assign({
                    captcha: null,
                    captchaError: ({ event }) => describeError(event.error),
                  }),
                },
              },
            },
            ready: { on: { REFRESH_CAPTCHA: 'loading' } },
            failed: { on: { REFRESH_CAPTCHA: 'loading' } },
          },
        },
      },
    },
  },
});
