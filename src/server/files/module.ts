import { defineServerModule } from '../server-module.ts';
import { fileHandlers } from './handlers.ts';

export const filesModule = defineServerModule({
  name: 'files',
  handlers: fileHandlers,
});
