import { defineServerModule } from '../server-module.ts';
import { systemHandlers } from './handlers.ts';

export const systemModule = defineServerModule({
  name: 'system',
  handlers: systemHandlers,
});
