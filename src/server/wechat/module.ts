import { defineServerModule } from '../server-module.ts';
import { wechatHandlers } from './handlers.ts';

export const wechatModule = defineServerModule({ name: 'wechat', handlers: wechatHandlers });
