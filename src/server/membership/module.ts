import { defineServerModule } from '../server-module.ts';
import { membershipHandlers } from './handlers.ts';
import { membershipOrderKinds } from './order-kind.ts';

export const membershipModule = defineServerModule({
  name: 'membership',
  handlers: membershipHandlers,
  orderKinds: membershipOrderKinds,
});
