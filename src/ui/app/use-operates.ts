import { useCallback, useMemo } from 'react';
import { OWN_STAFF_WRITES, type StaffOperate, type StaffWriteCall } from '../../contract/refs.ts';
import { useRuntime } from './context.ts';
import { useSession } from './hooks.ts';
import { sessionRights } from './permission-queries.ts';
import { IDLE_QUERY, useQuery } from './use-query.ts';

const OWN: ReadonlySet<string> = new Set(OWN_STAFF_WRITES);

export interface Operates {
  /** The session's operates are known (until then nothing staff-only is offered). */
  ready: boolean;
  /** Whether the session may make the staff call now (the server checks it again). */
  may: (call: StaffOperate | StaffWriteCall) => boolean;
  /** `may` for a call id read from data (the permission tree's operates). */
  holds: (callId: string) => boolean;
}

/**
 * What the session may do, for the menus and buttons (docs/decisions/admin-and-identity.md): the
 * staff operates of member.queryCurrentRights. Until they are known nothing is offered, so a
 * role that lacks a button never sees it flash. If they cannot be read, every control is
 * offered and the server's refusal names what is missing.
 *
 * The read follows the session's user (subscribed, not peeked): the staff layout renders before
 * the user is known, and a read keyed for nobody, kept until some later re-render swapped it for
 * the user's unread key, once put the layout back to its spinner in the middle of a coach's
 * first save — unmounting the question editor with everything typed in it. A visitor is asked
 * nothing: the route's own guard says to log in.
 */
export function useOperates(): Operates {
  const runtime = useRuntime();
  const session = useSession();
  const rights = useQuery(session.user ? sessionRights(runtime) : IDLE_QUERY);
  const list = rights.data?.operates;
  const operates = useMemo(() => list && new Set<string>(list), [list]);
  const visitor = session.ready && !session.user;
  const failed = visitor || (!operates && rights.error !== undefined && !rights.isValidating);
  const holds = useCallback(
    (callId: string) => OWN.has(callId) || failed || (operates?.has(callId) ?? false),
    [operates, failed],
  );
  return { ready: operates !== undefined || failed, may: holds, holds };
}
