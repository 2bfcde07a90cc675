/**
 * Who is using the app: start-up (site settings, the current user), the login dialog, the
 * registration form, the member's cards and the session; and the glue between them (a login
 * becomes the session's user, a change of member reloads the cards); and the member's account
 * screens.
 */
import type { CurrentUser } from '../../../contract/accounts/calls.ts';
// Calls by their routes (src/contract/routes): the schemas, and zod with them, stay off the
// first screen; the types still come from the full definitions.
import { accounts } from '../../../contract/accounts/refs.ts';
import { membership as membershipApi } from '../../../contract/membership/refs.ts';
import { fromPromise } from 'xstate';
import { createLoginImplementations } from '../../../machines/login/implementations.ts';
import { loginDialogMachine } from '../../../machines/login/machine.ts';
import { membershipMachine } from '../../../machines/membership.ts';
import { createRegisterImplementations } from '../../../machines/register/implementations.ts';
import { registerMachine } from '../../../machines/register/machine.ts';
import { sessionMachine } from '../../../machines/session.ts';
import { startupMachine } from '../../../machines/startup.ts';
import { createSsoSignInImplementations } from '../../../machines/sso-sign-in/implementations.ts';
import { ssoSignInMachine } from '../../../machines/sso-sign-in/machine.ts';
import { createWechatBindImplementations } from '../../../machines/wechat-bind/implementations.ts';
import { wechatBindMachine } from '../../../machines/wechat-bind/machine.ts';
import { createWechatScanImplementations } from '../../../machines/wechat-scan/implementations.ts';
import { wechatScanMachine } from '../../../machines/wechat-scan/machine.ts';
import { lazyScreen } from '../../routes/chunks.ts';
import { mustLogin, open, platformAdminOnly, type ScreenRoute } from '../../routes/screen-route.ts';
import { defineClientModule } from '../client-module.ts';
import { applySiteSettings, fetchSiteSettings } from '../site-settings.ts';

const screens: readonly ScreenRoute[] = [
  {
    path: '/user/accout',
    layout: 'user',
    guard: mustLogin,
    menu: { label: 'userMenu.accout', order: 10 },
    screen: lazyScreen(() => import('../../pages/UserAccout.tsx'), 'UserAccout'),
  },
  {
    path: '/user/messages',
    layout: 'user',
    guard: mustLogin,
    menu: { label: 'userMenu.messages', order: 105 },
    screen: lazyScreen(() => import('../../pages/UserMessages.tsx'), 'UserMessages'),
  },
  {
    path: '/user/feedback',
    layout: 'user',
    guard: mustLogin,
    menu: { label: 'userMenu.feedback', order: 110 },
    screen: lazyScreen(() => import('../../pages/UserFeedback.tsx'), 'UserFeedback'),
  },
  // Where the school's identity provider sends the browser back (single sign-on).
  {
    path: '/sso/callback',
    layout: 'brief',
    guard: open,
    screen: lazyScreen(() => import('../../pages/SsoCallback.tsx'), 'SsoCallback'),
  },
  // The default code sender's messages (issue 2 item 6): other people's codes, so staff only.
  {
    path: '/dev/inbox',
    layout: 'user',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../../pages/DevInbox.tsx'), 'DevInbox'),
  },
];

export const accountsModule = defineClientModule({
  name: 'accounts',
  rootActors: {
    startup: {
      machine: startupMachine,
      provide: ({ env, transport, webBase }) =>
        startupMachine.provide({
          actors: {
            loadSettings: fromPromise(() => fetchSiteSettings(env.fetch, webBase)),
            // Anonymous is the normal case here: no red notification (errors ignored, docs/product-rules.md#start-up).
            loadCurrentUser: fromPromise<CurrentUser | null>(() =>
              transport.call(accounts.queryCurrent, { skipErrorHandler: true }),
            ),
            loadTeacherList: fromPromise(() =>
              transport.call(accounts['oj.member.queryMineTeacherList'], {
                skipErrorHandler: true,
              }),
            ),
            // A failed logout or switch shows the red notification; the machine keeps the user.
            logout: fromPromise<unknown>(() => transport.call(accounts.logout)),
            switchOrganization: fromPromise(({ input }) =>
              transport.call(accounts.switchOrganization, { body: { memberId: input.memberId } }),
            ),
          },
          actions: {
            applySettings: (_, { settings }) =>
              applySiteSettings(settings, env.document, env.storage),
          },
        }),
    },
    loginDialog: {
      machine: loginDialogMachine,
      provide: ({ transport }) =>
        loginDialogMachine.provide(createLoginImplementations({ transport })),
    },
    register: {
      machine: registerMachine,
      provide: ({ transport }) =>
        registerMachine.provide(createRegisterImplementations({ transport })),
    },
    membership: {
      machine: membershipMachine,
      provide: ({ transport }) =>
        membershipMachine.provide({
          actors: {
            loadMemberMemberships: fromPromise(async () => {
              const page = await transport.call(membershipApi['oj.memberMembership.queryList'], {
                query: { page: 0, size: 100 },
                body: {},
              });
              return page.content;
            }),
          },
        }),
    },
    session: { machine: sessionMachine },
    wechatScan: {
      machine: wechatScanMachine,
      provide: ({ transport }) =>
        wechatScanMachine.provide(createWechatScanImplementations({ transport })),
    },
    wechatBind: {
      machine: wechatBindMachine,
      provide: ({ transport, leaveFor }) =>
        wechatBindMachine.provide(createWechatBindImplementations({ transport, leaveFor })),
    },
    ssoSignIn: {
      machine: ssoSignInMachine,
      provide: ({ transport, leaveFor }) =>
        ssoSignInMachine.provide(createSsoSignInImplementations({ transport, leaveFor })),
    },
  },
  on: {
    // A card bought in the checkout is the member's at once.
    paid: ({ membership }, _, { env }) => membership.send({ type: 'LOAD', now: env.now() }),
  },
  wire: (
    { startup, loginDialog, register, membership, session, wechatScan, ssoSignIn },
    { env },
  ) => {
    // Whose cards: reload the member's cards whenever the logged-in member changes.
    let memberId: number | null = null;
    return [
      // A login (from either form) becomes the session's user; the dialog closes.
      loginDialog.on('loggedIn', ({ user, returnTo }) => {
        startup.send({ type: 'USER.LOGGED_IN', user });
        if (returnTo) env.navigate(returnTo);
      }),
      register.on('registered', ({ user }) => {
        startup.send({ type: 'USER.LOGGED_IN', user });
        loginDialog.send({ type: 'CLOSE' });
      }),
      wechatScan.on('loggedIn', ({ user }) => {
        startup.send({ type: 'USER.LOGGED_IN', user });
        loginDialog.send({ type: 'CLOSE' });
      }),
      // Back from the identity provider: signed in, and on to the home page.
      ssoSignIn.on('loggedIn', ({ user }) => {
        startup.send({ type: 'USER.LOGGED_IN', user });
        env.navigate('/');
      }),
      startup.subscribe((snapshot) => {
        if (!snapshot.matches({ session: 'ready' })) return;
        const id = snapshot.context.user?.id ?? null;
        if (id === memberId) return;
        memberId = id;
        if (id === null) {
          membership.send({ type: 'CLEAR' });
          session.send({ type: 'SESSION.RESET' });
        } else {
          membership.send({ type: 'LOAD', now: env.now() });
        }
      }),
    ];
  },
  screens,
  redirects: [{ path: '/user', to: '/user/accout' }],
});
