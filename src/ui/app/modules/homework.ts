/**
 * A class's homework as the learner does it. The room's actors are feature actors
 * (homeworkActors.ts), which mark these reads stale when an answer is graded.
 */
import { defineClientModule } from '../client-module.ts';

/** The learner's homework reads (homeworkQueries.ts). */
export const homeworkTag = 'homework';

export const homeworkModule = defineClientModule({
  name: 'homework',
  rootActors: {},
  queryTags: { [homeworkTag]: [] },
});
