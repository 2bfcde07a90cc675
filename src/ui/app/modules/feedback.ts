/**
 * Feedback (issue 27 item 5; docs/decisions/admin-and-identity.md, "Feedback"): members send it
 * from 意见反馈 (/user/feedback, in the accounts module); platform staff answer it here.
 */
import { lazyScreen } from '../../routes/chunks.ts';
import { platformAdminOnly, type ScreenRoute } from '../../routes/screen-route.ts';
import { defineClientModule } from '../client-module.ts';

const screens: readonly ScreenRoute[] = [
  {
    path: '/admin/feedback',
    layout: 'admin',
    guard: platformAdminOnly,
    operate: 'feedback.queryList',
    menu: { label: 'staff.menu.feedback', order: 225 },
    screen: lazyScreen(() => import('../../pages/admin/Feedback.tsx'), 'AdminFeedback'),
  },
];

export const feedbackModule = defineClientModule({ name: 'feedback', rootActors: {}, screens });
