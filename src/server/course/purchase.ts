/**
 * Buying a paid unit or question (oj/chapter/buy, oj/question/buy): an order of kind `chapter`
 * or `question` (./order-kind.ts). Asking again while an order waits for payment answers that
 * order; what is free, bought or covered by a held right is refused.
 */
import type { OrderDetail } from '../../contract/order/calls.ts';
import type { Auth } from '../http/sessions.ts';
import type { Queryable } from '../db/pool.ts';
import { placeEnrollment } from '../enrollment/batch.ts';
import { fail } from '../http/app-error.ts';
import { findOwned } from '../http/owned-rows.ts';
import { CHAPTERS } from '../chapter/store.ts';
import { QUESTIONS } from '../question/store.ts';
import type { FlowContext } from '../orders/flow.ts';
import { detailOf } from '../orders/handlers.ts';
import { ownOrders } from '../orders/rows.ts';
import type { Services } from '../services.ts';
import { accessOf, type PaidKind, type PricedRow } from '../content-access/paid.ts';

interface SellableRow extends PricedRow {
  title: string;
}

/** The unit or question as the learner may see it (NOT_FOUND otherwise). */
const sellable = (db: Queryable, auth: Auth, kind: PaidKind, id: number) =>
  findOwned<SellableRow>(
    db,
    kind === 'chapter' ? CHAPTERS : QUESTIONS,
    { kind: 'learner', organizationId: auth.organizationId },
    id,
    'id, title, price_fen, right_code',
  );

/** The learner's order waiting for payment for this item, if any. */
async function waitingOrder(db: Queryable, memberId: number, kind: PaidKind, id: number) {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM orders WHERE member_id = $1 AND kind = $2 AND item_id = $3
        AND deleted_at IS NULL AND state = 'awaitingPayment'`,
    [memberId, kind, id],
  );
  return rows[0]?.id ?? null;
}

export async function buy(
  services: Services,
  flow: FlowContext,
  auth: Auth,
  kind: PaidKind,
  id: number,
): Promise<OrderDetail> {
  const db = services.pool;
  const row = await sellable(db, auth, kind, id);
  const noun = kind === 'chapter' ? '本单元' : '本题';
  const access = (await accessOf(db, { staff: false, memberId: auth.memberId }, kind, [row])).get(
    row.id,
  );
  if (access === 'free') throw fail('CONFLICT', `${noun}免费，无需购买`);
  if (access === 'bought') throw fail('CONFLICT', `已购买${noun}，请勿重复购买`);
  if (access === 'right') throw fail('CONFLICT', `你的会员权益已包含${noun}，无需购买`);
  const existing = await waitingOrder(db, auth.memberId, kind, id);
  const orderId =
    existing ??
    (await placeEnrollment(flow, {
      kind,
      memberId: auth.memberId,
      organizationId: auth.organizationId,
      itemId: row.id,
      itemName: row.title,
      itemUnits: null,
      amountFen: row.price_fen,
    })) ??
    // Two requests at once: the other one placed it.
    (await waitingOrder(db, auth.memberId, kind, id));
  if (orderId === null) throw fail('CONFLICT', `已购买${noun}，请勿重复购买`);
  return detailOf(services, ownOrders(auth), [kind], orderId);
}
