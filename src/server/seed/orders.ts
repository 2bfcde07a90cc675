/**
 * Demo orders (issue 6), so the order, wallet and approval screens show real rows on a fresh
 * start: the demo student bought an AI token pack from the wallet and has applied to quit it,
 * which puts it in the approval queue (the card order awaiting payment is the demo parent's
 * renewal of the child's card, seed/parents.ts). Made
 * through the order flow itself (ledger journals, lifecycle records), once, when the demo
 * accounts are created.
 */
import type { Pool } from '../db/pool.ts';
import type { Logger } from '../logger.ts';
import { moveOrder, payFromWallet, placeOrder, type FlowContext } from '../orders/flow.ts';
import { goodsOf } from '../orders/goods.ts';
import { NO_PROVIDER } from '../payments/none.ts';
import { allOrderKinds } from '../order-kinds.ts';
import { AI_TOKEN_GOODS, DEMO_ACCOUNTS } from './demo-data.ts';

async function demoMember(pool: Pool, username: string) {
  const found = await pool.query<{ user_id: number; id: number; organization_id: number }>(
    `SELECT m.user_id, m.id, m.organization_id FROM members m JOIN users u ON u.id = m.user_id
      WHERE u.username = $1 ORDER BY m.id LIMIT 1`,
    [username],
  );
  return found.rows[0] ?? null;
}

export async function seedDemoOrders(pool: Pool, logger: Logger): Promise<void> {
  const services = {
    pool,
    logger,
    // The seed pays from wallets only.
    payments: { provider: NO_PROVIDER, online: false, publicUrl: () => '', checkoutTtlMs: 0 },
    orderKinds: allOrderKinds,
  };
  const rules = { onSaleOnly: true, cardTypes: ['0', '1'] as const, field: 'seed' };
  const packId = await pool.query<{ id: number }>('SELECT id FROM ai_token_goods WHERE name = $1', [
    AI_TOKEN_GOODS[0]!.name,
  ]);

  const student = await demoMember(pool, DEMO_ACCOUNTS.student.username);
  if (student && packId.rows[0]) {
    const ctx: FlowContext = {
      services,
      actor: { userId: student.user_id, memberId: student.id },
      requestId: 'seed',
    };
    const pack = await goodsOf(pool, 'aiTokens', packId.rows[0].id, rules);
    const id = await placeOrder(ctx, {
      ...pack,
      memberId: student.id,
      organizationId: student.organization_id,
    });
    const own = {
      kind: 'learner' as const,
      memberId: student.id,
      organizationId: student.organization_id,
    };
    await payFromWallet(ctx, own, ['aiTokens'], id);
    await moveOrder(ctx, own, ['aiTokens'], id, 'applyQuit', '演示：买重了，申请退款');
  }
}
