/**
 * The blacklist (issue 27 item 6; docs/decisions/admin-and-identity.md, "The blacklist"): platform
 * staff keep it in their back office.
 */
import { lazyScreen } from '../../routes/chunks.ts';
import { platformAdminOnly, type ScreenRoute } from '../../routes/screen-route.ts';
import { defineClientModule } from '../client-module.ts';

const screens: readonly ScreenRoute[] = [
  {
    path: '/admin/blacklist',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'member.blacklist.queryList',
    menu: { label: 'staff.menu.blacklist', order: 215 },
    screen: lazyScreen(() => import('../../pages/admin/Blacklist.tsx'), 'AdminBlacklist'),
  },
];

export const blacklistModule = defineClientModule({ name: 'blacklist', rootActors: {}, screens });
