/**
 * The back office's writes: the staffEdit machine (every staff form, typed by its call) and the
 * staff's order decisions. Every back-office read carries the `staff` tag, stale after any
 * staff change. Its screens are the approvals, where both back offices open.
 */
import { createOrderActionsImplementations } from '../../../machines/orders/implementations.ts';
import { orderActionsMachine } from '../../../machines/orders/machine.ts';
import { createStaffEditImplementations } from '../../../machines/staff-edit/implementations.ts';
import { savedToastId, staffEditMachine } from '../../../machines/staff-edit/machine.ts';
import { lazyScreen } from '../../routes/chunks.ts';
import { platformAdminOnly, teacherOnly, type ScreenRoute } from '../../routes/screen-route.ts';
import { defineClientModule } from '../client-module.ts';

/** The back office's reads (staff-queries.ts `staffQuery`). */
export const staffTag = 'staff';

/** How long 已保存 stays: long enough to read, short enough not to cover the next action. */
const STAFF_SAVED_TOAST_MS = 2_000;

const screens: readonly ScreenRoute[] = [
  // The back offices open at the first menu entry the session's role grants.
  {
    path: '/admin',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../../pages/StaffHome.tsx'), 'StaffHome'),
  },
  {
    path: '/manage',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../../pages/StaffHome.tsx'), 'StaffHome'),
  },
  {
    path: '/admin/approvals',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'bms.member.order.queryList',
    menu: { label: 'staff.menu.approvals', order: 10 },
    screen: lazyScreen(() => import('../../pages/admin/Approvals.tsx'), 'AdminApprovals'),
  },
  {
    path: '/manage/approvals',
    layout: 'manage',
    guard: teacherOnly,
    operate: 'edms.grade.enroll.queryEnrollList',
    menu: { label: 'staff.menu.approvals', order: 20 },
    screen: lazyScreen(() => import('../../pages/manage/Approvals.tsx'), 'ManageApprovals'),
  },
];

export const staffModule = defineClientModule({
  name: 'staff',
  rootActors: {
    staffOrderActions: {
      machine: orderActionsMachine,
      provide: ({ transport, changed }) =>
        orderActionsMachine.provide(
          createOrderActionsImplementations({
            transport,
            area: 'staff',
            onChanged: () => changed('staffChange'),
          }),
        ),
    },
    staffEdit: {
      machine: staffEditMachine,
      provide: ({ transport, changed, emit, env }) =>
        staffEditMachine.provide(
          createStaffEditImplementations({
            transport,
            onChanged: () => changed('staffChange'),
            // 已保存 is transient: a toast, not a banner that follows the person to other screens.
            onSaved: (seq) =>
              emit('toast', {
                type: 'SHOW',
                toast: {
                  id: savedToastId(seq),
                  message: env.translate('staff.saved'),
                  intent: 'success',
                  timeoutMs: STAFF_SAVED_TOAST_MS,
                },
              }),
          }),
        ),
    },
  },
  queryTags: { [staffTag]: ['staffChange'] },
  screens,
});
