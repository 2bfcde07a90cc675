import { defineServerModule } from '../server-module.ts';
import { siteConfigHandlers } from './handlers.ts';

export const siteConfigModule = defineServerModule({
  name: 'site-config',
  handlers: siteConfigHandlers,
});
