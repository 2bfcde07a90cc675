/**
 * What an order buys, read when it is placed: the name, the units it grants and the price are
 * copied onto the order, so a later change to the card or pack does not change what was sold.
 */
import type { NewOrder } from './flow.ts';
import type { Queryable } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { validationError } from '../http/validation-error.ts';

export type GoodsKind = 'membership' | 'aiTokens';

export interface GoodsRules {
  /** Learners and teachers buy only what is on sale; staff may place any existing item. */
  onSaleOnly: boolean;
  /** Card types this buyer may buy ('0' student, '1' teacher). */
  cardTypes: readonly ('0' | '1')[];
  /** The field that named the item, for messages. */
  field: string;
}

export async function goodsOf(
  db: Queryable,
  kind: GoodsKind,
  itemId: number,
  rules: GoodsRules,
): Promise<Pick<NewOrder, 'kind' | 'itemId' | 'itemName' | 'itemUnits' | 'amountFen'>> {
  const found = await db.query<{
    name: string;
    units: number;
    price_fen: number;
    publication: string;
    type: '0' | '1' | null;
  }>(
    kind === 'membership'
      ? `SELECT name, duration_days AS units, price_fen, publication, type FROM memberships WHERE id = $1`
      : `SELECT name, tokens AS units, price_fen, publication, NULL AS type FROM ai_token_goods WHERE id = $1`,
    [itemId],
  );
  const item = found.rows[0];
  const noun = kind === 'membership' ? '会员卡' : 'AI 额度商品';
  if (!item) throw validationError([{ field: rules.field, message: `${noun} ${itemId} 不存在` }]);
  if (rules.onSaleOnly && item.publication !== 'published') {
    throw fail('CONFLICT', `${noun}「${item.name}」未上架，暂不能购买`);
  }
  if (item.type !== null && !rules.cardTypes.includes(item.type)) {
    throw fail('FORBIDDEN', `「${item.name}」是教师卡，请在教师端购买`);
  }
  return {
    kind,
    itemId,
    itemName: item.name,
    itemUnits: item.units,
    amountFen: item.price_fen,
  };
}

/** The member an order is placed for, and their organization. */
export async function buyerOf(
  db: Queryable,
  memberId: number,
): Promise<{ memberId: number; organizationId: number }> {
  const found = await db.query<{ organization_id: number }>(
    'SELECT organization_id FROM members WHERE id = $1',
    [memberId],
  );
  const row = found.rows[0];
  if (!row) throw validationError([{ field: 'body.memberId', message: `会员 ${memberId} 不存在` }]);
  return { memberId, organizationId: row.organization_id };
}
