/** common/config calls (contract/site-config/calls.ts). */
import { siteConfig } from '../../contract/site-config/calls.ts';
import { handle } from '../http/handler.ts';
import { configByKey, configPage, createConfig, deleteConfig, updateConfig } from './store.ts';

export const siteConfigHandlers = [
  handle(siteConfig['common.config.create'], ({ services, requireAuth, body }) =>
    createConfig(services.pool, requireAuth(), body),
  ),
  handle(siteConfig['common.config.update'], ({ services, requireAuth, body }) =>
    updateConfig(services.pool, requireAuth(), body),
  ),
  handle(siteConfig['common.config.delete'], ({ services, body }) =>
    deleteConfig(services.pool, body.id),
  ),
  handle(siteConfig['common.config.queryByKey'], ({ services, auth, query }) =>
    configByKey(services.pool, auth, query.key),
  ),
  handle(siteConfig['common.config.queryList'], ({ services, body, query }) =>
    configPage(services.pool, body, query),
  ),
];
