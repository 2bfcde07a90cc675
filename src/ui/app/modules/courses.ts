/**
 * Courses and their chapters: the catalogue, the camp, a chapter as the learner and the teacher
 * see it, and the back offices' courses and chapters.
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
    path: '/course/list',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../../pages/CourseList.tsx'), 'CourseList'),
  },
  {
    path: '/course/detail',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../../pages/CourseDetail.tsx'), 'CourseDetail'),
  },
  {
    path: '/camp',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../../pages/Camp.tsx'), 'Camp'),
  },
  {
    path: '/chapter/detail',
    layout: 'custom',
    guard: mustLogin,
    screen: lazyScreen(() => import('../../pages/ChapterDetail.tsx'), 'ChapterDetail'),
  },
  {
    path: '/chapter/student',
    layout: 'custom',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../../pages/ChapterStudent.tsx'), 'ChapterStudent'),
  },
  {
    path: '/admin/courses',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'bms.course.queryList',
    menu: { label: 'staff.menu.courses', order: 40 },
    screen: lazyScreen(() => import('../../pages/admin/Courses.tsx'), 'AdminCourses'),
  },
  {
    path: '/admin/chapters',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'bms.chapter.queryList',
    menu: { label: 'staff.menu.chapters', order: 50 },
    screen: lazyScreen(() => import('../../pages/admin/Chapters.tsx'), 'AdminChapters'),
  },
  {
    path: '/manage/courses',
    layout: 'manage',
    guard: teacherOnly,
    operate: 'edms.course.queryList',
    menu: { label: 'staff.menu.courses', order: 40 },
    screen: lazyScreen(() => import('../../pages/manage/Courses.tsx'), 'ManageCourses'),
  },
  {
    path: '/manage/chapters',
    layout: 'manage',
    guard: teacherOnly,
    operate: 'edms.chapter.queryList',
    menu: { label: 'staff.menu.chapters', order: 50 },
    screen: lazyScreen(() => import('../../pages/manage/Chapters.tsx'), 'ManageChapters'),
  },
];

export const coursesModule = defineClientModule({
  name: 'courses',
  rootActors: {},
  screens,
  redirects: [{ path: '/course', to: '/course/list' }],
});
