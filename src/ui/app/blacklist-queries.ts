/** The blacklist as platform staff keep it (issue 27 item 6; /admin/blacklist). */
import type { CallBody, CallResult } from '../../contract/call.ts';
import { blacklist as blacklistApi } from '../../contract/blacklist/refs.ts';
import { organization as orgApi } from '../../contract/organization/refs.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { staffQuery } from './staff-queries.ts';

export type BlockFilter = CallBody<(typeof blacklistApi)['member.blacklist.queryList']>;
export type BlockPage = CallResult<(typeof blacklistApi)['member.blacklist.queryList']>;
export type FoundMembers = CallResult<(typeof orgApi)['bms.member.queryList']>;

/** How many accounts a search shows: enough to tell namesakes apart by organization. */
const FOUND_SIZE = 8;

export function blocks(runtime: Runtime, filter: BlockFilter, page: number): QueryDef<BlockPage> {
  return staffQuery(runtime, pageKey(`blocks:${JSON.stringify(filter)}`, page), () =>
    runtime.transport.call(blacklistApi['member.blacklist.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE, sort: 'createdAt,desc' },
      body: filter,
    }),
  );
}

/** Accounts of every organization whose name, username or mobile contains `keyword`. */
export function foundMembers(runtime: Runtime, keyword: string): QueryDef<FoundMembers> {
  return staffQuery(runtime, `foundMembers:${keyword}`, () =>
    runtime.transport.call(orgApi['bms.member.queryList'], {
      query: { page: 0, size: FOUND_SIZE },
      body: { keyword },
    }),
  );
}
