/**
 * The invitations to join an organization (issue 25 item 13) on the runtime's SWR cache. The
 * learner's carry the `commerce` tag, so an answer (a `purchase` change: it runs the
 * invitation's enrollments) marks them stale; staff's the `staff` tag.
 */
import type { CallResult } from '../../contract/call.ts';
import { organization } from '../../contract/organization/refs.ts';
import { definedQuery as defined, memberKey } from './defined-query.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { commerceTag } from './modules/commerce.ts';

export type OwnInvitationPage = CallResult<(typeof organization)['oj.memberInvitation.queryList']>;

/** The invitations the signed-in person received, waiting ones first. */
export function ownInvitations(runtime: Runtime): QueryDef<OwnInvitationPage> {
  return defined(
    runtime,
    `commerce:${memberKey(runtime)}:invitations`,
    () =>
      runtime.transport.call(organization['oj.memberInvitation.queryList'], {
        query: { page: 0, size: 50 },
        body: {},
      }),
    [commerceTag],
  );
}
