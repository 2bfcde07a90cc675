import { defineServerModule } from '../server-module.ts';
import { aiHandlers } from './handlers.ts';

export const aiModule = defineServerModule({
  name: 'ai',
  handlers: aiHandlers,
});
