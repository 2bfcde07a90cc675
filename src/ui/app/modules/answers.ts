/**
 * The platform's answer records (bms memberQuestion; docs/decisions/admin-and-identity.md,
 * "Answers the platform corrects"): every learner's submissions, entered (补录), judged again
 * (重测) or taken out of a learner's history from the platform's back office.
 */
import { lazyScreen } from '../../routes/chunks.ts';
import { platformAdminOnly, type ScreenRoute } from '../../routes/screen-route.ts';
import { defineClientModule } from '../client-module.ts';

const screens: readonly ScreenRoute[] = [
  {
    path: '/admin/answers',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'bms.memberQuestion.queryList',
    menu: { label: 'staff.menu.answers', order: 65 },
    screen: lazyScreen(() => import('../../pages/admin/Answers.tsx'), 'AdminAnswers'),
  },
];

export const answersModule = defineClientModule({ name: 'answers', rootActors: {}, screens });
