import { defineServerModule } from '../server-module.ts';
import { permissionHandlers } from './handlers.ts';

export const permissionModule = defineServerModule({
  name: 'permission',
  handlers: permissionHandlers,
});
