/**
 * A class's homework: the learner's room and reports, the back offices' homework and grading.
 * The room's actors are feature actors (homework-actors.ts), which mark these reads stale when an
 * answer is graded.
 */
import { lazyScreen } from '../../routes/chunks.ts';
import {
  mustLogin,
  platformAdminOnly,
  teacherOnly,
  type ScreenRoute,
} from '../../routes/screen-route.ts';
import { defineClientModule } from '../client-module.ts';

/** The learner's homework reads (homework-queries.ts). */
export const homeworkTag = 'homework';

const screens: readonly ScreenRoute[] = [
  {
    path: '/homework/report',
    layout: 'home',
    guard: mustLogin,
    screen: lazyScreen(() => import('../../pages/HomeworkReport.tsx'), 'HomeworkReport'),
  },
  {
    path: '/homework/report/enroll',
    layout: 'home',
    guard: mustLogin,
    screen: lazyScreen(
      () => import('../../pages/HomeworkReportEnroll.tsx'),
      'HomeworkReportEnroll',
    ),
  },
  {
    path: '/homework/room',
    layout: 'custom',
    guard: mustLogin,
    screen: lazyScreen(() => import('../../pages/HomeworkRoom.tsx'), 'HomeworkRoom'),
  },
  {
    path: '/user/homework',
    layout: 'user',
    guard: mustLogin,
    menu: { label: 'userMenu.homework', order: 40 },
    audience: 'learners',
    screen: lazyScreen(() => import('../../pages/UserHomework.tsx'), 'UserHomework'),
  },
  {
    path: '/admin/homework',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'bms.homework.queryList',
    menu: { label: 'staff.menu.homework', order: 80 },
    screen: lazyScreen(() => import('../../pages/admin/Homework.tsx'), 'AdminHomework'),
  },
  {
    path: '/admin/homework/grading',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(
      () => import('../../pages/admin/HomeworkGrading.tsx'),
      'AdminHomeworkGrading',
    ),
  },
  {
    path: '/manage/homework',
    layout: 'manage',
    guard: teacherOnly,
    operate: 'edms.homework.queryList',
    menu: { label: 'staff.menu.homework', order: 80 },
    screen: lazyScreen(() => import('../../pages/manage/Homework.tsx'), 'ManageHomework'),
  },
  {
    path: '/manage/homework/grading',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(
      () => import('../../pages/manage/HomeworkGrading.tsx'),
      'ManageHomeworkGrading',
    ),
  },
];

export const homeworkModule = defineClientModule({
  name: 'homework',
  rootActors: {},
  queryTags: { [homeworkTag]: [] },
  featureKinds: {
    // The homework room's questions: the practice machines with the homework's calls.
    homeworkPractice: () =>
      import('../../../machines/practice/machine.ts').then((m) => m.practiceMachine),
    homeworkObjective: () =>
      import('../../../machines/objective-practice/machine.ts').then(
        (m) => m.objectivePracticeMachine,
      ),
  },
  screens,
});
