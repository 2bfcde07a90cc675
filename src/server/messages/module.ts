import { defineServerModule } from '../server-module.ts';
import { messageHandlers } from './handlers.ts';

export const messageModule = defineServerModule({ name: 'messages', handlers: messageHandlers });
