/**
 * Rights (server/membership/store.ts): what a card grants, as the platform defines them, with
 * their publication lifecycle.
 */
import { z } from 'zod';
import * as f from '../fields.ts';
import { defineResource, lifecycleCalls, resourceCalls } from '../resource.ts';
import { allOps, name, publication, publicationState, rightCode } from './common.ts';

export const RIGHT_SORT = ['sort', 'id', 'code'] as const;

export const rightItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** Granted by every card that lists no rights of its own (docs/product-rules.md#membership-cards). */
  isDefault: z.boolean(),
  sort: z.number().int(),
  publication: publicationState,
});
const rightFields = {
  code: rightCode,
  name: name('权益名称', 60),
  description: z.string().trim().max(500).default(''),
  isDefault: z.boolean().default(false),
  sort: f.wholeNumber(0, 9999).default(0),
};
export const rightResource = defineResource({
  noun: '权益',
  segment: 'right',
  item: rightItem,
  listItem: rightItem,
  simpleItem: rightItem.pick({ id: true, code: true, name: true }),
  create: z.strictObject(rightFields),
  update: z.strictObject({
    id: f.id,
    name: rightFields.name.optional(),
    description: z.string().trim().max(500).optional(),
    isDefault: z.boolean().optional(),
    sort: f.wholeNumber(0, 9999).optional(),
  }),
  filter: z.strictObject({
    keyword: z.string().trim().max(40).optional(),
    publication: publicationState.optional(),
  }),
  sortFields: RIGHT_SORT,
});

export const rightCalls = {
  ...resourceCalls(rightResource, { area: 'bms', access: 'platformAdmin', ops: allOps }),
  ...lifecycleCalls(rightResource, { area: 'bms', access: 'platformAdmin', ops: publication }),
};
