/** Roles and the permission tree (docs/decisions/admin-and-identity.md). */
import { resourceTreeCalls } from './resource-tree.ts';
import { roleCalls } from './roles.ts';

export const permission = { ...roleCalls, ...resourceTreeCalls };
