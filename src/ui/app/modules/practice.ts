/**
 * What the member's answers move: status columns, the wrong list, progress through courses and
 * chapters, scores. The practice screens' actors are feature actors (practiceActors.ts), made
 * per question; this module declares the reads' tag.
 */
import { defineClientModule } from '../client-module.ts';

/**
 * Reads whose answers change when the member's graded answers do; also after a purchase, which
 * may open units and questions.
 */
export const memberAnswersTag = 'memberAnswers';

export const practiceModule = defineClientModule({
  name: 'practice',
  rootActors: {},
  queryTags: { [memberAnswersTag]: ['purchase'] },
});
