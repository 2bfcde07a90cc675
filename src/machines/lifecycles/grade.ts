/**
 * A class's lifecycle (docs/product-rules.md#lifecycle-actions grade: publish, unpublish, stop). A
 * class is written as a draft; publishing opens it to enrollment (and, if public, to the home
 * page's catalogue); unpublishing hides it from new learners without touching its roster; stopping
 * ends it for good. What learners see of a published class (报名中, 开课中, 已结课 …) follows from
 * its dates: the gradeStatus dictionary and `grade_status()` of migration 0011.
 */
import { defineLifecycle } from './lifecycle.ts';
import { PUBLICATION_STATE_NAMES, publicationMachineOf } from './publication.ts';

export const gradeLifecycle = defineLifecycle({
  noun: '班级',
  machine: publicationMachineOf('grade', { stoppable: true }),
  states: { ...PUBLICATION_STATE_NAMES, draft: '未发布', published: '已发布', stopped: '已停止' },
  actions: ['publish', 'unpublish', 'stop'],
});
