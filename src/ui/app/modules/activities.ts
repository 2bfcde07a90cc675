/**
 * Activities: the list, an activity's detail and the back offices' activities (their prizes are
 * the prizes module's).
 */
import { lazyScreen } from '../../routes/chunks.ts';
import { GUARDS, type ScreenRoute } from '../../routes/screen-route.ts';
import { defineClientModule } from '../client-module.ts';

const screens: readonly ScreenRoute[] = [
  {
    path: '/activity',
    layout: 'home',
    guard: GUARDS.open,
    screen: lazyScreen(() => import('../../pages/Activity.tsx'), 'Activity'),
  },
  {
    path: '/activity/detail',
    layout: 'home',
    guard: GUARDS.mustLogin,
    screen: lazyScreen(() => import('../../pages/ActivityDetail.tsx'), 'ActivityDetail'),
  },
  {
    path: '/admin/activities',
    layout: 'admin',
    guard: GUARDS.platformAdminOnly,
    screen: lazyScreen(() => import('../../pages/admin/Activities.tsx'), 'AdminActivities'),
  },
  {
    path: '/manage/activities',
    layout: 'manage',
    guard: GUARDS.teacherOnly,
    screen: lazyScreen(() => import('../../pages/manage/Activities.tsx'), 'ManageActivities'),
  },
];

export const activitiesModule = defineClientModule({
  name: 'activities',
  rootActors: {},
  screens,
});
