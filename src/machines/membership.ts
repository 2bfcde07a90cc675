/**
 * Membership validity and the current vip card view — docs/product-rules.md#membership-cards: the
 * view is derived on the client, a card without rights shows the default card rights, and a card is
 * valid only while expireDate is after now.
 *
 * Texts are i18n keys, never literal Chinese: the UI translates them (zh-CN and English).
 * `now` always comes from the caller, so the functions and the machine stay pure.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { MemberMembership } from '../contract/membership/member-memberships.ts';
import { DEFAULT_RIGHT_CODES } from '../contract/rights.ts';
import { describeError, type ErrorInfo } from './errors.ts';
import { notProvided } from './not-provided.ts';

export { DEFAULT_RIGHT_CODES };

export const rightKey = (code: string): string => `vip.rights.${code}`;

/** 年卡 / "Annual card": shown when the card has no name of its own. */
export const VIP_DEFAULT_NAME_KEY = 'vip.card.defaultName';
/** 家长/学生 / "Parent/student" for type '0'; 教师 / "Teacher" for type '1'. */
export const VIP_TYPE_LABEL_KEYS = {
  '0': 'vip.card.type.parentStudent',
  '1': 'vip.card.type.teacher',
} as const;

export type CardType = keyof typeof VIP_TYPE_LABEL_KEYS;

export interface VipCardView {
  /** The card's own name, or null: the UI then shows t(nameKey). */
  name: string | null;
  nameKey: string;
  typeLabelKey: string;
  /** ISO-8601 expiry of the current card; null when the user holds none. */
  validUntil: string | null;
  valid: boolean;
  cardType: CardType;
  /** i18n keys, e.g. 'vip.rights.videos'. */
  rights: string[];
}

/**
 * Valid only while expireDate is after now (docs/product-rules.md#membership-cards); unreadable
 * dates are not valid.
 */
export function isMembershipValid(expireDate: string | null | undefined, now: number): boolean {
  if (!expireDate) return false;
  const expiresAt = Date.parse(expireDate);
  return Number.isFinite(expiresAt) && expiresAt > now;
}

const expiryOf = (held: MemberMembership): number => {
  const at = Date.parse(held.expireDate);
  return Number.isFinite(at) ? at : Number.NEGATIVE_INFINITY;
};

/**
 * The card the view describes: the valid one that lasts longest; failing that, the one that
 * expired last (so the page can say when it ran out); none for an empty list. A card ended
 * early (its order quit or refunded) is no longer held.
 */
export function currentMembership(
  memberMemberships: readonly MemberMembership[],
  now: number,
): MemberMembership | null {
  let best: MemberMembership | null = null;
  for (const held of memberMemberships) {
    if (held.endedAt) continue;
    if (best === null) {
      best = held;
      continue;
    }
    const heldValid = isMembershipValid(held.expireDate, now);
    const bestValid = isMembershipValid(best.expireDate, now);
    if ((heldValid && !bestValid) || (heldValid === bestValid && expiryOf(held) > expiryOf(best))) {
      best = held;
    }
  }
  return best;
}

export function currentVipCardView(
  memberMemberships: readonly MemberMembership[],
  now: number,
): VipCardView {
  const held = currentMembership(memberMemberships, now);
  const cardType: CardType = held?.membership.type ?? '0';
  const ownRights = held?.membership.rights ?? [];
  return {
    name: held?.membership.name || null,
    nameKey: VIP_DEFAULT_NAME_KEY,
    typeLabelKey: VIP_TYPE_LABEL_KEYS[cardType],
    validUntil: held?.expireDate ?? null,
    valid: held ? isMembershipValid(held.expireDate, now) : false,
    cardType,
    rights: (ownRights.length > 0 ? ownRights : DEFAULT_RIGHT_CODES).map(rightKey),
  };
}

export interface MembershipContext {
  memberMemberships: MemberMembership[];
  /** The time the view was derived at (from the last LOAD / NOW event). */
  now: number | null;
  view: VipCardView;
  error: ErrorInfo | null;
}

export type MembershipEvent =
  /** Load (or reload) the member's cards; `now` is the time to judge validity at. */
  | { type: 'LOAD'; now: number }
  /** Re-derive the view at a later time without reloading. */
  | { type: 'NOW'; now: number }
  /** Logged out: forget the cards. */
  | { type: 'CLEAR' };

const emptyView = currentVipCardView([], 0);

/**
 * Holds the member-membership list (docs/product-rules.md#start-up: read with an empty body) and
 * its derived view. The UI provides `loadMemberMemberships` (the page's content array).
 */
export const membershipMachine = setup({
  types: {
    context: {} as MembershipContext,
    events: {} as MembershipEvent,
  },
  actors: {
    loadMemberMemberships: fromPromise<MemberMembership[]>(notProvided('loadMemberMemberships')),
  },
}).createMachine({
  id: 'membership',
  context: { memberMemberships: [], now: null, view: emptyView, error: null },
  initial: 'idle',
  on: {
    LOAD: { target: '.loading', actions: assign({ now: ({ event }) => event.now }) },
    NOW: {
      actions: assign(({ context, event }) => ({
        now: event.now,
        view: currentVipCardView(context.memberMemberships, event.now),
      })),
    },
    CLEAR: {
      target: '.idle',
      actions: assign({ memberMemberships: [], view: emptyView, error: null }),
    },
  },
  states: {
    idle: {},
    loading: {
      invoke: {
        id: 'loadMemberMemberships',
        src: 'loadMemberMemberships',
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            memberMemberships: event.output,
            view: currentVipCardView(event.output, context.now ?? 0),
            error: null,
          })),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => describeError(event.error) }),
        },
      },
    },
    ready: {},
    failed: {},
  },
});
