/**
 * Classes (grades on the wire): a class's page, the learner's classes and the back offices'
 * classes with their desks.
 */
import { lazyScreen } from '../../routes/chunks.ts';
import { GUARDS, type ScreenRoute } from '../../routes/screen-route.ts';
import { defineClientModule } from '../client-module.ts';

const screens: readonly ScreenRoute[] = [
  {
    path: '/grade/detail',
    layout: 'home',
    guard: GUARDS.open,
    screen: lazyScreen(() => import('../../pages/GradeDetail.tsx'), 'GradeDetail'),
  },
  {
    path: '/user/grade',
    layout: 'user',
    guard: GUARDS.mustLogin,
    screen: lazyScreen(() => import('../../pages/UserGrade.tsx'), 'UserGrade'),
  },
  {
    path: '/user/class',
    layout: 'user',
    guard: GUARDS.mustLogin,
    screen: lazyScreen(() => import('../../pages/UserClass.tsx'), 'UserClass'),
  },
  {
    path: '/admin/classes',
    layout: 'admin',
    guard: GUARDS.platformAdminOnly,
    screen: lazyScreen(() => import('../../pages/admin/Classes.tsx'), 'AdminClasses'),
  },
  {
    path: '/admin/classes/desk',
    layout: 'admin',
    guard: GUARDS.platformAdminOnly,
    screen: lazyScreen(() => import('../../pages/admin/ClassDesk.tsx'), 'AdminClassDesk'),
  },
  {
    path: '/manage/classes',
    layout: 'manage',
    guard: GUARDS.teacherOnly,
    screen: lazyScreen(() => import('../../pages/manage/Classes.tsx'), 'ManageClasses'),
  },
  {
    path: '/manage/classes/desk',
    layout: 'manage',
    guard: GUARDS.teacherOnly,
    screen: lazyScreen(() => import('../../pages/manage/ClassDesk.tsx'), 'ManageClassDesk'),
  },
];

export const classesModule = defineClientModule({
  name: 'classes',
  rootActors: {},
  screens,
});
