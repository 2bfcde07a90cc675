import { defineServerModule } from '../server-module.ts';
import { chapterHandlers } from './handlers.ts';

export const chapterModule = defineServerModule({
  name: 'chapter',
  handlers: chapterHandlers,
});
