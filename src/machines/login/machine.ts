/**
 * Login dialog — docs/product-rules.md#screens-and-routes: a login dialog can be opened and closed
 * from any screen; its calls (loginByPwd, loginByMobile, getSmsCode) are in
 * docs/product-rules.md#the-call-catalogue.
 *
 *   closed ──OPEN──► open (parallel)
 *     form:    editing ──SUBMIT──► validating ──ok──► submitting ──done──► closed (+ `loggedIn`)
 *                 ▲                    │ field errors      │ error
 *                 └────────────────────┴───────────────────┘
 *     code:    idle ──REQUEST_CODE──► validating ──► requesting ──► cooldown ──after──► idle
 *     captcha: idle ──(mobile mode, or braked)──► loading ──► ready | failed ──REFRESH_CAPTCHA──► loading
 *
 * Validation runs in an invoked actor (`validateCredentials`, `validateCodeRequest`) rather
 * than in a guard. Its verdict then reaches the machine as a logged `xstate.done.actor.*`
 * event, so replaying an exported log — where passwords, mobiles and codes are scrubbed —
 * takes the same branch as the live session did. Credentials never enter the context for the
 * same reason. The validators need zod and the contract schemas, which the browser's first
 * screen must not load, so they are declared here, written in ./validation.ts and loaded on
 * first use by ./implementations.ts.
 *
 * The login brake (docs/protocol.md): when the server says an account needs a captcha
 * (CAPTCHA_REQUIRED, or `data.captchaRequired` with a wrong password), `captchaRequired` is set,
 * the password form gets the captcha, and each further try sends a fresh one.
 *
 * A login or code request the server refuses with field failures (`data.fields` of a
 * VALIDATION error) puts them in `fieldErrors`, under the fields, like the form's own checks.
 *
 * ./implementations.ts provides `login` (LoginCredentials → CurrentUser), and for mobile mode
 * `requestCode` and `loadCaptcha`. A successful login emits `loggedIn`; the runtime forwards it
 * to the start-up actor as USER.LOGGED_IN.
 */
import {
  assertEvent,
  assign,
  emit,
  enqueueActions,
  fromPromise,
  not,
  raise,
  setup,
  stateIn,
} from 'xstate';
import type { CurrentUser } from '../../contract/accounts/calls.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { CODE_RESEND_DELAY_MS } from '../constants.ts';
import { validatedBy } from '../done-output.ts';
import { describeError, serverFieldErrors, type ErrorInfo, type FieldError } from '../errors.ts';
import type { CodeRequest, LoginCredentials, LoginMode, ValidationResult } from './validation.ts';
import { notProvided } from '../not-provided.ts';
import { toSessionUser, type SessionUser } from '../user.ts';

export interface Captcha {
  captchaId: string;
  /** SVG markup from getImageCaptcha. */
  image: string;
}

export interface LoginDialogContext {
  mode: LoginMode;
  /** Why the dialog was opened (an i18n key the UI shows above the form), if any. */
  reason: string | null;
  /** Where to go, or which action to resume, after a successful login. */
  returnTo: string | null;
  fieldErrors: FieldError[];
  /** The failure of the last login attempt. */
  error: ErrorInfo | null;
  /** The failure of the last code request. */
  codeError: ErrorInfo | null;
  captcha: Captcha | null;
  captchaError: ErrorInfo | null;
  /** The server's login brake holds the account: password logins need the captcha. */
  captchaRequired: boolean;
  /** The user of the last successful login. */
  user: SessionUser | null;
}

export type LoginDialogEvent =
  | { type: 'OPEN'; reason?: string; returnTo?: string; mode?: LoginMode }
  | { type: 'CLOSE' }
  | { type: 'SET_MODE'; mode: LoginMode }
  | { type: 'SUBMIT'; credentials: LoginCredentials }
  | { type: 'REQUEST_CODE'; mobile: string; captchaCode: string }
  | { type: 'REFRESH_CAPTCHA' };

export type LoginDialogEmitted = {
  type: 'loggedIn';
  user: SessionUser;
  returnTo: string | null;
};

const initialContext: LoginDialogContext = {
  mode: 'password',
  reason: null,
  returnTo: null,
  fieldErrors: [],
  error: null,
  codeError: null,
  captcha: null,
  captchaError: null,
  captchaRequired: false,
  user: null,
};

/** The server's answer says the account's next password login needs a captcha. */
function requiresCaptcha(error: unknown): boolean {
  if (describeError(error).code === ErrorCode.CAPTCHA_REQUIRED) return true;
  const data = (error as { data?: unknown } | null)?.data;
  return (data as { captchaRequired?: unknown } | null)?.captchaRequired === true;
}

export const loginDialogMachine = setup({
  types: {
    context: {} as LoginDialogContext,
    events: {} as LoginDialogEvent,
    emitted: {} as LoginDialogEmitted,
  },
  actors: {
    /** validateCredentials of ./validation.ts. */
    validateCredentials: fromPromise<ValidationResult<LoginCredentials>, LoginCredentials>(
      notProvided('validateCredentials'),
    ),
    /** validateCodeRequest of ./validation.ts. */
    validateCodeRequest: fromPromise<ValidationResult<CodeRequest>, CodeRequest>(
      notProvided('validateCodeRequest'),
    ),
    /** loginByPwd or loginByMobile, by `mode`. */
    login: fromPromise<CurrentUser, LoginCredentials>(notProvided('login')),
    /** getSmsCode with purpose 'login'. */
    requestCode: fromPromise<unknown, CodeRequest>(notProvided('requestCode')),
    /** getImageCaptcha. */
    loadCaptcha: fromPromise<Captcha>(notProvided('loadCaptcha')),
  },
  guards: {
    needsCaptcha: ({ context }) => context.mode === 'mobile' || context.captchaRequired,
    canRequestCode: ({ context }) => context.mode === 'mobile' && context.captcha !== null,
  },
  delays: {
    codeResendDelay: CODE_RESEND_DELAY_MS,
  },
}).createMachine({
  id: 'loginDialog',
  context: initialContext,
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: {
          target: 'open',
          actions: assign(({ context, event }) => ({
            ...initialContext,
            mode: event.mode ?? context.mode,
            reason: event.reason ?? null,
            returnTo: event.returnTo ?? null,
            user: context.user,
          })),
        },
      },
    },
    open: {
      type: 'parallel',
      on: {
        // Re-opening an open dialog only updates why it is open.
        OPEN: {
          actions: assign(({ context, event }) => ({
            reason: event.reason ?? context.reason,
            returnTo: event.returnTo ?? context.returnTo,
          })),
        },
        // A login already on the wire is not abandoned: the server may accept it, and the
        // client would then disagree with its own session cookie.
        CLOSE: { guard: not(stateIn('#loginDialog.open.form.submitting')), target: 'closed' },
        SET_MODE: {
          guard: not(stateIn('#loginDialog.open.form.submitting')),
          actions: assign({ mode: ({ event }) => event.mode, fieldErrors: [], error: null }),
        },
      },
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: { SUBMIT: 'validating' },
            },
            validating: {
              invoke: {
                id: 'validateCredentials',
                src: 'validateCredentials',
                input: ({ context, event }): LoginCredentials => {
                  assertEvent(event, 'SUBMIT');
                  const { credentials } = event;
                  // The captcha shown is the one the typed code answers.
                  return credentials.mode === 'password' && context.captchaRequired
                    ? { ...credentials, captchaId: context.captcha?.captchaId ?? '' }
                    : credentials;
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
                id: 'login',
                src: 'login',
                input: ({ event }) => validatedBy<LoginCredentials>(event, 'validateCredentials'),
                onDone: {
                  target: '#loginDialog.closed',
                  actions: [
                    assign({ user: ({ event }) => toSessionUser(event.output), error: null }),
                    emit(({ context, event }) => ({
                      type: 'loggedIn' as const,
                      user: toSessionUser(event.output),
                      returnTo: context.returnTo,
                    })),
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: [
                    assign({
                      error: ({ event }) => describeError(event.error),
                      fieldErrors: ({ event }) => serverFieldErrors(event.error),
                      captchaRequired: ({ context, event }) =>
                        context.captchaRequired || requiresCaptcha(event.error),
                    }),
                    // A captcha answers one try, right or wrong: the next try gets a new one.
                    enqueueActions(({ context, enqueue }) => {
                      if (context.mode === 'password' && context.captchaRequired) {
                        enqueue.raise({ type: 'REFRESH_CAPTCHA' });
                      }
                    }),
                  ],
                },
              },
            },
          },
        },
        code: {
          initial: 'idle',
          states: {
            idle: {
              on: { REQUEST_CODE: { guard: 'canRequestCode', target: 'validating' } },
            },
            validating: {
              invoke: {
                id: 'validateCodeRequest',
                src: 'validateCodeRequest',
                input: ({ context, event }) => {
                  assertEvent(event, 'REQUEST_CODE');
                  return {
                    mobile: event.mobile,
                    captchaCode: event.captchaCode,
                    captchaId: context.captcha?.captchaId ?? '',
                  };
                },
                onDone: [
                  {
                    guard: ({ event }) => !event.output.ok,
                    target: 'idle',
                    actions: assign({
                      fieldErrors: ({ event }) => (event.output.ok ? [] : event.output.fieldErrors),
                    }),
                  },
                  { target: 'requesting', actions: assign({ fieldErrors: [], codeError: null }) },
                ],
                onError: {
                  target: 'idle',
                  actions: assign({ codeError: ({ event }) => describeError(event.error) }),
                },
              },
            },
            requesting: {
              invoke: {
                id: 'requestCode',
                src: 'requestCode',
                input: ({ event }) => validatedBy<CodeRequest>(event, 'validateCodeRequest'),
                // A captcha is good for one code request, whatever its outcome.
                onDone: { target: 'cooldown', actions: raise({ type: 'REFRESH_CAPTCHA' }) },
                onError: {
                  target: 'idle',
                  actions: [
                    assign({
                      codeError: ({ event }) => describeError(event.error),
                      fieldErrors: ({ event }) => serverFieldErrors(event.error),
                    }),
                    raise({ type: 'REFRESH_CAPTCHA' }),
                  ],
                },
              },
            },
            cooldown: {
              after: { codeResendDelay: 'idle' },
            },
          },
        },
        captcha: {
          initial: 'idle',
          states: {
            idle: {
              always: { guard: 'needsCaptcha', target: 'loading' },
            },
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
