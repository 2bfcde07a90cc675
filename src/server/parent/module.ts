import { defineServerModule } from '../server-module.ts';
import { parentHandlers } from './handlers.ts';

export const parentModule = defineServerModule({
  name: 'parent',
  handlers: parentHandlers,
});
