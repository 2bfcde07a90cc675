/**
 * Reads of roles and permissions (issue 27 item 1; docs/decisions/admin-and-identity.md): what
 * this session may do, for the menus and buttons, and the roles and permission tree staff
 * configure. Keyed under `staff:` and the member, so any staff write (a role changed) marks
 * them stale and another login never reads them.
 */
import type { CallBody, CallResult } from '../../contract/call.ts';
import { organization as orgApi } from '../../contract/organization/refs.ts';
import { permission as permissionApi } from '../../contract/permission/refs.ts';
import type { OperateItem, ResourceItem } from '../../contract/permission/resource-tree.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import { MAX_PAGE_SIZE } from '../../contract/page-size.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { staffQuery } from './staff-queries.ts';

export type SessionRights = CallResult<(typeof orgApi)['member.queryCurrentRights']>;
export type RoleFilter = CallBody<(typeof permissionApi)['role.queryList']>;
export type RolePage = CallResult<(typeof permissionApi)['role.queryList']>;
export type PlatformUserFilter = CallBody<(typeof permissionApi)['user.queryList']>;
export type PlatformUserPage = CallResult<(typeof permissionApi)['user.queryList']>;

/** What the session may do now: its card rights, and the staff operates the menus follow. */
export function sessionRights(runtime: Runtime): QueryDef<SessionRights> {
  return staffQuery(runtime, 'sessionRights', () =>
    runtime.transport.call(orgApi['member.queryCurrentRights'], {}),
  );
}

export function staffRoles(runtime: Runtime, filter: RoleFilter, page: number): QueryDef<RolePage> {
  return staffQuery(runtime, pageKey(`roles:${JSON.stringify(filter)}`, page), () =>
    runtime.transport.call(permissionApi['role.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE, sort: 'createdAt,desc' },
      body: filter,
    }),
  );
}

/** Every role the filter keeps (at most 500, far above what anyone makes), for the pickers. */
export function roleChoices(runtime: Runtime, filter: RoleFilter): QueryDef<RolePage> {
  return staffQuery(runtime, `roleChoices:${JSON.stringify(filter)}`, () =>
    runtime.transport.call(permissionApi['role.queryList'], {
      query: { page: 0, size: MAX_PAGE_SIZE, sort: 'name,asc' },
      body: filter,
    }),
  );
}

export function platformUsers(
  runtime: Runtime,
  filter: PlatformUserFilter,
  page: number,
): QueryDef<PlatformUserPage> {
  return staffQuery(runtime, pageKey(`platformUsers:${JSON.stringify(filter)}`, page), () =>
    runtime.transport.call(permissionApi['user.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE, sort: 'createdAt,desc' },
      body: filter,
    }),
  );
}

/** Every page of a list, one after another (the tree is a few hundred rows). */
async function allPages<T>(
  fetchPage: (page: number) => Promise<{ content: T[]; totalPages: number }>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 0; ; page += 1) {
    const answer = await fetchPage(page);
    rows.push(...answer.content);
    if (page + 1 >= answer.totalPages) return rows;
  }
}

export interface PermissionTree {
  resources: ResourceItem[];
  operates: OperateItem[];
}

/** The directories, groups and operates, in their order: the tree a role's grant is picked from. */
export function permissionTree(runtime: Runtime): QueryDef<PermissionTree> {
  return staffQuery(runtime, 'permissionTree', async () => {
    const [resources, operates] = await Promise.all([
      allPages((page) =>
        runtime.transport.call(permissionApi['resource.queryList'], {
          query: { page, size: MAX_PAGE_SIZE, sort: 'sort,asc' },
          body: {},
        }),
      ),
      allPages((page) =>
        runtime.transport.call(permissionApi['resource.operate.queryList'], {
          query: { page, size: MAX_PAGE_SIZE, sort: 'sort,asc' },
          body: {},
        }),
      ),
    ]);
    return { resources, operates };
  });
}
