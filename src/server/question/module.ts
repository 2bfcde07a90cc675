import { defineServerModule } from '../server-module.ts';
import { questionBankHandlers } from './handlers.ts';

export const questionModule = defineServerModule({
  name: 'question',
  handlers: questionBankHandlers,
});
