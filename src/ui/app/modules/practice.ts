/**
 * What the member's answers move: status columns, the wrong list, progress through courses and
 * chapters, scores. The practice screens' actors are feature actors (practice-actors.ts), made
 * per question or playground language; this module declares their kinds, the reads' tag, and
 * the playground's and a question's screens.
 */
import { lazyScreen } from '../../routes/chunks.ts';
import { mustLogin, open, type ScreenRoute } from '../../routes/screen-route.ts';
import { defineClientModule } from '../client-module.ts';

/**
 * Reads whose answers change when the member's graded answers do; also after a purchase, which
 * may open units and questions.
 */
export const memberAnswersTag = 'memberAnswers';

const screens: readonly ScreenRoute[] = [
  {
    path: '/play/home',
    layout: 'custom',
    guard: open,
    screen: lazyScreen(() => import('../../pages/PlayHome.tsx'), 'PlayHome'),
  },
  {
    path: '/play/python',
    layout: 'custom',
    guard: open,
    screen: lazyScreen(() => import('../../pages/PlayPython.tsx'), 'PlayPython'),
  },
  {
    path: '/question/detail',
    layout: 'custom',
    guard: mustLogin,
    screen: lazyScreen(() => import('../../pages/QuestionDetail.tsx'), 'QuestionDetail'),
  },
];

export const practiceModule = defineClientModule({
  name: 'practice',
  rootActors: {},
  queryTags: { [memberAnswersTag]: ['purchase'] },
  featureKinds: {
    practice: () => import('../../../machines/practice/machine.ts').then((m) => m.practiceMachine),
    playground: () =>
      import('../../../machines/practice/machine.ts').then((m) => m.practiceMachine),
    objective: () =>
      import('../../../machines/objective-practice/machine.ts').then(
        (m) => m.objectivePracticeMachine,
      ),
  },
  screens,
  redirects: [{ path: '/play', to: '/play/home' }],
});
