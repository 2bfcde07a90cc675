import { defineServerModule } from '../server-module.ts';
import { walletHandlers } from './handlers.ts';
import { walletOrderKinds } from './order-kind.ts';

export const walletModule = defineServerModule({
  name: 'wallet',
  handlers: walletHandlers,
  orderKinds: walletOrderKinds,
});
