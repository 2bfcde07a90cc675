/** app calls (contract/app/calls.ts). */
import { app } from '../../contract/app/calls.ts';
import { handle } from '../http/handler.ts';
import { appPage, createApp, updateApp } from './store.ts';

export const appHandlers = [
  handle(app['app.create'], ({ services, body }) => createApp(services, body)),
  handle(app['app.update'], ({ services, body }) => updateApp(services, body)),
  handle(app['app.queryList'], ({ services, body, query }) => appPage(services, body, query)),
];
