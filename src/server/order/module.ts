import { defineServerModule } from '../server-module.ts';
import { orderCallHandlers } from './handlers.ts';

export const orderModule = defineServerModule({
  name: 'order',
  handlers: orderCallHandlers,
});
