import { defineServerModule } from '../server-module.ts';
import { examEnrollable } from './enrollable.ts';
import { examHandlers } from './handlers.ts';

export const examModule = defineServerModule({
  name: 'exam',
  handlers: examHandlers,
  enrollables: [examEnrollable],
});
