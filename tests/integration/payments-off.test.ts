/**
 * PAYMENT_PROVIDER=none (the production default until a real provider is configured): no
 * checkout opens and no sandbox page exists, so nobody can "pay" by pressing a button; the
 * wallet still pays, and what staff credit to it can be spent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/refs.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { membership } from '../../src/contract/membership/refs.ts';
import { wallet } from '../../src/contract/wallet/refs.ts';
import type { Transport } from '../../src/transport/client.ts';
import { failureOf } from '../support/errors.ts';
import { loginAs } from '../support/sessions.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;
let parent: Transport;
let admin: Transport;

beforeAll(async () => {
  platform = await startTestPlatform({
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', PAYMENT_PROVIDER: 'none' },
  });
  ({ api: parent } = await loginAs(platform, 'parent'));
  ({ api: admin } = await loginAs(platform, 'admin'));
}, 60_000);

afterAll(async () => {
  await platform?.stop();
});

describe('without an online payment provider', () => {
  it('refuses a checkout and a recharge with a clear message, placing nothing', async () => {
    const cards = await parent.call(membership['membership.queryList'], { body: { type: '0' } });
    const placed = await parent.call(membership['oj.membership.order.create'], {
      body: { membershipId: cards.content[0]!.id },
    });
    const checkout = await failureOf(
      parent.call(membership['oj.membership.order.payment'], {
        body: { id: placed.id, method: 'provider' },
        skipErrorHandler: true,
      }),
    );
    expect(checkout).toMatchObject({ code: ErrorCode.CONFLICT });
    expect(checkout.message).toContain('未开通在线支付');
    const recharge = await failureOf(
      parent.call(wallet['oj.memberWallet.recharge'], {
        body: { amountFen: 10_000 },
        skipErrorHandler: true,
      }),
    );
    expect(recharge.message).toContain('未开通在线支付');
    const { rows } = await platform.pool.query(
      "SELECT 1 FROM orders WHERE kind = 'recharge' UNION ALL SELECT 1 FROM payments",
    );
    expect(rows).toEqual([]);
    const page = await fetch(`${platform.url}/sandbox-pay/checkout/XP2026000000001`);
    expect(page.status).toBe(404);
  });

  it('still takes the wallet', async () => {
    const me = await parent.call(accounts['oj.member.queryCurrent'], {});
    await admin.call(wallet['bms.memberWallet.incrementCount'], {
      body: { id: me.id, unit: 'fen', amount: 50_000, reason: '线下充值' },
    });
    const cards = await parent.call(membership['membership.queryList'], { body: { type: '0' } });
    const placed = await parent.call(membership['oj.membership.order.create'], {
      body: { membershipId: cards.content[0]!.id },
    });
    const paid = await parent.call(membership['oj.membership.order.payment'], {
      body: { id: placed.id, method: 'wallet' },
    });
    expect(paid.order.state).toBe('enrolled');
  });
});
