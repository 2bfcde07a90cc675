/**
 * Exams: the list, a sitting's room and reports, and the back offices' exams and papers. The
 * room's actor is a feature actor (exam-actors.ts), one per sitting.
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
    path: '/exam/list',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../../pages/ExamList.tsx'), 'ExamList'),
  },
  {
    path: '/exam/detail',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../../pages/ExamDetail.tsx'), 'ExamDetail'),
  },
  {
    path: '/exam/report',
    layout: 'home',
    guard: mustLogin,
    screen: lazyScreen(() => import('../../pages/ExamReport.tsx'), 'ExamReport'),
  },
  {
    path: '/exam/report/paper',
    layout: 'home',
    guard: mustLogin,
    screen: lazyScreen(() => import('../../pages/ExamReportPaper.tsx'), 'ExamReportPaper'),
  },
  {
    path: '/exam/report/enroll',
    layout: 'home',
    guard: mustLogin,
    screen: lazyScreen(() => import('../../pages/ExamReportEnroll.tsx'), 'ExamReportEnroll'),
  },
  {
    path: '/exam/room',
    layout: 'custom',
    guard: mustLogin,
    screen: lazyScreen(() => import('../../pages/ExamRoom.tsx'), 'ExamRoom'),
  },
  {
    path: '/user/exam',
    layout: 'user',
    guard: mustLogin,
    menu: { label: 'userMenu.exam', order: 50 },
    audience: 'learners',
    screen: lazyScreen(() => import('../../pages/UserExam.tsx'), 'UserExam'),
  },
  {
    path: '/user/report',
    layout: 'user',
    guard: mustLogin,
    menu: { label: 'userMenu.report', order: 60 },
    audience: 'learners',
    screen: lazyScreen(() => import('../../pages/UserReport.tsx'), 'UserReport'),
  },
  {
    path: '/admin/exams',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'bms.exam.queryList',
    menu: { label: 'staff.menu.exams', order: 120 },
    screen: lazyScreen(() => import('../../pages/admin/Exams.tsx'), 'AdminExams'),
  },
  {
    path: '/admin/exams/monitor',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../../pages/admin/ExamMonitor.tsx'), 'AdminExamMonitor'),
  },
  {
    path: '/admin/papers',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'bms.examPaper.queryList',
    menu: { label: 'staff.menu.papers', order: 130 },
    screen: lazyScreen(() => import('../../pages/admin/ExamPapers.tsx'), 'AdminExamPapers'),
  },
  {
    path: '/manage/exams',
    layout: 'manage',
    guard: teacherOnly,
    operate: 'edms.exam.queryList',
    menu: { label: 'staff.menu.exams', order: 130 },
    screen: lazyScreen(() => import('../../pages/manage/Exams.tsx'), 'ManageExams'),
  },
  {
    path: '/manage/exams/monitor',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../../pages/manage/ExamMonitor.tsx'), 'ManageExamMonitor'),
  },
  {
    path: '/manage/papers',
    layout: 'manage',
    guard: teacherOnly,
    operate: 'edms.examPaper.queryList',
    menu: { label: 'staff.menu.papers', order: 140 },
    screen: lazyScreen(() => import('../../pages/manage/ExamPapers.tsx'), 'ManageExamPapers'),
  },
];

export const examsModule = defineClientModule({
  name: 'exams',
  rootActors: {},
  featureKinds: {
    examRoom: () => import('../../../machines/exam-room/machine.ts').then((m) => m.examRoomMachine),
  },
  screens,
  redirects: [{ path: '/exam', to: '/exam/list' }],
});
