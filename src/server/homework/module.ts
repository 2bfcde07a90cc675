import { defineServerModule } from '../server-module.ts';
import { homeworkEnrollable } from './enrollable.ts';
import { homeworkHandlers } from './handlers.ts';

export const homeworkModule = defineServerModule({
  name: 'homework',
  handlers: homeworkHandlers,
  enrollables: [homeworkEnrollable],
});
