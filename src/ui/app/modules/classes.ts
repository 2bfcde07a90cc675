/**
 * Classes (grades on the wire): a class's page, the learner's classes and the back offices'
 * classes with their desks.
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
    path: '/grade/detail',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../../pages/GradeDetail.tsx'), 'GradeDetail'),
  },
  {
    path: '/user/grade',
    layout: 'user',
    guard: mustLogin,
    audience: 'learners',
    screen: lazyScreen(() => import('../../pages/UserGrade.tsx'), 'UserGrade'),
  },
  {
    path: '/user/class',
    layout: 'user',
    guard: mustLogin,
    menu: { label: 'userMenu.class', order: 30 },
    audience: 'learners',
    screen: lazyScreen(() => import('../../pages/UserClass.tsx'), 'UserClass'),
  },
  {
    path: '/admin/classes',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'bms.grade.queryList',
    menu: { label: 'staff.menu.classes', order: 30 },
    screen: lazyScreen(() => import('../../pages/admin/Classes.tsx'), 'AdminClasses'),
  },
  {
    path: '/admin/classes/desk',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../../pages/admin/ClassDesk.tsx'), 'AdminClassDesk'),
  },
  {
    path: '/manage/classes',
    layout: 'manage',
    guard: teacherOnly,
    operate: 'edms.grade.queryList',
    menu: { label: 'staff.menu.classes', order: 30 },
    screen: lazyScreen(() => import('../../pages/manage/Classes.tsx'), 'ManageClasses'),
  },
  {
    path: '/manage/classes/desk',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../../pages/manage/ClassDesk.tsx'), 'ManageClassDesk'),
  },
];

export const classesModule = defineClientModule({
  name: 'classes',
  rootActors: {},
  screens,
});
