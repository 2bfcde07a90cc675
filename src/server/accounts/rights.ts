import type { Queryable } from '../db/pool.ts';

export interface CurrentRights {
  rights: { code: string; name: string }[];
  vip: boolean;
  expireDate: string | null;
}

/**
 * The rights of a member's valid cards (expire_date after now, spec 000 §4). A card that lists
 * no rights grants the default five (spec 000 §3).
 */
export async function currentRights(db: Queryable, memberId: number): Promise<CurrentRights> {
  const cards = await db.query<{ rights: string[]; expire_date: Date }>(
    `SELECT ms.rights, mm.expire_date
       FROM member_memberships mm JOIN memberships ms ON ms.id = mm.membership_id
      WHERE mm.member_id = $1 AND mm.start_date <= now() AND mm.expire_date > now()
        AND mm.ended_at IS NULL`,
    [memberId],
  );
  if (cards.rows.length === 0) return { rights: [], vip: false, expireDate: null };

  const usesDefaults = cards.rows.some((c) => c.rights.length === 0);
  const codes = [...new Set(cards.rows.flatMap((c) => c.rights))];
  const rights = await db.query<{ code: string; name: string }>(
    `SELECT code, name FROM rights
      WHERE publication = 'published' AND (code = ANY($1::text[]) OR ($2 AND is_default))
      ORDER BY sort, code`,
    [codes, usesDefaults],
  );
  const latest = Math.max(...cards.rows.map((c) => c.expire_date.getTime()));
  return { rights: rights.rows, vip: true, expireDate: new Date(latest).toISOString() };
}
