import { defineServerModule } from '../server-module.ts';
import { courseHandlers } from './handlers.ts';
import { courseOrderKinds } from './order-kind.ts';

export const courseModule = defineServerModule({
  name: 'course',
  handlers: courseHandlers,
  orderKinds: courseOrderKinds,
});
