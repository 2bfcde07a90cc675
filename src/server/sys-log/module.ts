import { defineServerModule } from '../server-module.ts';
import { sysLogHandlers } from './handlers.ts';

export const sysLogModule = defineServerModule({ name: 'sys-log', handlers: sysLogHandlers });
