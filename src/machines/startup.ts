/**
 * Start-up sequence — docs/product-rules.md#start-up (settings file, current user, teacher list,
 * start-up calls).
 *
 *   loadingSettings ──► session.loadingUser ──(user has id)──► session.loadingTeachers ──► ready
 *                                            └─(anonymous / error)────────────────────────► ready
 *
 * Once a user is known the session takes two commands (docs/product-rules.md#users-and-roles), each
 * an invoked actor whose outcome is logged, so a replay sees the same user changes:
 *
 *   loadingTeachers | ready ──LOGOUT──► loggingOut ──done──► ready (anonymous)
 *                                            └──error──► resolvingUser (same user)
 *   loadingTeachers | ready ──SWITCH_ORGANIZATION──► switchingOrganization
 *                                            ──done──► resolvingUser (the other account)
 *                                            └─error──► resolvingUser (same user)
 *
 * Effects stay outside: the loads and commands are invoked actors the UI provides
 * (`loadSettings`, `loadCurrentUser`, `loadTeacherList`, `logout`, `switchOrganization`), and
 * setting the page icon/title and storing the logo path in local storage is the provided action
 * `applySettings`. USER.LOGGED_IN / USER.LOGGED_OUT events (from the login dialog) keep the
 * session current too.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CurrentUser, TeacherAccount } from '../contract/accounts/calls.ts';
import type { SiteSettings } from '../contract/system/calls.ts';
import { describeError, type ErrorInfo } from './errors.ts';
import { toSessionUser, type SessionUser } from './user.ts';
import { notProvided } from './not-provided.ts';

export interface StartupContext {
  settings: SiteSettings | null;
  /** Why the settings file could not be read; the app runs on with its built-in defaults. */
  settingsError: ErrorInfo | null;
  user: SessionUser | null;
  /** The user's other teacher accounts: entries whose id differs from the user's own. */
  teacherList: TeacherAccount[];
}

export type StartupEvent =
  | { type: 'USER.LOGGED_IN'; user: CurrentUser | SessionUser }
  | { type: 'USER.LOGGED_OUT' }
  /** End the server session; the user is forgotten once the server agreed. */
  | { type: 'LOGOUT' }
  /** Continue as one of the user's teacher accounts in another organization (teacherList). */
  | { type: 'SWITCH_ORGANIZATION'; memberId: number };

export interface LoadTeacherListInput {
  userId: number;
}

export interface SwitchOrganizationInput {
  memberId: number;
}

/** The commands a known user can give, in every state where the user is settled. */
const userCommands = {
  LOGOUT: { guard: 'hasUserId', target: 'loggingOut' },
  SWITCH_ORGANIZATION: { guard: 'isOtherTeacherAccount', target: 'switchingOrganization' },
} as const;

export const startupMachine = setup({
  types: {
    context: {} as StartupContext,
    events: {} as StartupEvent,
  },
  actors: {
    /** GET the settings file under the site prefix → {title, favicon, logo}. */
    loadSettings: fromPromise<SiteSettings>(notProvided('loadSettings')),
    /** queryCurrentUser; resolve null (or reject) when nobody is logged in. */
    loadCurrentUser: fromPromise<CurrentUser | null>(notProvided('loadCurrentUser')),
    /** queryMineTeacherList for the given member id. */
    loadTeacherList: fromPromise<TeacherAccount[], LoadTeacherListInput>(
      notProvided('loadTeacherList'),
    ),
    /** logout: revokes the server session. */
    logout: fromPromise<unknown>(notProvided('logout')),
    /** switchOrganization → the session's new current user. */
    switchOrganization: fromPromise<CurrentUser, SwitchOrganizationInput>(
      notProvided('switchOrganization'),
    ),
  },
  actions: {
    /**
     * Set page icon and title, store the logo path in local storage
     * (docs/product-rules.md#start-up).
     */
    applySettings: (_, _params: { settings: SiteSettings }) => {},
  },
  guards: {
    hasUserId: ({ context }) => typeof context.user?.id === 'number',
    // Only an account the server listed as the user's own can be switched to.
    isOtherTeacherAccount: ({ context, event }) =>
      event.type === 'SWITCH_ORGANIZATION' &&
      context.teacherList.some((teacher) => teacher.id === event.memberId),
  },
}).createMachine({
  id: 'startup',
  context: { settings: null, settingsError: null, user: null, teacherList: [] },
  initial: 'loadingSettings',
  states: {
    loadingSettings: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: {
          target: 'session',
          actions: [
            assign({ settings: ({ event }) => event.output }),
            { type: 'applySettings', params: ({ event }) => ({ settings: event.output }) },
          ],
        },
        onError: {
          target: 'session',
          actions: assign({ settingsError: ({ event }) => describeError(event.error) }),
        },
      },
      // No USER.* handling here on purpose: the current-user load that follows reads the
      // server session, so a login or logout that happens meanwhile is picked up anyway.
    },
    session: {
      initial: 'loadingUser',
      on: {
        'USER.LOGGED_IN': {
          target: '.resolvingUser',
          actions: assign({ user: ({ event }) => toSessionUser(event.user), teacherList: [] }),
        },
        'USER.LOGGED_OUT': {
          target: '.ready',
          actions: assign({ user: null, teacherList: [] }),
        },
      },
      states: {
        loadingUser: {
          invoke: {
            id: 'loadCurrentUser',
            src: 'loadCurrentUser',
            onDone: {
              target: 'resolvingUser',
              actions: assign({
                user: ({ event }) => (event.output ? toSessionUser(event.output) : null),
              }),
            },
            // Errors are ignored (docs/product-rules.md#start-up): the visitor is anonymous.
            onError: { target: 'ready', actions: assign({ user: null }) },
          },
        },
        resolvingUser: {
          always: [{ guard: 'hasUserId', target: 'loadingTeachers' }, { target: 'ready' }],
        },
        loadingTeachers: {
          invoke: {
            id: 'loadTeacherList',
            src: 'loadTeacherList',
            input: ({ context }) => ({ userId: context.user?.id ?? 0 }),
            onDone: {
              target: 'ready',
              actions: assign({
                teacherList: ({ context, event }) =>
                  event.output.filter((teacher) => teacher.id !== context.user?.id),
              }),
            },
            onError: { target: 'ready', actions: assign({ teacherList: [] }) },
          },
          on: userCommands,
        },
        ready: { on: userCommands },
        loggingOut: {
          invoke: {
            id: 'logout',
            src: 'logout',
            onDone: { target: 'ready', actions: assign({ user: null, teacherList: [] }) },
            // The session is still alive (the transport showed why): carry on as before.
            onError: 'resolvingUser',
          },
        },
        switchingOrganization: {
          invoke: {
            id: 'switchOrganization',
            src: 'switchOrganization',
            input: ({ event }) => {
              assertEvent(event, 'SWITCH_ORGANIZATION');
              return { memberId: event.memberId };
            },
            onDone: {
              target: 'resolvingUser',
              actions: assign({
                user: ({ event }) => toSessionUser(event.output),
                teacherList: [],
              }),
            },
            onError: 'resolvingUser',
          },
        },
      },
    },
  },
});
