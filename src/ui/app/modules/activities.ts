/**
 * Activities: the list, an activity's detail and the back offices' activities (their prizes are
 * the prizes module's).
 */
import { lazyScreen } from '../../routes/chunks.ts';
import {
  mustLogin,
  open,
  platformAdminOnly,
  teacherOnly,
  type ScreenRoute,
} from '../../routes/screen-route.ts';
import { defineClientModule } from '../client-module.ts';

const screens: readonly ScreenRoute[] = [
  {
    path: '/activity',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../../pages/Activity.tsx'), 'Activity'),
  },
  {
    path: '/activity/detail',
    layout: 'home',
    guard: mustLogin,
    screen: lazyScreen(() => import('../../pages/ActivityDetail.tsx'), 'ActivityDetail'),
  },
  {
    path: '/admin/activities',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'bms.activity.queryList',
    menu: { label: 'staff.menu.activities', order: 140 },
    screen: lazyScreen(() => import('../../pages/admin/Activities.tsx'), 'AdminActivities'),
  },
  {
    path: '/manage/activities',
    layout: 'manage',
    guard: teacherOnly,
    operate: 'edms.activity.queryList',
    menu: { label: 'staff.menu.activities', order: 150 },
    screen: lazyScreen(() => import('../../pages/manage/Activities.tsx'), 'ManageActivities'),
  },
];

export const activitiesModule = defineClientModule({
  name: 'activities',
  rootActors: {},
  screens,
});
