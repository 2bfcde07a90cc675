import { defineServerModule } from '../server-module.ts';
import { blacklistHandlers } from './handlers.ts';

export const blacklistModule = defineServerModule({
  name: 'blacklist',
  handlers: blacklistHandlers,
});
