import type { Queryable } from '../db/pool.ts';
import { preparedStatement } from '../db/prepared.ts';

export interface CurrentRights {
  rights: { code: string; name: string }[];
  vip: boolean;
  expireDate: string | null;
}

export interface ValidCard {
  rights: string[];
  expire_date: Date;
}

/** Asked by every practice submission: prepared (db/prepared.ts), as is validCardsOf. */
const publishedRights = preparedStatement<{ code: string; name: string }>(
  'published-rights',
  `SELECT code, name FROM rights
    WHERE publication = 'published' AND (code = ANY($1::text[]) OR ($2 AND is_default))
    ORDER BY sort, code`,
);

/** The rights valid cards grant: those they list, or the default five for a card listing none. */
export async function rightsOfCards(db: Queryable, cards: ValidCard[]): Promise<CurrentRights> {
  if (cards.length === 0) return { rights: [], vip: false, expireDate: null };
  const usesDefaults = cards.some((c) => c.rights.length === 0);
  const codes = [...new Set(cards.flatMap((c) => c.rights))];
  const rights = await publishedRights(db, [codes, usesDefaults]);
  const latest = Math.max(...cards.map((c) => c.expire_date.getTime()));
  return { rights: rights.rows, vip: true, expireDate: new Date(latest).toISOString() };
}

/**
 * A card counts while started, not expired (docs/product-rules.md#membership-cards) and not ended
 * by a quit.
 */
export const VALID_CARD = `mm.start_date <= now() AND mm.expire_date > now() AND mm.ended_at IS NULL`;

/** The valid cards of the member `member` names (a placeholder or a column). */
const validCardsFrom = (member: string) =>
  `FROM member_memberships mm JOIN memberships ms ON ms.id = mm.membership_id
    WHERE mm.member_id = ${member} AND ${VALID_CARD}`;

const validCardsOf = preparedStatement<ValidCard>(
  'valid-cards-of-member',
  `SELECT ms.rights, mm.expire_date ${validCardsFrom('$1')}`,
);

/**
 * The member's valid cards as one JSON column of a larger read (the practice gate reads them with
 * the question in one statement); `cardsOfColumn` turns the column back into ValidCard rows.
 */
export const validCardsColumn = (member: string) =>
  `(SELECT coalesce(json_agg(json_build_object('rights', ms.rights, 'expire_date', mm.expire_date)),
                    '[]'::json) ${validCardsFrom(member)})`;

export const cardsOfColumn = (column: { rights: string[]; expire_date: string }[]): ValidCard[] =>
  column.map((c) => ({ rights: c.rights, expire_date: new Date(c.expire_date) }));

/** The rights of a member's valid cards (docs/product-rules.md#membership-cards). */
export async function currentRights(db: Queryable, memberId: number): Promise<CurrentRights> {
  const cards = await validCardsOf(db, [memberId]);
  return rightsOfCards(db, cards.rows);
}
