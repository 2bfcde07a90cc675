import { defineServerModule } from '../server-module.ts';
import { authHandlers } from './auth-handlers.ts';
import { memberHandlers } from './member-handlers.ts';

export const accountsModule = defineServerModule({
  name: 'accounts',
  handlers: [...authHandlers, ...memberHandlers],
});
