/**
 * The demo family (issue 25 item 11): the demo parent is bound to the demo student — asked by
 * the parent, confirmed by the child, both moves on record — and has renewed the child's card
 * with an order still awaiting the parent's payment. With the child's seeded class, homework
 * and exam report, the parent's screens show something real on a fresh start. Once, when the
 * demo accounts are created, through the same flows as the calls.
 */
import { withTransaction, type Pool } from '../db/pool.ts';
import type { Logger } from '../logger.ts';
import { recordTransition, transitionRow } from '../lifecycle/transition.ts';
import { placeOrder, type FlowContext } from '../orders/flow.ts';
import { goodsOf } from '../orders/goods.ts';
import { NO_PROVIDER } from '../payments/none.ts';
import { allOrderKinds } from '../order-kinds.ts';
import { BINDING_ROWS } from '../parent/bindings.ts';
import { parentBindingLifecycle } from '../../machines/lifecycles/parent-binding.ts';
import { DEMO_ACCOUNTS, MEMBERSHIPS } from './demo-data.ts';

async function demoMember(pool: Pool, username: string) {
  const found = await pool.query<{ user_id: number; id: number; organization_id: number }>(
    `SELECT m.user_id, m.id, m.organization_id FROM members m JOIN users u ON u.id = m.user_id
      WHERE u.username = $1 ORDER BY m.id LIMIT 1`,
    [username],
  );
  return found.rows[0] ?? null;
}

export async function seedDemoFamily(pool: Pool, logger: Logger): Promise<void> {
  const parent = await demoMember(pool, DEMO_ACCOUNTS.parent.username);
  const child = await demoMember(pool, DEMO_ACCOUNTS.student.username);
  if (!parent || !child) return;
  const parentActor = { userId: parent.user_id, memberId: parent.id };
  await withTransaction(pool, async (client) => {
    const inserted = await client.query<{ id: number; state: string }>(
      `INSERT INTO parent_bindings (parent_member_id, child_member_id, relation, state)
       VALUES ($1, $2, '妈妈', $3) RETURNING id, state`,
      [parent.id, child.id, parentBindingLifecycle.machine.config.initial],
    );
    const { id, state } = inserted.rows[0]!;
    await recordTransition(
      client,
      BINDING_ROWS.entity,
      { id, action: 'request', actor: parentActor, requestId: 'seed' },
      'none',
      state,
    );
    await transitionRow(client, parentBindingLifecycle, BINDING_ROWS, {
      id,
      action: 'confirm',
      actor: { userId: child.user_id, memberId: child.id },
      requestId: 'seed',
      details: { by: 'child' },
    });
  });

  const card = await pool.query<{ id: number }>('SELECT id FROM memberships WHERE name = $1', [
    MEMBERSHIPS[1]!.name,
  ]);
  if (!card.rows[0]) return;
  const ctx: FlowContext = {
    services: {
      pool,
      logger,
      payments: { provider: NO_PROVIDER, online: false, publicUrl: () => '', checkoutTtlMs: 0 },
      orderKinds: allOrderKinds,
    },
    actor: parentActor,
    requestId: 'seed',
  };
  const goods = await goodsOf(pool, 'membership', card.rows[0].id, {
    onSaleOnly: true,
    cardTypes: ['0'],
    field: 'seed',
  });
  await placeOrder(ctx, {
    ...goods,
    memberId: child.id,
    organizationId: child.organization_id,
    remark: '家长代孩子购买',
  });
}
