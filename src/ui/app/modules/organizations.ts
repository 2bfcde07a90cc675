/**
 * Organizations: the platform's list, and an organization's dashboard, settings, members and
 * teachers in its back office.
 */
import { lazyScreen } from '../../routes/chunks.ts';
import { platformAdminOnly, teacherOnly, type ScreenRoute } from '../../routes/screen-route.ts';
import { defineClientModule } from '../client-module.ts';

const screens: readonly ScreenRoute[] = [
  {
    path: '/admin/organizations',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'bms.organization.queryList',
    menu: { label: 'staff.menu.organizations', order: 20 },
    screen: lazyScreen(() => import('../../pages/admin/Organizations.tsx'), 'AdminOrganizations'),
  },
  {
    path: '/manage/dashboard',
    layout: 'manage',
    guard: teacherOnly,
    operate: 'edms.organization.queryCurrentRights',
    menu: { label: 'staff.menu.dashboard', order: 10 },
    screen: lazyScreen(() => import('../../pages/manage/Dashboard.tsx'), 'ManageDashboard'),
  },
  {
    path: '/manage/organization',
    layout: 'manage',
    guard: teacherOnly,
    operate: 'edms.organization.queryList',
    menu: { label: 'staff.menu.organization', order: 110 },
    screen: lazyScreen(() => import('../../pages/manage/Organization.tsx'), 'ManageOrganization'),
  },
  {
    path: '/manage/members',
    layout: 'manage',
    guard: teacherOnly,
    operate: 'member.queryList',
    menu: { label: 'staff.menu.members', order: 90 },
    screen: lazyScreen(() => import('../../pages/manage/Members.tsx'), 'ManageMembers'),
  },
  {
    path: '/manage/teachers',
    layout: 'manage',
    guard: teacherOnly,
    operate: 'edms.teacherMember.queryList',
    menu: { label: 'staff.menu.teachers', order: 100 },
    screen: lazyScreen(() => import('../../pages/manage/Teachers.tsx'), 'ManageTeachers'),
  },
];

export const organizationsModule = defineClientModule({
  name: 'organizations',
  rootActors: {},
  screens,
});
