/** Roles, the permission tree and the platform's users (docs/decisions/admin-and-identity.md). */
import { resourceTreeCalls } from './resource-tree.ts';
import { roleCalls } from './roles.ts';
import { platformUserCalls } from './users.ts';

export const permission = { ...roleCalls, ...resourceTreeCalls, ...platformUserCalls };
