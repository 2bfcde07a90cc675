/**
 * Who may open a paid unit or question (issue 9 item 1): everyone when it is free; staff (the
 * platform's, a teacher or organization admin — they prepare classes with it); a learner who
 * bought it (content_purchases, granted when the order is paid); a learner holding the card
 * right that covers it. Anyone else finds it locked until bought.
 */
import type { z } from 'zod';
import type { contentAccess } from '../../contract/paid-content.ts';
import { currentRights } from '../accounts/rights.ts';
import type { Queryable } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';

export type ContentAccess = z.infer<typeof contentAccess>;
export type PaidKind = 'chapter' | 'question';

/** The reader as the content rules see them: staff, a learner, or a visitor (null). */
export type ContentReader = { staff: true } | { staff: false; memberId: number } | null;

export interface PricedRow {
  id: number;
  price_fen: number;
  right_code: string | null;
}

/** The access of each row for the reader, with one query for purchases and one for rights. */
export async function accessOf(
  db: Queryable,
  reader: ContentReader,
  kind: PaidKind,
  rows: readonly PricedRow[],
): Promise<Map<number, ContentAccess>> {
  const result = new Map<number, ContentAccess>();
  const paid = rows.filter((r) => r.price_fen > 0);
  for (const r of rows) if (r.price_fen === 0) result.set(r.id, 'free');
  if (paid.length === 0) return result;
  if (reader === null || reader.staff) {
    for (const r of paid) result.set(r.id, reader === null ? 'locked' : 'staff');
    return result;
  }
  const [bought, rights] = await Promise.all([
    db.query<{ item_id: number }>(
      `SELECT item_id FROM content_purchases
        WHERE member_id = $1 AND kind = $2 AND item_id = ANY($3::int[])`,
      [reader.memberId, kind, paid.map((r) => r.id)],
    ),
    paid.some((r) => r.right_code !== null)
      ? currentRights(db, reader.memberId)
      : Promise.resolve(null),
  ]);
  const boughtIds = new Set(bought.rows.map((r) => r.item_id));
  const held = new Set(rights?.rights.map((r) => r.code) ?? []);
  for (const r of paid) {
    result.set(
      r.id,
      boughtIds.has(r.id)
        ? 'bought'
        : r.right_code !== null && held.has(r.right_code)
          ? 'right'
          : 'locked',
    );
  }
  return result;
}

/** The Chinese refusal for a locked row (FORBIDDEN): what to do to open it. */
export function refuseLocked(kind: PaidKind, rightName: string | null): never {
  const noun = kind === 'chapter' ? '本单元' : '本题';
  const how = rightName ? `购买后或开通含「${rightName}」权益的会员后` : '购买后';
  throw fail('FORBIDDEN', `${noun}为付费内容，${how}可学习`);
}

/** The names of card rights by code, for the units and questions that name one. */
export async function rightNames(
  db: Queryable,
  codes: readonly (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(codes.filter((c): c is string => c !== null))];
  if (wanted.length === 0) return new Map();
  const { rows } = await db.query<{ code: string; name: string }>(
    'SELECT code, name FROM rights WHERE code = ANY($1::text[])',
    [wanted],
  );
  return new Map(rows.map((r) => [r.code, r.name]));
}
