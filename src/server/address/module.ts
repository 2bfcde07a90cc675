import { defineServerModule } from '../server-module.ts';
import { addressHandlers } from './handlers.ts';

export const addressModule = defineServerModule({
  name: 'address',
  handlers: addressHandlers,
});
