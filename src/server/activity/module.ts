import { defineServerModule } from '../server-module.ts';
import { activityEnrollable } from './enrollable.ts';
import { activityHandlers } from './handlers.ts';

export const activityModule = defineServerModule({
  name: 'activity',
  handlers: activityHandlers,
  enrollables: [activityEnrollable],
});
