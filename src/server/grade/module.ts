import { defineServerModule } from '../server-module.ts';
import { gradeEnrollable } from './enrollable.ts';
import { gradeHandlers } from './handlers.ts';

export const gradeModule = defineServerModule({
  name: 'grade',
  handlers: gradeHandlers,
  enrollables: [gradeEnrollable],
});
