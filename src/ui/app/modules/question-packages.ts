/**
 * The question bank's back office: its lists, the question editor, and its packages (export,
 * import, sharing between organizations), a staff write.
 */
import { createQuestionPackagesImplementations } from '../../../machines/question-packages/implementations.ts';
import { questionPackagesMachine } from '../../../machines/question-packages/machine.ts';
import { lazyScreen } from '../../routes/chunks.ts';
import { platformAdminOnly, teacherOnly, type ScreenRoute } from '../../routes/screen-route.ts';
import { defineClientModule } from '../client-module.ts';

const screens: readonly ScreenRoute[] = [
  // The question bank and its packages (issue 14); the editor is /…/questions/edit.
  {
    path: '/admin/questions',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'bms.question.queryList',
    menu: { label: 'questionBank.menu', order: 60 },
    screen: lazyScreen(() => import('../../pages/admin/Questions.tsx'), 'AdminQuestions'),
  },
  {
    path: '/manage/questions',
    layout: 'manage',
    guard: teacherOnly,
    operate: 'edms.question.queryList',
    menu: { label: 'questionBank.menu', order: 60 },
    screen: lazyScreen(() => import('../../pages/manage/Questions.tsx'), 'ManageQuestions'),
  },
  {
    path: '/admin/questions/edit',
    layout: 'admin',
    guard: platformAdminOnly,
    screen: lazyScreen(() => import('../../pages/admin/QuestionEdit.tsx'), 'AdminQuestionEdit'),
  },
  {
    path: '/manage/questions/edit',
    layout: 'manage',
    guard: teacherOnly,
    screen: lazyScreen(() => import('../../pages/manage/QuestionEdit.tsx'), 'ManageQuestionEdit'),
  },
];

export const questionPackagesModule = defineClientModule({
  name: 'question-packages',
  rootActors: {
    questionPackages: {
      machine: questionPackagesMachine,
      provide: ({ transport, changed }) =>
        questionPackagesMachine.provide(
          createQuestionPackagesImplementations({
            transport,
            onChanged: () => changed('staffChange'),
          }),
        ),
    },
  },
  screens,
});
