import { defineServerModule } from '../server-module.ts';
import { memberDocumentHandlers } from './handlers.ts';

export const memberDocumentModule = defineServerModule({
  name: 'member-document',
  handlers: memberDocumentHandlers,
});
