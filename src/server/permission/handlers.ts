/** role and resource calls (contract/permission/). */
import { permission } from '../../contract/permission/calls.ts';
import { handle } from '../http/handler.ts';
import {
  createDirectory,
  createOperate,
  deleteOperate,
  deleteResource,
  operatePage,
  resourcePage,
  updateOperate,
  updateResource,
} from './resource-tree.ts';
import { configRolePerms, createRole, deleteRole, rolePage, updateRole } from './roles.ts';

export const permissionHandlers = [
  handle(permission['role.create'], (ctx) => createRole(ctx.services, ctx.requireAuth(), ctx.body)),
  handle(permission['role.update'], (ctx) => updateRole(ctx.services, ctx.requireAuth(), ctx.body)),
  handle(permission['role.delete'], (ctx) =>
    deleteRole(ctx.services, ctx.requireAuth(), ctx.body.id),
  ),
  handle(permission['role.queryList'], (ctx) =>
    rolePage(ctx.services, ctx.requireAuth(), ctx.body, ctx.query),
  ),
  handle(permission['role.configPerms'], (ctx) =>
    configRolePerms(ctx.services, ctx.requireAuth(), ctx.body),
  ),
  handle(permission['resource.create'], (ctx) => createDirectory(ctx.services.pool, ctx.body)),
  handle(permission['resource.update'], (ctx) => updateResource(ctx.services.pool, ctx.body)),
  handle(permission['resource.delete'], (ctx) => deleteResource(ctx.services.pool, ctx.body.id)),
  handle(permission['resource.queryList'], (ctx) =>
    resourcePage(ctx.services.pool, ctx.body, ctx.query),
  ),
  handle(permission['resource.operate.create'], (ctx) =>
    createOperate(ctx.services.pool, ctx.body),
  ),
  handle(permission['resource.operate.update'], (ctx) =>
    updateOperate(ctx.services.pool, ctx.body),
  ),
  handle(permission['resource.operate.delete'], (ctx) =>
    deleteOperate(ctx.services.pool, ctx.body.callId),
  ),
  handle(permission['resource.operate.queryList'], (ctx) =>
    operatePage(ctx.services.pool, ctx.body, ctx.query),
  ),
];
