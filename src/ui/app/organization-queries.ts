/**
 * The organization desk's reads (issue 25 item 4): the caller's organization and the
 * applications to open one that they made (edms.organization.queryList answers both).
 */
import type { CallResult } from '../../contract/call.ts';
import { organization as orgApi } from '../../contract/organization/refs.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { staffQuery } from './staff-queries.ts';

type OwnOrganizationPage = CallResult<(typeof orgApi)['edms.organization.queryList']>;

/** The caller's organization and their own applications, newest first. */
export function ownOrganizations(runtime: Runtime): QueryDef<OwnOrganizationPage> {
  return staffQuery(runtime, 'ownOrganizations', () =>
    runtime.transport.call(orgApi['edms.organization.queryList'], {
      query: { page: 0, size: 50, sort: 'id,desc' },
      body: {},
    }),
  );
}
