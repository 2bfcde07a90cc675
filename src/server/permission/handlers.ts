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
import {
  configPlatformUserRoles,
  createPlatformUser,
  deletePlatformUser,
  platformUser,
  platformUserPage,
  resetPlatformUserPassword,
  updatePlatformUser,
} from './users.ts';

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
  handle(permission['user.create'], (ctx) =>
    createPlatformUser(ctx.services, ctx.requireAuth(), ctx.body),
  ),
  handle(permission['user.update'], (ctx) =>
    updatePlatformUser(ctx.services, ctx.requireAuth(), ctx.body),
  ),
  handle(permission['user.delete'], (ctx) =>
    deletePlatformUser(ctx.services, ctx.requireAuth(), ctx.body.id),
  ),
  handle(permission['user.queryList'], (ctx) =>
    platformUserPage(ctx.services.pool, ctx.body, ctx.query),
  ),
  handle(permission['user.queryById'], (ctx) => platformUser(ctx.services.pool, ctx.query.id)),
  handle(permission['user.resetPwd'], (ctx) =>
    resetPlatformUserPassword(ctx.services, ctx.requireAuth(), ctx.body.id, ctx.body.password),
  ),
  handle(permission['user.configRoles'], (ctx) =>
    configPlatformUserRoles(ctx.services, ctx.requireAuth(), ctx.body.id, ctx.body.roleIds),
  ),
];
