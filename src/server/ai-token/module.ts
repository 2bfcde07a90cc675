import { defineServerModule } from '../server-module.ts';
import { aiTokenHandlers } from './handlers.ts';
import { aiTokenOrderKinds } from './order-kind.ts';

export const aiTokenModule = defineServerModule({
  name: 'ai-token',
  handlers: aiTokenHandlers,
  orderKinds: aiTokenOrderKinds,
});
