import type { ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { AppShell } from '../app/AppShell.tsx';
import { routesOf, type ClientModule } from '../app/client-module.ts';
import { CLIENT_MODULES } from '../app/modules.ts';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { BriefLayout } from '../layouts/BriefLayout.tsx';
import { CustomLayout } from '../layouts/CustomLayout.tsx';
import { HomeLayout } from '../layouts/HomeLayout.tsx';
import { IndexLayout } from '../layouts/IndexLayout.tsx';
import { UserLayout } from '../layouts/UserLayout.tsx';
import { AdminLayout, ManageLayout } from '../layouts/StaffLayout.tsx';
import { learnerPagesOf, menuOf } from '../layouts/menus.ts';
import { MustLogin } from '../wrappers/MustLogin.tsx';
import { RequirePlatformAdmin } from '../wrappers/RequirePlatformAdmin.tsx';
import { RequireRole } from '../wrappers/RequireRole.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import type { Guard, LayoutName, ScreenRoute } from './screen-route.ts';

/** Each layout's element; the side menus are the screens' own entries (layouts/menus.ts). */
const layoutsOf = (screens: readonly ScreenRoute[]): Record<LayoutName, ReactElement> => ({
  index: <IndexLayout />,
  home: <HomeLayout />,
  user: <UserLayout menu={menuOf(screens, 'user')} learnerPages={learnerPagesOf(screens)} />,
  custom: <CustomLayout />,
  brief: <BriefLayout />,
  admin: <AdminLayout menu={menuOf(screens, 'admin')} />,
  manage: <ManageLayout menu={menuOf(screens, 'manage')} />,
});

const LAYOUT_ORDER: readonly LayoutName[] = [
  'index',
  'home',
  'user',
  'custom',
  'brief',
  'admin',
  'manage',
];

function guardKey(guard: Guard): string {
  return guard.kind === 'auth' ? `auth:${guard.roles.join(',')}` : guard.kind;
}

function guardElement(guard: Guard): ReactElement | null {
  if (guard.kind === 'must-login') return <MustLogin />;
  if (guard.kind === 'auth') return <RequireRole roles={guard.roles} />;
  if (guard.kind === 'platform-admin') return <RequirePlatformAdmin />;
  return null;
}

function leaf(route: ScreenRoute): RouteObject {
  return route.path === '/'
    ? { index: true, lazy: route.screen }
    : { path: route.path, lazy: route.screen };
}

/** Screens of one layout, grouped under their wrapper (public screens sit directly). */
function guardedChildren(screens: readonly ScreenRoute[]): RouteObject[] {
  const groups = new Map<string, { guard: Guard; screens: ScreenRoute[] }>();
  for (const screen of screens) {
    const key = guardKey(screen.guard);
    const group = groups.get(key) ?? { guard: screen.guard, screens: [] };
    group.screens.push(screen);
    groups.set(key, group);
  }
  return [...groups.values()].flatMap(({ guard, screens: grouped }) => {
    const element = guardElement(guard);
    const children = grouped.map(leaf);
    return element ? [{ element, children }] : children;
  });
}

/**
 * The route tree: the root shell (toasts, login dialog, device class) → one pathless route per
 * layout → a pathless error boundary, so a failing screen keeps its layout → wrappers → screens.
 * Every module's screens and redirects are in it (docs/architecture.md, "Adding a client module").
 */
export function buildRoutes(modules: readonly ClientModule[] = CLIENT_MODULES): RouteObject[] {
  const { screens, redirects } = routesOf(modules);
  const elements = layoutsOf(screens);
  const layouts: RouteObject[] = LAYOUT_ORDER.map((layout) => {
    // The 404 screen (`*`) is one of them: React Router ranks it below every other path.
    const children = guardedChildren(screens.filter((route) => route.layout === layout));
    return {
      id: `layout-${layout}`,
      element: elements[layout],
      children: [{ errorElement: <RouteErrorBoundary />, children }],
    };
  });
  const redirectLeaves: RouteObject[] = redirects.map(({ path, to }) => ({
    path,
    element: <Navigate to={to} replace />,
  }));
  return [
    {
      id: 'root',
      element: <AppShell />,
      errorElement: <RouteErrorBoundary />,
      hydrateFallbackElement: <PageSpinner />,
      children: [...redirectLeaves, ...layouts],
    },
  ];
}
