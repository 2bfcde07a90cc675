/**
 * The parent's side (issue 25 item 11; docs/decisions/parents.md): a binding
 * between a parent and a child, and what a parent's screens read of a bound child.
 */
import { z } from 'zod';
import * as f from '../fields.ts';

export const BINDING_STATE_VALUES = [
  'requested',
  'confirmed',
  'refused',
  'cancelled',
  'unbound',
] as const;

/**
 * One binding as either side sees it. Until it is confirmed the parent sees the child's name
 * masked (asking by an account name must not reveal whose account it is); the child sees who
 * asks, with the parent's mobile masked.
 */
export const bindingItem = z.object({
  id: z.number().int(),
  state: z.enum(BINDING_STATE_VALUES),
  relation: z.string(),
  parentMemberId: z.number().int(),
  parentName: z.string(),
  parentMobile: z.string().nullable(),
  childMemberId: z.number().int(),
  childName: z.string(),
  childOrganizationName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BindingItem = z.infer<typeof bindingItem>;

export const RELATIONS = ['爸爸', '妈妈', '爷爷', '奶奶', '外公', '外婆', '其他监护人'] as const;
export type Relation = (typeof RELATIONS)[number];

export const bindingRequestBody = z.strictObject({
  /** The child's username or mobile, exactly: the child confirms in their own account. */
  account: z.string().trim().min(1, '请输入孩子的用户名或手机号').max(64, '最多 64 个字符'),
  relation: z.enum(RELATIONS, { message: `请选择与孩子的关系：${RELATIONS.join('、')}` }),
});

export const bindingIdBody = z.strictObject({ id: f.id });

export const bindingList = z.array(bindingItem);

/** A child in the parent's query string: every read of a child names which. */
export const childId = f.id;

export const childMembershipOrderBody = z.strictObject({
  childId: f.id,
  membershipId: f.id,
});

export const FEED_KINDS = ['homework', 'homeworkResult', 'examResult', 'order', 'quit'] as const;

/**
 * One line of a child's 动态 (issue 25): derived from the child's own records, newest first,
 * until a messages domain (issue 27) carries real messages. The screen words each kind; the
 * fields a kind does not use are null.
 */
export const feedItem = z.object({
  kind: z.enum(FEED_KINDS),
  at: z.string(),
  /** The homework, exam or item the line is about. */
  subject: z.string(),
  /** The class a homework belongs to. */
  gradeName: z.string().nullable(),
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  amountFen: z.number().int().nullable(),
  /** An order's state, or the decision on a quit application, in words. */
  stateName: z.string().nullable(),
  /** The staff's reason for a quit decision. */
  reason: z.string().nullable(),
});
export type FeedItem = z.infer<typeof feedItem>;
export const feedList = z.array(feedItem);
