/**
 * Routes of the start-up calls (definitions with schemas: ../calls/startup.ts). No zod here:
 * the browser's first screen imports these.
 */
import { refsTo, type CallRoute } from '../call.ts';
import type * as defs from '../calls/startup.ts';

export const dictQueryByValue: CallRoute = {
  id: 'dict.queryByValue',
  method: 'GET',
  path: '/dict/queryByValue',
  skipErrorHandler: true,
};
export const gradeQueryList: CallRoute = {
  id: 'grade.queryList',
  method: 'POST',
  path: '/grade/queryList',
};
export const membershipQueryList: CallRoute = {
  id: 'membership.queryList',
  method: 'POST',
  path: '/membership/queryList',
};
export const memberMembershipQueryList: CallRoute = {
  id: 'memberMembership.queryList',
  method: 'POST',
  path: '/oj/memberMembership/queryList',
};

/** The start-up calls as the browser makes them. */
export const startup = refsTo<typeof defs>()({
  dictQueryByValue,
  gradeQueryList,
  membershipQueryList,
  memberMembershipQueryList,
});
