/**
 * Published documents and the learner's own: the content centre, the camp's solution write-ups,
 * the back offices' content and documents.
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
    path: '/content-center',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../../pages/ContentCenter.tsx'), 'ContentCenter'),
  },
  {
    path: '/content-center/:id',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../../pages/ContentDetail.tsx'), 'ContentDetail'),
  },
  {
    path: '/camp/answer/detail/:id',
    layout: 'home',
    guard: mustLogin,
    screen: lazyScreen(() => import('../../pages/CampAnswerDetail.tsx'), 'CampAnswerDetail'),
  },
  {
    path: '/user/document',
    layout: 'user',
    guard: mustLogin,
    menu: { label: 'userMenu.document', order: 100 },
    audience: 'learners',
    screen: lazyScreen(() => import('../../pages/UserDocument.tsx'), 'UserDocument'),
  },
  {
    path: '/admin/content',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'bms.memberDocument.queryList',
    menu: { label: 'staff.menu.content', order: 70 },
    screen: lazyScreen(() => import('../../pages/admin/Content.tsx'), 'AdminContent'),
  },
  {
    path: '/manage/documents',
    layout: 'manage',
    guard: teacherOnly,
    operate: 'edms.memberDocument.queryList',
    menu: { label: 'staff.menu.documents', order: 70 },
    screen: lazyScreen(() => import('../../pages/manage/Documents.tsx'), 'ManageDocuments'),
  },
];

export const documentsModule = defineClientModule({
  name: 'documents',
  rootActors: {},
  screens,
});
