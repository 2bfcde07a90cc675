import { defineServerModule } from '../server-module.ts';
import { ssoHandlers } from './handlers.ts';

export const ssoModule = defineServerModule({ name: 'sso', handlers: ssoHandlers });
