/**
 * The read queries of this screens, as streams of the SWR query cache (src/streams).
 * Defined here, outside React: a component subscribes with useQuery and never fetches.
 */
import { fromEvent, type Observable } from 'rxjs';
import type { CallResult } from '../../contract/call.ts';
import { APP_ID } from '../../contract/envelope.ts';
import { accounts } from '../../contract/accounts/refs.ts';
import { grade as gradeApi } from '../../contract/grade/refs.ts';
import { membership as membershipApi } from '../../contract/membership/refs.ts';
import { createQueryCache, type QueryCache, type QueryState } from '../../streams/query-cache.ts';
import type { Transport } from '../../transport/client.ts';

export interface QueryDef<T> {
  key: string;
  /** The families it belongs to (client-module.ts); none for the first screen's reads. */
  tags?: readonly string[];
  state$: Observable<QueryState<T>>;
}

export type GradePage = CallResult<(typeof gradeApi)['grade.queryList']>;
export type MembershipPage = CallResult<(typeof membershipApi)['membership.queryList']>;
export type FullCurrentUser = CallResult<typeof accounts.queryCurrent>;
export type DevInboxMessages = CallResult<(typeof accounts)['bms.devInbox.queryList']>;

/** How many of the latest dev-inbox messages the page asks for. */
export const DEV_INBOX_LIMIT = 50;

/** Start-up class list filter (docs/product-rules.md#start-up): the public classes of this app. */
export const PUBLIC_CLASS_STATUSES = ['4', '1', '2', '3', '5'] as const;

export function createQueries(transport: Transport, focus$?: Observable<unknown>) {
  const cache: QueryCache = createQueryCache({
    focus$: focus$ ?? (typeof window === 'undefined' ? undefined : fromEvent(window, 'focus')),
  });
  const define = <T>(key: string, fetcher: () => Promise<T>): QueryDef<T> => ({
    key,
    state$: cache.query(key, fetcher),
  });

  const currentUsers = new Map<number, QueryDef<FullCurrentUser>>();
  const devInboxes = new Map<number, QueryDef<DevInboxMessages>>();

  return {
    cache,
    /**
     * The class list of the start-up calls; its cache key is the one docs/product-rules.md#start-up
     * names.
     */
    publicClasses: define('/api/grade/getAll', () =>
      transport.call(gradeApi['grade.queryList'], {
        query: { page: 0, size: 100, sort: 'sort,asc' },
        body: { statusList: [...PUBLIC_CLASS_STATUSES], isPublic: true, appIds: [APP_ID] },
      }),
    ),
    /**
     * Student membership cards on sale (docs/product-rules.md#start-up: {type, tags, status:'1'}).
     */
    studentCards: define('membership.queryList:student', () =>
      transport.call(membershipApi['membership.queryList'], {
        body: { type: '0', tags: ['student'], status: '1' },
      }),
    ),
    /** Everything a student or parent can buy: single cards and packages. */
    vipCards: define('membership.queryList:student,studentPackage', () =>
      transport.call(membershipApi['membership.queryList'], {
        query: { page: 0, size: 100, sort: 'sort,asc' },
        body: { type: '0', tags: ['student', 'studentPackage'], status: '1' },
      }),
    ),
    /**
     * The full current user, contact details included (machine contexts leave them out).
     * Keyed by member id so another login never sees the previous member's record.
     */
    currentUser(memberId: number): QueryDef<FullCurrentUser> {
      // One definition per member, so a re-render subscribes to the same stream.
      let query = currentUsers.get(memberId);
      if (!query) {
        query = define(`accounts.queryCurrent:${memberId}`, () =>
          transport.call(accounts.queryCurrent),
        );
        currentUsers.set(memberId, query);
      }
      return query;
    },
    /**
     * The latest messages of the default code sender (platform admins only). Keyed by member
     * id, so a later login in this tab never reads the previous admin's cached messages.
     */
    devInbox(memberId: number): QueryDef<DevInboxMessages> {
      let query = devInboxes.get(memberId);
      if (!query) {
        query = define(`devInbox.queryList:${memberId}`, () =>
          transport.call(accounts['bms.devInbox.queryList'], { query: { limit: DEV_INBOX_LIMIT } }),
        );
        devInboxes.set(memberId, query);
      }
      return query;
    },
    /** Fetch a query again now, past the dedupe window (a screen's refresh button). */
    refresh(query: QueryDef<unknown>): void {
      cache.invalidate(query.key);
    },
  };
}

export type Queries = ReturnType<typeof createQueries>;
