import { defineServerModule } from '../server-module.ts';
import { activityPrizeHandlers } from './handlers.ts';

export const activityPrizeModule = defineServerModule({
  name: 'activity-prize',
  handlers: activityPrizeHandlers,
});
