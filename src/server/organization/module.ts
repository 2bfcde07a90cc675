import { defineServerModule } from '../server-module.ts';
import { organizationHandlers } from './handlers.ts';

export const organizationModule = defineServerModule({
  name: 'organization',
  handlers: organizationHandlers,
});
