import { defineServerModule } from '../server-module.ts';
import { appHandlers } from './handlers.ts';

export const appsModule = defineServerModule({
  name: 'apps',
  handlers: appHandlers,
});
