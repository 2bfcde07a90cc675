// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { waitFor } from 'xstate';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { accounts } from '../../contract/accounts/calls.ts';
import { membership } from '../../contract/membership/calls.ts';
import { wallet } from '../../contract/wallet/calls.ts';
import type * as auth from '../../contract/accounts/calls.ts';
import { answer, success } from '../test/fake-api.ts';
import { createTestRuntime, serveFakeApi, withRuntime } from '../test/test-runtime.tsx';
import { routesOf } from '../app/client-module.ts';
import { CLIENT_MODULES } from '../app/modules.ts';
import { buildRoutes } from './route-table.tsx';

/** Every route of docs/product-rules.md#screens-and-routes, as the product names them. */
const SPEC_ROUTES = [
  '/login',
  '/activity',
  '/user/grade',
  '/topic/quwei',
  '/topic/grammar',
  '/topic/train',
  '/course',
  '/course/list',
  '/course/detail',
  '/content-center',
  '/content-center/:id',
  '/exam',
  '/exam/list',
  '/exam/detail',
  '/exam/room',
  '/exam/report',
  '/exam/report/paper',
  '/exam/report/enroll',
  '/homework/room',
  '/homework/report',
  '/homework/report/enroll',
  '/play',
  '/play/home',
  '/play/python',
  '/camp',
  '/camp/answer/detail/:id',
  '/vipCardList',
  '/activityPackages',
  '/grade/detail',
  '/chapter/detail',
  '/chapter/student',
  '/question/detail',
  '/user',
  '/user/class',
  '/user/homework',
  '/user/exam',
  '/user/report',
  '/user/accout',
  '/user/wallet',
  '/user/chatHistory',
  '/user/feedback',
  '/order',
  '/about',
  '/pdfPreview',
  '/help/ai-assistant',
  '/agreement/service',
  '/agreement/privacy',
];

const SPEC_REDIRECTS: Record<string, string> = {
  '/login': '/',
  '/course': '/course/list',
  '/exam': '/exam/list',
  '/play': '/play/home',
};

interface Leaf {
  path: string;
  route: RouteObject;
  /** Wrapper elements between the root and the leaf, by component name. */
  wrappers: string[];
  layout: string | undefined;
}

function leaves(
  routes: RouteObject[],
  trail: { wrappers: string[]; layout?: string } = { wrappers: [] },
): Leaf[] {
  return routes.flatMap((route) => {
    const elementType = (route.element as { type?: { name?: string } } | undefined)?.type?.name;
    const layout = route.id?.startsWith('layout-')
      ? route.id.slice('layout-'.length)
      : trail.layout;
    const wrappers =
      elementType === 'MustLogin' ||
      elementType === 'RequireRole' ||
      elementType === 'RequirePlatformAdmin'
        ? [...trail.wrappers, elementType]
        : trail.wrappers;
    if (route.children) return leaves(route.children, { wrappers, layout });
    const path = route.index ? '/' : (route.path ?? '');
    return [{ path, route, wrappers, layout }];
  });
}

/** Every module's declarations: what the router is built from. */
const { screens: screenRoutes, redirects: redirectRoutes } = routesOf(CLIENT_MODULES);
const table = leaves(buildRoutes(CLIENT_MODULES));
const leafAt = (path: string) => table.find((leaf) => leaf.path === path);

serveFakeApi();

describe('the route table', () => {
  it('has every route of docs/product-rules.md#screens-and-routes and the home page', () => {
    for (const path of [...SPEC_ROUTES, '/']) expect(leafAt(path), path).toBeDefined();
  });

  it('redirects as docs/product-rules.md#screens-and-routes says', () => {
    for (const [from, to] of Object.entries(SPEC_REDIRECTS)) {
      expect(redirectRoutes).toContainEqual({ path: from, to });
      const element = leafAt(from)!.route.element as { props: { to: string; replace: boolean } };
      expect(element.props).toMatchObject({ to, replace: true });
    }
  });

  it('loads every screen lazily, each from a module whose default export is the screen', async () => {
    const redirects = new Set(redirectRoutes.map((r) => r.path));
    for (const leaf of table) {
      if (redirects.has(leaf.path)) continue;
      expect(leaf.route.element, leaf.path).toBeUndefined();
      expect(typeof leaf.route.lazy, leaf.path).toBe('function');
      const loaded = await (leaf.route.lazy as () => Promise<{ Component: unknown }>)();
      expect(typeof loaded.Component, leaf.path).toBe('function');
    }
    // Every screen module is transformed and imported here: seconds of work on two busy cores.
  }, 60_000);

  it('puts every screen in the layout and wrapper its definition names', () => {
    for (const screen of screenRoutes) {
      const leaf = leafAt(screen.path)!;
      expect(leaf.layout, screen.path).toBe(screen.layout);
      const expected = {
        public: [],
        'must-login': ['MustLogin'],
        auth: ['RequireRole'],
        'platform-admin': ['RequirePlatformAdmin'],
      }[screen.guard.kind];
      expect(leaf.wrappers, screen.path).toEqual(expected);
    }
  });

  it('keeps the account area must-login and outside the global layout', () => {
    // A parent's own screens (issue 25 item 11) are in the account area for parents only.
    const parentScreens = ['/user/children', '/user/child'];
    for (const leaf of table.filter((l) => l.path.startsWith('/user/') || l.path === '/order')) {
      expect(leaf.layout, leaf.path).toBe('user');
      expect(leaf.wrappers, leaf.path).toEqual(
        parentScreens.includes(leaf.path) ? ['RequireRole'] : ['MustLogin'],
      );
    }
    for (const path of parentScreens) expect(leafAt(path), path).toBeDefined();
    for (const path of ['/chapter/detail', '/chapter/student']) {
      expect(leafAt(path)!.layout, path).toBe('custom');
    }
  });

  it('keeps the dev inbox in the account area, for platform admins only', () => {
    const inbox = leafAt('/dev/inbox');
    expect(inbox?.layout).toBe('user');
    expect(inbox?.wrappers).toEqual(['RequirePlatformAdmin']);
  });

  it('sends unknown addresses to the 404 screen', () => {
    expect(leafAt('*')?.layout).toBe('home');
  });

  it('refuses an address two modules declare', () => {
    const again = { name: 'again', screens: [], redirects: [{ path: '/exam', to: '/' }] };
    expect(() => routesOf([...CLIENT_MODULES, again])).toThrow(/\/exam.*exams.*again/);
  });
});

const studentUser: auth.CurrentUser = {
  id: 11,
  userId: 1,
  username: 'demo_student',
  nickname: '演示学生',
  mobile: null,
  email: null,
  role: 'student',
  organizationId: 1,
  organizationName: '示范校',
  platformAdmin: false,
  mustChangePassword: false,
};

function answerLoggedIn(user: auth.CurrentUser) {
  answer(accounts.queryCurrent, () => success(user));
  answer(accounts['oj.member.queryMineTeacherList'], () => success([]));
  answer(membership['oj.memberMembership.queryList'], () =>
    success({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 100 }),
  );
}

async function renderAt(path: string) {
  const runtime = createTestRuntime();
  runtime.start();
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  await act(async () => {
    render(withRuntime(runtime, <RouterProvider router={router} />));
  });
  return { runtime, router };
}

/** Stops the runtime once the logged-in member's cards have arrived, so no call outlives it. */
async function stopSettled(runtime: ReturnType<typeof createTestRuntime>) {
  await waitFor(runtime.actors.membership, (s) => !s.matches('loading'));
  runtime.stop();
}

describe('the wrappers', () => {
  it('must-login: a visitor gets the explanation and the login dialog, never the screen', async () => {
    const { runtime } = await renderAt('/user/wallet');
    await screen.findByTestId('must-login');
    expect(screen.queryByTestId('wallet')).toBeNull();
    expect(runtime.actors.loginDialog.getSnapshot().matches('open')).toBe(true);
    runtime.stop();
  });

  it('auth: a logged-in student gets 无权限 on a teacher screen', async () => {
    answerLoggedIn(studentUser);
    const { runtime } = await renderAt('/chapter/student');
    const forbidden = await screen.findByTestId('forbidden');
    expect(forbidden.textContent).toContain('无权限');
    expect(screen.queryByText('学员详情尚未开放')).toBeNull();
    await stopSettled(runtime);
  });

  it('platform-admin: a visitor gets the login prompt, never the inbox', async () => {
    let inboxCalls = 0;
    answer(accounts['bms.devInbox.queryList'], () => {
      inboxCalls += 1;
      return success([]);
    });
    const { runtime } = await renderAt('/dev/inbox');
    await screen.findByTestId('must-login');
    expect(screen.queryByText('开发收件箱')).toBeNull();
    expect(runtime.actors.loginDialog.getSnapshot().matches('open')).toBe(true);
    expect(inboxCalls).toBe(0);
    runtime.stop();
  });

  it('platform-admin: a member who is not platform staff gets 无权限, whatever the role', async () => {
    let inboxCalls = 0;
    answer(accounts['bms.devInbox.queryList'], () => {
      inboxCalls += 1;
      return success([]);
    });
    answerLoggedIn({ ...studentUser, role: 'orgAdmin' });
    const { runtime } = await renderAt('/dev/inbox');
    const forbidden = await screen.findByTestId('forbidden');
    expect(forbidden.textContent).toContain('无权限');
    expect(forbidden.textContent).toContain('只有平台管理员可以查看');
    expect(screen.queryByText('开发收件箱')).toBeNull();
    expect(inboxCalls).toBe(0);
    await stopSettled(runtime);
  });

  it('platform-admin: a platform admin sees the inbox, whatever the role', async () => {
    answer(accounts['bms.devInbox.queryList'], () => success([]));
    answerLoggedIn({ ...studentUser, username: 'demo_admin', platformAdmin: true });
    const { runtime } = await renderAt('/dev/inbox');
    await screen.findByRole('heading', { name: '开发收件箱' });
    await screen.findByText('暂无消息');
    expect(screen.queryByTestId('forbidden')).toBeNull();
    await stopSettled(runtime);
  });

  it('must-login: a logged-in member sees the screen', async () => {
    answerLoggedIn(studentUser);
    const page = (content: unknown[]) =>
      success({ content, totalElements: content.length, totalPages: 1, number: 0, size: 20 });
    answer(wallet['oj.memberWallet.queryList'], () =>
      page([
        {
          id: studentUser.id,
          memberId: studentUser.id,
          memberName: studentUser.nickname,
          mobile: null,
          organizationName: studentUser.organizationName,
          balanceFen: 5_000,
          aiTokens: 0,
          status: 'open',
        },
      ]),
    );
    answer(wallet['oj.memberWallet.changedHistory.queryList'], () => page([]));
    const { runtime } = await renderAt('/user/wallet');
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('¥50.00');
    expect(screen.queryByTestId('must-login')).toBeNull();
    await stopSettled(runtime);
  });
});
