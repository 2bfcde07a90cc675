/**
 * Commerce over real HTTP (issue 6): membership orders through the sandbox provider's checkout
 * and signed notifications, wallet recharge and purchases, quit and refund the way the money
 * came, and the ledger whole after all of it. The demo parent holds no card; the demo admin is
 * platform staff.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/contract/errors.ts';
import { aiToken } from '../../src/contract/ai-token/refs.ts';
import { accounts } from '../../src/contract/accounts/refs.ts';
import { membership } from '../../src/contract/membership/refs.ts';
import { order } from '../../src/contract/order/refs.ts';
import { wallet } from '../../src/contract/wallet/refs.ts';
import type { OrderDetail, PayAnswer } from '../../src/contract/order/orders.ts';
import { API_PREFIX } from '../../src/contract/envelope.ts';
import ExcelJS from 'exceljs';
import { createTransport, type Transport } from '../../src/transport/client.ts';
import type { DownloadedFile } from '../../src/transport/download.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { AI_TOKEN_GOODS, STUDENT_WELCOME_FEN } from '../../src/server/seed/demo-data.ts';
import { failureOf } from '../support/errors.ts';
import { loginAs } from '../support/sessions.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;
let parent: Transport;
let student: Transport;
let admin: Transport;
let parentMemberId: number;
let quarterCard: number;
let annualCard: number;

/** What a payer does on the sandbox checkout page: press 确认支付 (or 取消). */
const checkout = (url: string, action: 'confirm' | 'cancel' = 'confirm') =>
  fetch(`${platform.url}${url}/${action}`, { method: 'POST' });

/** Polls until `read` satisfies `done` (notifications arrive asynchronously). */
async function eventually<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not reached in 5 s');
}

const memberOrder = (api: Transport, id: number) =>
  api.call(order['oj.member.order.queryById'], { query: { id } });
const balanceOf = async (api: Transport) => {
  const page = await api.call(wallet['oj.memberWallet.queryList'], { body: {} });
  return page.content[0]!;
};

async function buyCard(api: Transport, membershipId: number): Promise<OrderDetail> {
  return api.call(membership['oj.membership.order.create'], { body: { membershipId } });
}

async function payByCheckout(api: Transport, id: number): Promise<OrderDetail> {
  const answer: PayAnswer = await api.call(membership['oj.membership.order.payment'], {
    body: { id, method: 'provider' },
  });
  expect(answer.payment?.checkoutUrl).toMatch(/^\/sandbox-pay\/checkout\/XP/);
  expect((await checkout(answer.payment!.checkoutUrl)).status).toBe(200);
  return eventually(
    () => memberOrder(api, id),
    (o) => o.state === 'enrolled',
  );
}

async function recharge(api: Transport, amountFen: number) {
  const answer = await api.call(wallet['oj.memberWallet.recharge'], { body: { amountFen } });
  await checkout(answer.payment!.checkoutUrl);
  await eventually(
    () => memberOrder(api, answer.order.id),
    (o) => o.state === 'paid',
  );
  return answer.order.id;
}

beforeAll(async () => {
  platform = await startTestPlatform({
    sandboxPayments: { retryDelaysMs: [50, 100, 200], maxAttempts: 5, pollMs: 50 },
  });
  ({ api: parent } = await loginAs(platform, 'parent'));
  ({ api: student } = await loginAs(platform, 'student'));
  ({ api: admin } = await loginAs(platform, 'admin'));
  parentMemberId = (await parent.call(accounts['oj.member.queryCurrent'], {})).id;
  const cards = await parent.call(membership['membership.queryList'], {
    body: { type: '0', status: '1' },
  });
  quarterCard = cards.content.find((c) => c.name === '学生季卡')!.id;
  annualCard = cards.content.find((c) => c.name === '学生年卡')!.id;
}, 60_000);

afterAll(async () => {
  await platform?.stop();
});

describe('a membership order paid through the sandbox checkout', () => {
  it('is awaiting payment until the signed notification arrives, then grants the card', async () => {
    const placed = await buyCard(parent, quarterCard);
    expect(placed).toMatchObject({
      kind: 'membership',
      state: 'awaitingPayment',
      amountFen: 12_900,
    });
    const before = await parent.call(accounts['oj.member.queryCurrentRights'], {});
    expect(before.vip).toBe(false);

    const paid = await payByCheckout(parent, placed.id);
    expect(paid).toMatchObject({ payMethod: 'provider', paidFen: 12_900, pendingPayment: null });
    expect(paid.history.map((h) => h.action)).toEqual(['enroll', 'pay']);
    const after = await parent.call(accounts['oj.member.queryCurrentRights'], {});
    expect(after.vip).toBe(true);
    const held = await parent.call(membership['oj.memberMembership.queryList'], { body: {} });
    expect(held.content[0]).toMatchObject({ orderId: placed.id, endedAt: null });
  });

  it('extends from the end of the current card when a second card is bought', async () => {
    const second = await buyCard(parent, quarterCard);
    await payByCheckout(parent, second.id);
    const held = await parent.call(membership['oj.memberMembership.queryList'], {
      body: {},
      query: { sort: 'startDate,asc' },
    });
    const [first, next] = held.content;
    expect(next!.startDate).toBe(first!.expireDate);
  });

  it('serves the checkout page and its QR code, and refuses a second confirmation', async () => {
    const placed = await buyCard(parent, quarterCard);
    const answer = await parent.call(membership['oj.membership.order.payment'], {
      body: { id: placed.id, method: 'provider' },
    });
    const page = await fetch(`${platform.url}${answer.payment!.checkoutUrl}`);
    expect(await page.text()).toContain('确认支付');
    const qr = await fetch(`${platform.url}${answer.payment!.qrUrl!}`);
    expect(qr.headers.get('content-type')).toContain('image/svg+xml');
    await checkout(answer.payment!.checkoutUrl);
    const again = await checkout(answer.payment!.checkoutUrl);
    expect(await again.text()).toContain('无需重复支付');
    await eventually(
      () => memberOrder(parent, placed.id),
      (o) => o.state === 'enrolled',
    );
  });

  it('a cancelled order cannot be paid, and its checkout is closed', async () => {
    const placed = await buyCard(parent, quarterCard);
    const answer = await parent.call(membership['oj.membership.order.payment'], {
      body: { id: placed.id, method: 'provider' },
    });
    const cancelled = await parent.call(membership['oj.membership.order.cancel'], {
      body: { id: placed.id },
    });
    expect(cancelled.state).toBe('cancelled');
    const refused = await checkout(answer.payment!.checkoutUrl);
    expect(await refused.text()).toContain('已取消');
    const error = await failureOf(
      parent.call(membership['oj.membership.order.payment'], {
        body: { id: placed.id, method: 'wallet' },
        skipErrorHandler: true,
      }),
    );
    expect(error.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    expect(error.message).toBe('订单当前为「已取消」，不能支付');
  });
});

describe('the wallet', () => {
  it('is recharged through the provider and pays at once, never below zero', async () => {
    // The demo student starts with the seeded welcome credit, less the seeded AI pack.
    const start = (await balanceOf(student)).balanceFen;
    expect(start).toBe(STUDENT_WELCOME_FEN - AI_TOKEN_GOODS[0]!.priceFen);
    await recharge(student, 20_000 - start);
    expect((await balanceOf(student)).balanceFen).toBe(20_000);

    const placed = await buyCard(student, quarterCard);
    const paid = await student.call(membership['oj.membership.order.payment'], {
      body: { id: placed.id, method: 'wallet' },
    });
    expect(paid.order).toMatchObject({ state: 'enrolled', payMethod: 'wallet' });
    expect((await balanceOf(student)).balanceFen).toBe(20_000 - 12_900);

    const annual = await buyCard(student, annualCard);
    const short = await failureOf(
      student.call(membership['oj.membership.order.payment'], {
        body: { id: annual.id, method: 'wallet' },
        skipErrorHandler: true,
      }),
    );
    expect(short.code).toBe(ErrorCode.INSUFFICIENT_BALANCE);
    expect((await balanceOf(student)).balanceFen).toBe(7_100);
    expect((await memberOrder(student, annual.id)).state).toBe('awaitingPayment');

    const history = await student.call(wallet['oj.memberWallet.changedHistory.queryList'], {
      body: { unit: 'fen' },
    });
    expect(history.content.map((c) => [c.kind, c.amount, c.balanceAfter])).toEqual([
      ['walletPay', -12_900, 7_100],
      ['orderPaid', 20_000 - start, 20_000],
      ['walletPay', -AI_TOKEN_GOODS[0]!.priceFen, start],
      ['adjustment', STUDENT_WELCOME_FEN, STUDENT_WELCOME_FEN],
    ]);
  });

  it('staff adjust it with a reason, once per idempotency key, and set it by difference', async () => {
    const key = 'adjust-test-0001';
    const adjust = () =>
      admin.call(wallet['bms.memberWallet.incrementCount'], {
        body: {
          id: parentMemberId,
          unit: 'fen',
          amount: 5_000,
          reason: '活动奖励',
          idempotencyKey: key,
        },
      });
    await adjust();
    const twice = await adjust();
    expect(twice.balanceFen).toBe(5_000);
    const set = await admin.call(wallet['bms.memberWallet.update'], {
      body: { id: parentMemberId, unit: 'fen', balance: 3_000, reason: '更正' },
    });
    expect(set.balanceFen).toBe(3_000);
    const below = await failureOf(
      admin.call(wallet['bms.memberWallet.incrementCount'], {
        body: { id: parentMemberId, unit: 'fen', amount: -3_001, reason: '扣减' },
        skipErrorHandler: true,
      }),
    );
    expect(below.code).toBe(ErrorCode.INSUFFICIENT_BALANCE);
    const history = await admin.call(wallet['bms.memberWallet.changedHistory.queryList'], {
      body: { memberId: parentMemberId },
    });
    expect(history.content.map((c) => [c.amount, c.reason])).toEqual([
      [-2_000, '更正'],
      [5_000, '活动奖励'],
    ]);
  });
});

describe('quitting and refunds', () => {
  it('apply → pass → finish → refund returns wallet money to the wallet and ends the card', async () => {
    await recharge(student, 13_000);
    const placed = await buyCard(student, quarterCard);
    await student.call(membership['oj.membership.order.payment'], {
      body: { id: placed.id, method: 'wallet' },
    });
    const balance = (await balanceOf(student)).balanceFen;
    const noReason = await failureOf(
      student.call(membership['oj.membership.order.applyQuit'], {
        body: { id: placed.id, reason: ' ' },
        skipErrorHandler: true,
      }),
    );
    expect(noReason.code).toBe(ErrorCode.VALIDATION);
    await student.call(membership['oj.membership.order.applyQuit'], {
      body: { id: placed.id, reason: '买错了卡' },
    });
    await admin.call(membership['bms.membership.order.passQuit'], { body: { id: placed.id } });
    await admin.call(membership['bms.membership.order.finishQuit'], { body: { id: placed.id } });
    const refunded = await admin.call(membership['bms.membership.order.refund'], {
      body: { id: placed.id, reason: '同意退卡' },
    });
    expect(refunded).toMatchObject({
      state: 'refunded',
      refundedFen: 12_900,
      quitReason: '买错了卡',
    });
    expect(refunded.refunds[0]).toMatchObject({ method: 'wallet', status: 'succeeded' });
    expect((await balanceOf(student)).balanceFen).toBe(balance + 12_900);

    const again = await failureOf(
      admin.call(membership['bms.membership.order.refund'], {
        body: { id: placed.id },
        skipErrorHandler: true,
      }),
    );
    expect(again.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    expect(again.message).toContain('已退款');
    const held = await student.call(membership['oj.memberMembership.queryList'], { body: {} });
    expect(held.content.find((c) => c.orderId === placed.id)?.endedAt).not.toBeNull();
  });

  it('a provider-paid order is refunded through the provider, settled by its refund notification', async () => {
    const placed = await buyCard(parent, quarterCard);
    await payByCheckout(parent, placed.id);
    await admin.call(membership['bms.membership.order.forceQuit'], {
      body: { id: placed.id, reason: '违规' },
    });
    const refunded = await admin.call(membership['bms.membership.order.refund'], {
      body: { id: placed.id, amountFen: 5_000 },
    });
    expect(refunded.refunds[0]).toMatchObject({
      method: 'provider',
      status: 'pending',
      amountFen: 5_000,
    });
    const settled = await eventually(
      () => admin.call(membership['bms.membership.order.queryById'], { query: { id: placed.id } }),
      (o) => o.refunds[0]?.status === 'succeeded',
    );
    expect(settled.refundedFen).toBe(5_000);
  });

  it("an organization admin sees their organization's card orders, a teacher only their students'", async () => {
    const mine = await buyCard(parent, quarterCard);
    const { api: orgAdmin } = await loginAs(platform, 'orgAdmin');
    const seen = await orgAdmin.call(membership['edms.membership.order.queryList'], {
      body: { orderNo: mine.orderNo },
    });
    expect(seen.content.map((o) => o.id)).toEqual([mine.id]);
    // The parent is in none of the demo teacher's classes (docs/classes.md "Who reads what").
    const { api: teacher } = await loginAs(platform, 'teacher');
    const notTheirs = await teacher.call(membership['edms.membership.order.queryList'], {
      body: { orderNo: mine.orderNo },
    });
    expect(notTheirs.content).toEqual([]);
    // The same coach in the other organization sees none of the demo school's orders.
    const [other] = await teacher.call(accounts['oj.member.queryMineTeacherList']);
    await teacher.call(accounts.switchOrganization, { body: { memberId: other!.id } });
    const elsewhere = await teacher.call(membership['edms.membership.order.queryList'], {
      body: { orderNo: mine.orderNo },
    });
    expect(elsewhere.content).toEqual([]);
    const hidden = await failureOf(
      teacher.call(membership['edms.membership.order.queryById'], {
        query: { id: mine.id },
        skipErrorHandler: true,
      }),
    );
    expect(hidden.code).toBe(ErrorCode.NOT_FOUND);
    // A learner is not a coach.
    const refused = await failureOf(
      parent.call(membership['edms.membership.order.queryList'], {
        body: {},
        skipErrorHandler: true,
      }),
    );
    expect(refused.code).toBe(ErrorCode.FORBIDDEN);
  });

  it('a learner sees only their own orders', async () => {
    const mine = await buyCard(parent, quarterCard);
    const error = await failureOf(
      student.call(order['oj.member.order.queryById'], {
        query: { id: mine.id },
        skipErrorHandler: true,
      }),
    );
    expect(error.code).toBe(ErrorCode.NOT_FOUND);
    const forbidden = await failureOf(
      student.call(membership['bms.membership.order.refund'], {
        body: { id: mine.id },
        skipErrorHandler: true,
      }),
    );
    expect(forbidden.code).toBe(ErrorCode.FORBIDDEN);
  });
});

describe('notifications', () => {
  const notifyPath = `${API_PREFIX}/bms/membership/order/paidNotify`;

  async function capturedNotification(paymentNo: string): Promise<Record<string, string>> {
    const { rows } = await platform.pool.query<{ fields: Record<string, string> }>(
      `SELECT fields FROM sandbox_deliveries WHERE fields->>'out_trade_no' = $1`,
      [paymentNo],
    );
    return rows[0]!.fields;
  }
  const post = (fields: Record<string, string>) =>
    fetch(`${platform.url}${notifyPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
  const logged = async (outcome: string) => {
    const { rows } = await platform.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payment_notifications WHERE outcome = $1',
      [outcome],
    );
    return rows[0]!.n;
  };

  it('refuses tampered ones, answers replayed ones as duplicates, and changes nothing', async () => {
    const placed = await buyCard(parent, quarterCard);
    const answer = await parent.call(membership['oj.membership.order.payment'], {
      body: { id: placed.id, method: 'provider' },
    });
    await checkout(answer.payment!.checkoutUrl);
    await eventually(
      () => memberOrder(parent, placed.id),
      (o) => o.state === 'enrolled',
    );
    const fields = await capturedNotification(answer.payment!.paymentNo);
    const ledgerBefore = await checkLedger(platform.pool);

    const tampered = await post({ ...fields, amount_fen: '1' });
    expect(tampered.status).toBe(400);
    expect((await tampered.json()).code).toBe(ErrorCode.BAD_SIGNATURE);
    const forged = await post({ ...fields, sign: Buffer.alloc(64).toString('base64') });
    expect((await forged.json()).code).toBe(ErrorCode.BAD_SIGNATURE);

    const replayed = await post(fields);
    expect(await replayed.json()).toMatchObject({ success: true, data: { outcome: 'duplicate' } });
    const byGet = await fetch(
      `${platform.url}${notifyPath}?${new URLSearchParams(fields).toString()}`,
    );
    expect(await byGet.json()).toMatchObject({ success: true, data: { outcome: 'duplicate' } });

    const ledgerAfter = await checkLedger(platform.pool);
    expect(ledgerAfter.journals).toBe(ledgerBefore.journals);
    expect(await logged('badSignature')).toBeGreaterThanOrEqual(2);
    expect(await logged('duplicate')).toBeGreaterThanOrEqual(2);
  });

  it('refunds a payment that arrives after its order was cancelled', async () => {
    const placed = await buyCard(parent, quarterCard);
    const answer = await parent.call(membership['oj.membership.order.payment'], {
      body: { id: placed.id, method: 'provider' },
    });
    // The payer confirms at the provider while the order is cancelled here: the provider has
    // already taken the money, so it must go back.
    await platform.pool.query('UPDATE sandbox_payments SET status = $2 WHERE payment_no = $1', [
      answer.payment!.paymentNo,
      'open',
    ]);
    await parent.call(membership['oj.membership.order.cancel'], { body: { id: placed.id } });
    await platform.pool.query('UPDATE sandbox_payments SET status = $2 WHERE payment_no = $1', [
      answer.payment!.paymentNo,
      'open',
    ]);
    await checkout(answer.payment!.checkoutUrl);
    const detail = await eventually(
      () => admin.call(membership['bms.membership.order.queryById'], { query: { id: placed.id } }),
      (o) => o.refunds[0]?.status === 'succeeded',
    );
    expect(detail).toMatchObject({ state: 'cancelled', paidFen: 0 });
  });
});

describe('concurrency', () => {
  it('50 parallel wallet payments of one order take the money once', async () => {
    await admin.call(wallet['bms.memberWallet.incrementCount'], {
      body: { id: parentMemberId, unit: 'fen', amount: 100_000, reason: '并发测试' },
    });
    const before = (await balanceOf(parent)).balanceFen;
    const placed = await buyCard(parent, quarterCard);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        parent.call(membership['oj.membership.order.payment'], {
          body: { id: placed.id, method: 'wallet' },
          skipErrorHandler: true,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await balanceOf(parent)).balanceFen).toBe(before - 12_900);
  });

  it('100 parallel purchases against a balance for 10 succeed exactly 10 times', async () => {
    const goods = await admin.call(aiToken['bms.aiTokenGoods.create'], {
      body: { name: '并发额度包', tokens: 1_000, priceFen: 100 },
    });
    await admin.call(aiToken['bms.aiTokenGoods.publish'], { body: { id: goods.id } });
    const balance = (await balanceOf(parent)).balanceFen;
    await admin.call(wallet['bms.memberWallet.update'], {
      body: { id: parentMemberId, unit: 'fen', balance: 1_000, reason: '并发测试' },
    });
    const orders = await Promise.all(
      Array.from({ length: 100 }, () =>
        parent.call(aiToken['oj.aiTokenGoods.buy'], { body: { id: goods.id } }),
      ),
    );
    const paid = await Promise.allSettled(
      orders.map((o) =>
        parent.call(order['oj.member.order.payment'], {
          body: { id: o.id, method: 'wallet' },
          skipErrorHandler: true,
        }),
      ),
    );
    expect(paid.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const after = await balanceOf(parent);
    expect(after).toMatchObject({ balanceFen: 0, aiTokens: 10_000 });
    expect(balance).toBeGreaterThan(0);
  });

  it('50 parallel checkouts of one order leave one payable checkout', async () => {
    const placed = await buyCard(parent, quarterCard);
    await Promise.all(
      Array.from({ length: 50 }, () =>
        parent.call(membership['oj.membership.order.payment'], {
          body: { id: placed.id, method: 'provider' },
        }),
      ),
    );
    const { rows } = await platform.pool.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM payments WHERE order_id = $1 GROUP BY status`,
      [placed.id],
    );
    expect(Object.fromEntries(rows.map((r) => [r.status, r.n]))).toEqual({
      pending: 1,
      closed: 49,
    });
  });
});

describe('faults', () => {
  it('a notification the platform does not acknowledge is retried until it is, and grants once', async () => {
    let calls = 0;
    // A flaky gateway in front of the platform: the first two deliveries fail.
    const gateway = http.createServer((req, res) => {
      calls += 1;
      if (calls <= 2) {
        res.writeHead(502).end('bad gateway');
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void fetch(`${platform.url}${req.url}`, {
          method: req.method,
          headers: { 'content-type': 'application/json' },
          body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
        }).then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(await answer.text());
        });
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = gateway.address() as AddressInfo;
      const placed = await buyCard(parent, quarterCard);
      const answer = await parent.call(membership['oj.membership.order.payment'], {
        body: { id: placed.id, method: 'provider' },
      });
      const paymentNo = answer.payment!.paymentNo;
      await platform.pool.query(
        `UPDATE sandbox_payments SET notify_url = replace(notify_url, $2, $3) WHERE payment_no = $1`,
        [paymentNo, platform.url, `http://127.0.0.1:${port}`],
      );
      await checkout(answer.payment!.checkoutUrl);
      await eventually(
        () => memberOrder(parent, placed.id),
        (o) => o.state === 'enrolled',
      );
      expect(calls).toBe(3);
      const { rows } = await platform.pool.query<{ attempts: number; acknowledged: boolean }>(
        `SELECT attempts, acknowledged_at IS NOT NULL AS acknowledged FROM sandbox_deliveries
          WHERE fields->>'out_trade_no' = $1`,
        [paymentNo],
      );
      expect(rows).toEqual([{ attempts: 3, acknowledged: true }]);
      const journals = await platform.pool.query(
        'SELECT 1 FROM ledger_journals WHERE idempotency_key = $1',
        [`paid:${paymentNo}`],
      );
      expect(journals.rowCount).toBe(1);
      const cards = await platform.pool.query(
        'SELECT 1 FROM member_memberships WHERE order_id = $1',
        [placed.id],
      );
      expect(cards.rowCount).toBe(1);
    } finally {
      await new Promise((resolve) => gateway.close(resolve));
    }
  });

  it('an expired checkout takes nothing, and the order can be paid again', async () => {
    const placed = await buyCard(parent, quarterCard);
    const answer = await parent.call(membership['oj.membership.order.payment'], {
      body: { id: placed.id, method: 'provider' },
    });
    await platform.pool.query(
      `UPDATE sandbox_payments SET expires_at = now() - interval '1 minute' WHERE payment_no = $1`,
      [answer.payment!.paymentNo],
    );
    const expired = await checkout(answer.payment!.checkoutUrl);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('已过期');
    expect((await memberOrder(parent, placed.id)).state).toBe('awaitingPayment');
    await payByCheckout(parent, placed.id);
  });

  it('a card without a 标签 cannot go on sale, nor lose its last tag while on sale (issue 25 item 5)', async () => {
    const untagged = await admin.call(membership['membership.create'], {
      body: { name: '无标签卡', type: '0', priceFen: 100, durationDays: 30 },
    });
    const refused = await failureOf(
      admin.call(membership['membership.publish'], {
        body: { id: untagged.id },
        skipErrorHandler: true,
      }),
    );
    expect(refused.code).toBe(ErrorCode.VALIDATION);
    expect(refused.fieldErrors['body.tags']).toContain('标签');
    expect(
      (await admin.call(membership['membership.queryById'], { query: { id: untagged.id } }))
        .publication,
    ).toBe('draft');

    await admin.call(membership['membership.update'], {
      body: { id: untagged.id, tags: ['student'] },
    });
    await admin.call(membership['membership.publish'], { body: { id: untagged.id } });
    const onSale = await parent.call(membership['membership.queryList'], {
      query: { size: 100 },
      body: { type: '0', tags: ['student'], status: '1' },
    });
    expect(onSale.content.map((c) => c.id)).toContain(untagged.id);

    const stripped = await failureOf(
      admin.call(membership['membership.update'], {
        body: { id: untagged.id, tags: [] },
        skipErrorHandler: true,
      }),
    );
    expect(stripped.code).toBe(ErrorCode.VALIDATION);
    expect(stripped.fieldErrors['body.tags']).toContain('标签');
    // Off sale, a card may be left without tags again.
    await admin.call(membership['membership.unpublish'], { body: { id: untagged.id } });
    const bare = await admin.call(membership['membership.update'], {
      body: { id: untagged.id, tags: [] },
    });
    expect(bare.tags).toEqual([]);
  });

  it('an unpublished card cannot be bought', async () => {
    const draft = await admin.call(membership['membership.create'], {
      body: { name: '草稿卡', type: '0', priceFen: 100, durationDays: 30 },
    });
    expect(draft.status).toBe('0');
    const refused = await failureOf(
      parent.call(membership['oj.membership.order.create'], {
        body: { membershipId: draft.id },
        skipErrorHandler: true,
      }),
    );
    expect(refused.code).toBe(ErrorCode.CONFLICT);
    expect(refused.message).toContain('未上架');
  });

  it('paying earns points and a refund takes them back', async () => {
    const points = await admin.call(order['member.points.queryList'], {
      body: { memberId: parentMemberId },
    });
    const reasons = new Set(points.content.map((p) => p.reason));
    expect(reasons).toEqual(new Set(['付款得积分', '退款扣回']));
    expect(points.content.find((p) => p.reason === '退款扣回')?.points).toBe(-50);
  });
});

describe('staff writes and their refusals', () => {
  it('a card or right in use cannot be deleted; an unused one can', async () => {
    const inUse = await failureOf(
      admin.call(membership['membership.delete'], {
        body: { id: quarterCard },
        skipErrorHandler: true,
      }),
    );
    expect(inUse.code).toBe(ErrorCode.CONFLICT);
    expect(inUse.message).toContain('可以下架');
    const fresh = await admin.call(membership['membership.create'], {
      body: { name: '删除测试卡', type: '0', priceFen: 100, durationDays: 7 },
    });
    await admin.call(membership['membership.delete'], { body: { id: fresh.id } });
    const gone = await failureOf(
      admin.call(membership['membership.queryById'], {
        query: { id: fresh.id },
        skipErrorHandler: true,
      }),
    );
    expect(gone.code).toBe(ErrorCode.NOT_FOUND);
    const duplicate = await failureOf(
      admin.call(membership['membership.create'], {
        body: { name: '学生季卡', type: '0', priceFen: 100, durationDays: 7 },
        skipErrorHandler: true,
      }),
    );
    expect(duplicate.code).toBe(ErrorCode.VALIDATION);
    const rights = await admin.call(membership['bms.right.queryList'], { body: {} });
    const builtIn = rights.content.find((r) => r.isDefault)!;
    const refused = await failureOf(
      admin.call(membership['bms.right.delete'], {
        body: { id: builtIn.id },
        skipErrorHandler: true,
      }),
    );
    expect(refused.code).toBe(ErrorCode.CONFLICT);
  });

  it('a held card is granted with a reason, never with its end before its start', async () => {
    const backwards = await failureOf(
      admin.call(membership['bms.memberMembership.create'], {
        body: {
          memberId: parentMemberId,
          membershipId: quarterCard,
          startDate: '2026-12-01T00:00:00Z',
          expireDate: '2026-11-01T00:00:00Z',
          remark: '补偿',
        },
        skipErrorHandler: true,
      }),
    );
    expect(backwards.code).toBe(ErrorCode.VALIDATION);
    const granted = await admin.call(membership['bms.memberMembership.create'], {
      body: {
        memberId: parentMemberId,
        membershipId: quarterCard,
        startDate: '2026-01-01T00:00:00Z',
        expireDate: '2199-01-01T00:00:00Z',
        remark: '补偿',
      },
    });
    expect(granted).toMatchObject({ valid: true, orderId: null, remark: '补偿' });
    await admin.call(membership['bms.memberMembership.delete'], { body: { id: granted.id } });
    const ended = await admin.call(membership['bms.memberMembership.queryById'], {
      query: { id: granted.id },
    });
    expect(ended.valid).toBe(false);
    const again = await failureOf(
      admin.call(membership['bms.memberMembership.delete'], {
        body: { id: granted.id },
        skipErrorHandler: true,
      }),
    );
    expect(again.code).toBe(ErrorCode.CONFLICT);
  });

  it('a wallet with money cannot be closed; a closed one takes no recharge until reopened', async () => {
    const owner = await parent.call(accounts['oj.member.queryCurrent'], {});
    const { rows } = await platform.pool.query<{ id: number }>(
      `SELECT m.id FROM members m JOIN users u ON u.id = m.user_id WHERE u.username = $1`,
      [platform.accounts.orgAdmin.username],
    );
    const empty = rows[0]!.id;
    const refused = await failureOf(
      admin.call(wallet['bms.memberWallet.delete'], {
        body: { id: owner.id },
        skipErrorHandler: true,
      }),
    );
    expect(refused.code).toBe(ErrorCode.CONFLICT);
    await admin.call(wallet['bms.memberWallet.delete'], { body: { id: empty } });
    expect(
      (await admin.call(wallet['bms.memberWallet.queryById'], { query: { id: empty } })).status,
    ).toBe('closed');
    const { api: orgAdmin } = await loginAs(platform, 'orgAdmin');
    const closed = await failureOf(
      orgAdmin.call(wallet['oj.memberWallet.recharge'], {
        body: { amountFen: 1_000 },
        skipErrorHandler: true,
      }),
    );
    expect(closed.message).toContain('钱包已关闭');
    const reopened = await admin.call(wallet['bms.memberWallet.create'], {
      body: { memberId: empty },
    });
    expect(reopened.status).toBe('open');
  });

  it('only an order that is over and never took money can be deleted; remarks change, states do not', async () => {
    await admin.call(wallet['bms.memberWallet.incrementCount'], {
      body: { id: parentMemberId, unit: 'fen', amount: 12_900, reason: '删除测试' },
    });
    const paid = await buyCard(parent, quarterCard);
    await parent.call(membership['oj.membership.order.payment'], {
      body: { id: paid.id, method: 'wallet' },
    });
    const refused = await failureOf(
      admin.call(order['bms.member.order.delete'], {
        body: { id: paid.id },
        skipErrorHandler: true,
      }),
    );
    expect(refused.code).toBe(ErrorCode.CONFLICT);
    const remarked = await admin.call(order['bms.member.order.update'], {
      body: { id: paid.id, remark: '家长来电确认' },
    });
    expect(remarked).toMatchObject({ remark: '家长来电确认', state: 'enrolled' });
    const dropped = await buyCard(parent, quarterCard);
    await parent.call(membership['oj.membership.order.cancel'], { body: { id: dropped.id } });
    await admin.call(order['bms.member.order.delete'], { body: { id: dropped.id } });
    const gone = await failureOf(
      parent.call(order['oj.member.order.queryById'], {
        query: { id: dropped.id },
        skipErrorHandler: true,
      }),
    );
    expect(gone.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('staff place an order paid at the desk; statistics and the Excel export count it', async () => {
    const desk = await admin.call(membership['bms.membership.order.create'], {
      body: {
        memberId: parentMemberId,
        itemId: quarterCard,
        paidOffline: true,
        remark: '前台收款',
      },
    });
    expect(desk).toMatchObject({ state: 'enrolled', payMethod: 'offline', paidFen: 12_900 });
    expect(desk.history.map((h) => h.action)).toEqual(['enroll', 'setPaid']);
    const unknown = await failureOf(
      admin.call(membership['bms.membership.order.create'], {
        body: { memberId: 2_000_000_000, itemId: quarterCard },
        skipErrorHandler: true,
      }),
    );
    expect(unknown.code).toBe(ErrorCode.VALIDATION);

    const stats = await admin.call(membership['bms.membership.order.queryStatistics'], {});
    expect(stats.paidFen - stats.refundedFen).toBe(stats.netFen);
    expect(stats.byMembership.find((m) => m.membershipId === quarterCard)!.count).toBeGreaterThan(
      5,
    );

    const downloads: DownloadedFile[] = [];
    const exporter = createTransport({
      baseUrl: platform.apiUrl,
      onDownload: (f) => downloads.push(f),
    });
    const { username, password } = platform.accounts.admin;
    await exporter.call(accounts.loginByPwd, { body: { username, password } });
    await exporter.call(order['bms.member.order.download'], { body: { orderNo: desk.orderNo } });
    const file = downloads.at(-1)!;
    expect(file.fileName).toBe('订单.xlsx');
    const sheet = new ExcelJS.Workbook();
    await sheet.xlsx.load(Buffer.from(file.bytes) as never);
    const rowsOut = sheet.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rowsOut).toHaveLength(2);
    expect(rowsOut[1]).toContain(desk.orderNo);
    expect(rowsOut[1]).toContain('线下收款');
  });
});

describe('the ledger after all of the above', () => {
  it('balances, and every balance equals its entries', async () => {
    const report = await checkLedger(platform.pool);
    expect(report.problems).toEqual([]);
    expect(report.entries).toBeGreaterThan(20);
  });
});
