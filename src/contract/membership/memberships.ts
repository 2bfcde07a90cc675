/**
 * Membership cards (vip cards; server/membership/store.ts): a card definition's shapes, the
 * public card list, and the platform's resource with its publication lifecycle.
 */
import { z } from 'zod';
import { defineCalls } from '../call.ts';
import * as f from '../fields.ts';
import { MAX_PRICE_FEN } from '../money.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { defineResource, lifecycleCalls, resourceCalls } from '../resource.ts';
import { name, publication, publicationState, rightCode } from './common.ts';

export const membershipType = z.enum(['0', '1']);
export const membershipTag = z.enum(['student', 'studentPackage', 'educational']);

export const membershipItem = z.object({
  id: z.number().int(),
  name: z.string(),
  type: membershipType,
  tags: z.array(membershipTag),
  /** '1' on sale (published), '0' otherwise (docs/product-rules.md#membership-cards). */
  status: z.enum(['0', '1']),
  publication: publicationState,
  sort: z.number().int(),
  priceFen: z.number().int(),
  durationDays: z.number().int(),
  /** Right codes; empty grants the default five (docs/product-rules.md#membership-cards). */
  rights: z.array(z.string()),
  description: z.string(),
});

/** What the card list sorts by. */
export const MEMBERSHIP_SORT = ['sort', 'id', 'name', 'priceFen'] as const;

const membershipBase = {
  name: name('会员卡名称', 40),
  type: membershipType,
  tags: z.array(membershipTag).max(3),
  sort: f.wholeNumber(0, 9999),
  priceFen: f.wholeNumber(0, MAX_PRICE_FEN),
  durationDays: f.wholeNumber(1, 3660),
  rights: z
    .array(rightCode)
    .max(30)
    .refine((codes) => new Set(codes).size === codes.length, '权益不能重复'),
  description: z.string().trim().max(500),
};
const membershipInput = z.strictObject({
  ...membershipBase,
  tags: membershipBase.tags.default([]),
  sort: membershipBase.sort.default(0),
  rights: membershipBase.rights.default([]),
  description: membershipBase.description.default(''),
});
/** Only the fields sent change. */
const membershipUpdate = z.strictObject({
  id: f.id,
  name: membershipBase.name.optional(),
  type: membershipBase.type.optional(),
  tags: membershipBase.tags.optional(),
  sort: membershipBase.sort.optional(),
  priceFen: membershipBase.priceFen.optional(),
  durationDays: membershipBase.durationDays.optional(),
  rights: membershipBase.rights.optional(),
  description: membershipBase.description.optional(),
});
const membershipFilter = z.strictObject({
  type: membershipType.optional(),
  tags: z.array(membershipTag).max(3).optional(),
  /** '0' includes drafts and unpublished cards: staff only; learners always see '1'. */
  status: z.enum(['0', '1']).optional(),
  keyword: z.string().trim().max(40).optional(),
});

export const membershipResource = defineResource({
  noun: '会员卡',
  segment: 'membership',
  item: membershipItem,
  listItem: membershipItem,
  simpleItem: membershipItem.pick({ id: true, name: true, type: true, priceFen: true }),
  create: membershipInput,
  update: membershipUpdate,
  filter: membershipFilter,
  sortFields: MEMBERSHIP_SORT,
});

/** The card list, public: what the start-up reads. */
export const membershipListCalls = defineCalls({
  'membership.queryList': {
    method: 'POST',
    access: 'public',
    summary: '会员卡定义列表（启动时 {type, tags, status:"1"}；status:"0" 仅平台管理员可查）',
    query: pageQueryOf(MEMBERSHIP_SORT),
    body: membershipFilter,
    response: pageOf(membershipItem),
  },
});

export const membershipCalls = {
  ...resourceCalls(membershipResource, {
    area: 'app',
    access: 'platformAdmin',
    ops: ['create', 'update', 'delete', 'queryById'],
    note: '平台管理员',
  }),
  ...lifecycleCalls(membershipResource, { area: 'app', access: 'platformAdmin', ops: publication }),
};
