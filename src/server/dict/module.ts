import { defineServerModule } from '../server-module.ts';
import { dictHandlers } from './handlers.ts';

export const dictModule = defineServerModule({
  name: 'dict',
  handlers: dictHandlers,
});
