/**
 * The system log (issue 27 item 3; docs/decisions/admin-and-identity.md, "The system log"): the
 * platform's staff read it in their back office.
 */
import { lazyScreen } from '../../routes/chunks.ts';
import { platformAdminOnly, type ScreenRoute } from '../../routes/screen-route.ts';
import { defineClientModule } from '../client-module.ts';

const screens: readonly ScreenRoute[] = [
  {
    path: '/admin/sys-log',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'sysLog.queryList',
    menu: { label: 'staff.menu.sysLog', order: 230 },
    screen: lazyScreen(() => import('../../pages/admin/SysLog.tsx'), 'AdminSysLog'),
  },
];

export const sysLogModule = defineClientModule({ name: 'sys-log', rootActors: {}, screens });
