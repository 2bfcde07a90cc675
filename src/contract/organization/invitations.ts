/**
 * Invitations to join an organization (issue 25 item 13; server/organization/invitations.ts):
 * staff read the invitations they sent, the invited person reads, accepts or declines theirs.
 */
import { z } from 'zod';
import { memberRole } from '../accounts/calls.ts';
import { defineCalls } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';

export const invitationState = z.enum(['pending', 'accepted', 'declined']);
/** An invitation as staff see it: the invited person masked, never their username. */
export const staffInvitationItem = z.object({
  id: z.number().int(),
  state: invitationState,
  maskedName: z.string(),
  maskedMobile: z.string().nullable(),
  role: memberRole,
  /** What staff entered for the account it makes on acceptance. */
  nickname: z.string(),
  invitedByName: z.string(),
  createdAt: f.isoTime,
  updatedAt: f.isoTime,
});
/** An invitation as the invited person sees it, in their own account area. */
export const ownInvitationItem = z.object({
  id: z.number().int(),
  state: invitationState,
  organizationName: z.string(),
  role: memberRole,
  invitedByName: z.string(),
  createdAt: f.isoTime,
  updatedAt: f.isoTime,
  /** The account made on acceptance. */
  memberId: z.number().int().nullable(),
});
export type OwnInvitationItem = z.infer<typeof ownInvitationItem>;
export const invitationIdBody = z.strictObject({ id: f.id });
export const INVITATION_SORT = ['id'] as const;
export const invitationFilter = z.strictObject({ state: invitationState.optional() });

export const invitationCalls = defineCalls({
  'edms.memberInvitation.queryList': {
    method: 'POST',
    access: 'teacher',
    summary:
      '本机构发出的加入邀请（添加的手机号已在其他机构注册时发出）：被邀请人姓名、手机号打码，不含用户名',
    query: pageQueryOf(INVITATION_SORT),
    body: invitationFilter,
    response: pageOf(staffInvitationItem),
  },
  'oj.memberInvitation.queryList': {
    method: 'POST',
    access: 'member',
    summary: '本人收到的机构加入邀请（待确认在前）',
    query: pageQueryOf(INVITATION_SORT),
    body: invitationFilter,
    response: pageOf(ownInvitationItem),
  },
  'oj.memberInvitation.accept': {
    method: 'PUT',
    access: 'member',
    summary:
      '接受加入邀请：在该机构开通本人账号（沿用本人登录名与密码）；已答复的邀请 TRANSITION_NOT_ALLOWED',
    body: invitationIdBody,
    response: ownInvitationItem,
  },
  'oj.memberInvitation.decline': {
    method: 'PUT',
    access: 'member',
    summary:
      '拒绝加入邀请：不开通账号，机构看不到本人的任何资料；已答复的邀请 TRANSITION_NOT_ALLOWED',
    body: invitationIdBody,
    response: ownInvitationItem,
  },
});
