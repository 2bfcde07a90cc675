/**
 * Memberships (vip cards, docs/product-rules.md#membership-cards), the rights they grant, the cards members hold, and
 * membership orders (issue 6). Definitions, rights and held cards are resources from the
 * factory; membership orders are orders (../order/calls.ts) of kind `membership`.
 *
 * Each sub-resource declares its shapes and calls beside the server's (memberships.ts, rights.ts
 * and member-memberships.ts ↔ server/membership/store.ts; orders.ts ↔ order-kind.ts and
 * grants.ts), with what they share in common.ts; this file only assembles the domain, in the
 * order the refs and docs/api.md list it.
 */
import { heldCardListCalls, memberMembershipCalls } from './member-memberships.ts';
import { membershipCalls, membershipListCalls } from './memberships.ts';
import { membershipOrderCalls } from './orders.ts';
import { rightCalls } from './rights.ts';

export const membership = {
  ...membershipListCalls,
  ...heldCardListCalls,
  ...membershipOrderCalls,
  ...membershipCalls,
  ...rightCalls,
  ...memberMembershipCalls,
};
