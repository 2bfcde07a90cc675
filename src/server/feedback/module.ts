import { defineServerModule } from '../server-module.ts';
import { feedbackHandlers } from './handlers.ts';

export const feedbackModule = defineServerModule({ name: 'feedback', handlers: feedbackHandlers });
