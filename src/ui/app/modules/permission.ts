/**
 * Roles and permissions (issue 27 item 1; docs/decisions/admin-and-identity.md): an
 * organization's roles in its back office, every role on the platform's. What a session may do
 * is read where the menus and buttons are drawn (use-operates.ts), not here.
 */
import { lazyScreen } from '../../routes/chunks.ts';
import { platformAdminOnly, type ScreenRoute } from '../../routes/screen-route.ts';
import { defineClientModule } from '../client-module.ts';

const screens: readonly ScreenRoute[] = [
  {
    path: '/manage/roles',
    layout: 'manage',
    // Roles are the organization admin's (role/* is theirs, not a teacher's).
    guard: { kind: 'auth', roles: ['orgAdmin'] },
    operate: 'role.queryList',
    menu: { label: 'staff.menu.roles', order: 105 },
    screen: lazyScreen(() => import('../../pages/manage/Roles.tsx'), 'ManageRoles'),
  },
  {
    path: '/admin/roles',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'role.queryList',
    menu: { label: 'staff.menu.roles', order: 200 },
    screen: lazyScreen(() => import('../../pages/admin/Roles.tsx'), 'AdminRoles'),
  },
  {
    path: '/admin/users',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'user.queryList',
    menu: { label: 'staff.menu.users', order: 210 },
    screen: lazyScreen(() => import('../../pages/admin/Users.tsx'), 'AdminUsers'),
  },
  {
    path: '/admin/resources',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'resource.queryList',
    menu: { label: 'staff.menu.resources', order: 220 },
    screen: lazyScreen(() => import('../../pages/admin/Resources.tsx'), 'AdminResources'),
  },
];

export const permissionModule = defineClientModule({
  name: 'permission',
  rootActors: {},
  screens,
});
