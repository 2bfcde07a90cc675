/**
 * Parents over real HTTP (issue 25 item 11): the seeded family, binding (request, confirm by the
 * child or their teacher, refuse, withdraw, unbind) with every refusal, the role rules both ways
 * (a parent reads only confirmed children; a learner has no parent's calls; a parent writes
 * nothing of the child's but payments), and a parent paying the child's orders from their own
 * wallet and through the checkout with the ledger whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/refs.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { membership } from '../../src/contract/membership/refs.ts';
import { order } from '../../src/contract/order/refs.ts';
import { organization } from '../../src/contract/organization/refs.ts';
import { parent as api } from '../../src/contract/parent/refs.ts';
import { wallet } from '../../src/contract/wallet/refs.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import type { Transport } from '../../src/transport/client.ts';
import { sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';

let platform: TestPlatform;
let mum: Transport;
let student: Transport;
let studentId: number;
let teacher: Transport;
let orgAdmin: Transport;
/** A second parent, and a second child nobody has bound yet. */
let dad: Transport;
let child: Transport;
let childId: number;
let quarterCard: number;

const PAGE = { page: 0, size: 50 };
const PASSWORD = 'Family#2026';

async function newMember(nickname: string, mobile: string, role: 'student' | 'parent') {
  const created = await orgAdmin.call(organization['edms.organizationMember.create'], {
    body: { nickname, mobile, password: PASSWORD, role },
  });
  if (!('id' in created)) throw new Error(`${mobile} was invited, not created`);
  const client = sdk(platform.apiUrl);
  await client.call(accounts.loginByPwd, { body: { username: mobile, password: PASSWORD } });
  return { client, id: created.id };
}

const refused = (promise: Promise<unknown>) => failureOf(promise);
const skip = { skipErrorHandler: true } as const;
const homeworkOf = (who: Transport, id: number) =>
  who.call(api['oj.parent.homeworkEnroll.queryList'], {
    query: { childId: id, ...PAGE },
    body: {},
    ...skip,
  });
const balanceOf = async (who: Transport) =>
  (await who.call(wallet['oj.memberWallet.queryList'], { body: {} })).content[0]?.balanceFen ?? 0;

/** Polls until `read` satisfies `done` (the provider's notification arrives on its own). */
async function eventually<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not reached in 5 s');
}
const checkout = (url: string) => fetch(`${platform.url}${url}/confirm`, { method: 'POST' });

beforeAll(async () => {
  platform = await startTestPlatform({
    sandboxPayments: { retryDelaysMs: [50, 100, 200], maxAttempts: 5, pollMs: 50 },
  });
  ({ api: mum } = await loginAs(platform, 'parent'));
  ({ api: student } = await loginAs(platform, 'student'));
  ({ api: teacher } = await loginAs(platform, 'teacher'));
  ({ api: orgAdmin } = await loginAs(platform, 'orgAdmin'));
  studentId = (await student.call(accounts['oj.member.queryCurrent'], {})).id;
  ({ client: dad } = await newMember('另一位家长', '13966660002', 'parent'));
  ({ client: child, id: childId } = await newMember('小明', '13966660001', 'student'));
  const cards = await mum.call(membership['membership.queryList'], {
    body: { type: '0', status: '1' },
  });
  quarterCard = cards.content.find((c) => c.name === '学生季卡')!.id;
}, 60_000);

afterAll(async () => {
  await platform?.stop();
});

describe('the seeded family', () => {
  it('shows the demo parent their confirmed child with classes, homework, a result and an order to pay', async () => {
    const bindings = await mum.call(api['oj.parent.binding.queryMine'], {});
    expect(bindings).toEqual([
      expect.objectContaining({
        state: 'confirmed',
        childMemberId: studentId,
        childName: '演示学生',
      }),
    ]);
    const classes = await mum.call(api['oj.parent.grade.queryList'], {
      query: { childId: studentId, ...PAGE },
      body: {},
    });
    expect(classes.totalElements).toBeGreaterThan(0);
    // The same rows the child's own screen reads.
    const own = await student.call(
      (await import('../../src/contract/grade/refs.ts')).grade['oj.grade.queryList'],
      { query: PAGE, body: {} },
    );
    expect(classes.content.map((g) => g.id)).toEqual(own.content.map((g) => g.id));

    const homework = await homeworkOf(mum, studentId);
    expect(homework.totalElements).toBeGreaterThan(0);
    const settled = homework.content.find((h) => h.score !== null)!;
    const report = await mum.call(api['oj.parent.homeworkEnroll.report'], {
      query: { childId: studentId, id: settled.id },
    });
    expect(report.enroll.id).toBe(settled.id);

    const sittings = await mum.call(api['oj.parent.examPaperEnroll.queryList'], {
      query: { childId: studentId, ...PAGE },
      body: {},
    });
    const sat = sittings.content.find((s) => s.score !== null)!;
    const examReport = await mum.call(api['oj.parent.examPaperEnroll.report'], {
      query: { childId: studentId, id: sat.id },
    });
    expect(examReport.status).toBe('ready');
    if (examReport.status === 'ready') expect(examReport.score).toBe(sat.score);

    const orders = await mum.call(api['oj.parent.member.order.queryList'], {
      query: { childId: studentId, ...PAGE },
      body: {},
    });
    expect(orders.content).toContainEqual(
      expect.objectContaining({
        itemName: '学生季卡',
        state: 'awaitingPayment',
        memberId: studentId,
      }),
    );
    const feed = await mum.call(api['oj.parent.feed.queryList'], { query: { childId: studentId } });
    const kinds = new Set(feed.map((l) => l.kind));
    for (const kind of ['homework', 'homeworkResult', 'examResult', 'order'] as const) {
      expect(kinds).toContain(kind);
    }
  });

  it('tells the parent of a decision on the child’s quit application, with the reason', async () => {
    const orders = await mum.call(api['oj.parent.member.order.queryList'], {
      query: { childId: studentId, ...PAGE },
      body: {},
    });
    const applied = orders.content.find((o) => o.state === 'quitApplied')!;
    const { api: admin } = await loginAs(platform, 'admin');
    await admin.call(order['bms.member.order.rejectQuit'], {
      body: { id: applied.id, reason: '已使用部分额度，不能退' },
    });
    const feed = await mum.call(api['oj.parent.feed.queryList'], { query: { childId: studentId } });
    expect(feed[0]).toMatchObject({
      kind: 'quit',
      subject: applied.itemName,
      stateName: '驳回退出申请',
      reason: '已使用部分额度，不能退',
    });
  });
});

describe('binding a child', () => {
  let bindingId: number;

  it('asks by the child’s mobile and gives nothing until the child confirms', async () => {
    const asked = await mum.call(api['oj.parent.binding.request'], {
      body: { account: '13966660001', relation: '妈妈' },
    });
    bindingId = asked.id;
    // The parent does not learn whose account it is from the name they typed.
    expect(asked).toMatchObject({ state: 'requested', childName: '小*', childMemberId: childId });
    const waiting = await refused(homeworkOf(mum, childId));
    expect(waiting.code).toBe(ErrorCode.FORBIDDEN);
    expect(waiting.message).toContain('等待孩子或其老师确认');
    const again = await refused(
      mum.call(api['oj.parent.binding.request'], {
        body: { account: '13966660001', relation: '妈妈' },
        ...skip,
      }),
    );
    expect(again.code).toBe(ErrorCode.CONFLICT);
    // The parent cannot answer their own request: it is the child's to answer.
    const self = await refused(
      mum.call(api['oj.childBinding.confirm'], { body: { id: bindingId }, ...skip }),
    );
    expect(self.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('the child sees who asks and confirms; then the parent reads; the child unbinds', async () => {
    const requests = await child.call(api['oj.childBinding.queryList'], {});
    expect(requests).toEqual([
      expect.objectContaining({
        id: bindingId,
        state: 'requested',
        relation: '妈妈',
        parentName: '演示家长',
        parentMobile: '138****0002',
      }),
    ]);
    // Another learner cannot answer it.
    const other = await refused(
      student.call(api['oj.childBinding.confirm'], { body: { id: bindingId }, ...skip }),
    );
    expect(other.code).toBe(ErrorCode.NOT_FOUND);
    const confirmed = await child.call(api['oj.childBinding.confirm'], { body: { id: bindingId } });
    expect(confirmed.state).toBe('confirmed');
    expect((await homeworkOf(mum, childId)).totalElements).toBe(0);
    const mine = await mum.call(api['oj.parent.binding.queryMine'], {});
    expect(mine.map((b) => b.childName)).toContain('小明');

    const unbound = await child.call(api['oj.childBinding.unbind'], { body: { id: bindingId } });
    expect(unbound.state).toBe('unbound');
    const gone = await refused(homeworkOf(mum, childId));
    expect(gone.code).toBe(ErrorCode.FORBIDDEN);
    expect(gone.message).toContain('只能查看已绑定的孩子');
    // Final: an ended binding moves no more; binding again is a new request.
    const late = await refused(
      child.call(api['oj.childBinding.confirm'], { body: { id: bindingId }, ...skip }),
    );
    expect(late.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    expect(late.message).toBe('家长绑定当前为「已解除」，不能确认');
    const history = await platform.pool.query<{ action: string; to_state: string }>(
      `SELECT action, to_state FROM lifecycle_transitions
        WHERE entity = 'parentBinding' AND entity_id = $1 ORDER BY id`,
      [bindingId],
    );
    expect(history.rows).toEqual([
      { action: 'request', to_state: 'requested' },
      { action: 'confirm', to_state: 'confirmed' },
      { action: 'unbind', to_state: 'unbound' },
    ]);
  });

  it('the child refuses; the parent withdraws a request; neither moves twice', async () => {
    const asked = await dad.call(api['oj.parent.binding.request'], {
      body: { account: '13966660001', relation: '爸爸' },
    });
    const answer = await child.call(api['oj.childBinding.refuse'], { body: { id: asked.id } });
    expect(answer.state).toBe('refused');
    expect((await refused(homeworkOf(dad, childId))).code).toBe(ErrorCode.FORBIDDEN);

    const second = await dad.call(api['oj.parent.binding.request'], {
      body: { account: '13966660001', relation: '爸爸' },
    });
    expect(second.state).toBe('requested');
    const withdrawn = await dad.call(api['oj.parent.binding.cancel'], { body: { id: second.id } });
    expect(withdrawn.state).toBe('cancelled');
    const twice = await refused(
      dad.call(api['oj.parent.binding.cancel'], { body: { id: second.id }, ...skip }),
    );
    expect(twice.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    // The child's list keeps what ended too, newest first: nothing moves any more.
    const seen = await child.call(api['oj.childBinding.queryList'], {});
    expect(seen.map((b) => [b.id, b.state])).toEqual([
      [second.id, 'cancelled'],
      [asked.id, 'refused'],
      [bindingId, 'unbound'],
    ]);
  });

  it('a teacher of the child’s class confirms for the child; another parent’s child stays closed', async () => {
    const asked = await dad.call(api['oj.parent.binding.request'], {
      body: { account: platform.accounts.student.username, relation: '爸爸' },
    });
    const queue = await teacher.call(api['edms.parentBinding.queryList'], {});
    expect(queue.map((b) => b.id)).toContain(asked.id);
    // A child's teacher answers a request, not a binding: they cannot unbind or cancel.
    const confirmed = await teacher.call(api['edms.parentBinding.confirm'], {
      body: { id: asked.id },
    });
    expect(confirmed.state).toBe('confirmed');
    expect((await homeworkOf(dad, studentId)).totalElements).toBeGreaterThan(0);
    // A parent with no binding to the child reads nothing of theirs.
    const { client: stranger } = await newMember('陌生家长', '13966660003', 'parent');
    const notTheirs = await refused(homeworkOf(stranger, studentId));
    expect(notTheirs.code).toBe(ErrorCode.FORBIDDEN);
    const strangerOrders = await refused(
      stranger.call(api['oj.parent.member.order.queryList'], {
        query: { childId: studentId, ...PAGE },
        body: {},
        ...skip,
      }),
    );
    expect(strangerOrders.code).toBe(ErrorCode.FORBIDDEN);
    const unbound = await dad.call(api['oj.parent.binding.unbind'], { body: { id: asked.id } });
    expect(unbound.state).toBe('unbound');
  });

  it('refuses what is not a child’s account, and bad input, naming the field', async () => {
    const unknown = await refused(
      mum.call(api['oj.parent.binding.request'], {
        body: { account: 'no_such_child', relation: '妈妈' },
        ...skip,
      }),
    );
    expect(unknown.code).toBe(ErrorCode.VALIDATION);
    expect(unknown.message).toContain('没有找到');
    // A teacher's account is not a child's.
    const coach = await refused(
      mum.call(api['oj.parent.binding.request'], {
        body: { account: platform.accounts.teacher.username, relation: '妈妈' },
        ...skip,
      }),
    );
    expect(coach.code).toBe(ErrorCode.VALIDATION);
    const relation = await refused(
      mum.call(api['oj.parent.binding.request'], {
        body: { account: '13966660001', relation: '邻居' as never },
        ...skip,
      }),
    );
    expect(relation.code).toBe(ErrorCode.VALIDATION);
    expect(relation.message).toContain('关系');
  });
});

describe('role rules', () => {
  it('a learner has none of the parent’s calls', async () => {
    const denied = await refused(homeworkOf(student, studentId));
    expect(denied.code).toBe(ErrorCode.FORBIDDEN);
    expect(denied.message).toContain('家长账号');
    const asked = await refused(
      student.call(api['oj.parent.binding.request'], {
        body: { account: '13966660001', relation: '妈妈' },
        ...skip,
      }),
    );
    expect(asked.code).toBe(ErrorCode.FORBIDDEN);
  });

  it('a parent writes nothing of the child’s but payments: the learner’s order actions are refused', async () => {
    const orders = await mum.call(api['oj.parent.member.order.queryList'], {
      query: { childId: studentId, ...PAGE },
      body: {},
    });
    const pending = orders.content.find((o) => o.state === 'awaitingPayment')!;
    for (const write of [
      () => mum.call(order['oj.member.order.cancel'], { body: { id: pending.id }, ...skip }),
      () =>
        mum.call(order['oj.member.order.applyQuit'], {
          body: { id: pending.id, reason: '家长想退' },
          ...skip,
        }),
      () =>
        mum.call(order['oj.member.order.payment'], {
          body: { id: pending.id, method: 'wallet' },
          ...skip,
        }),
    ]) {
      const failure = await refused(write());
      expect(failure.code).toBe(ErrorCode.FORBIDDEN);
      expect(failure.message).toContain('家长只能在「我的孩子」中为孩子支付');
    }
    const still = await student.call(order['oj.member.order.queryById'], {
      query: { id: pending.id },
    });
    expect(still.state).toBe('awaitingPayment');
  });
});

describe('a parent paying for the child', () => {
  it('pays the child’s order from the parent’s wallet: the money leaves the parent, the card is the child’s', async () => {
    const orders = await mum.call(api['oj.parent.member.order.queryList'], {
      query: { childId: studentId, ...PAGE },
      body: {},
    });
    const pending = orders.content.find((o) => o.state === 'awaitingPayment')!;
    // The demo parent's wallet is empty: refused, nothing moves.
    const short = await refused(
      mum.call(api['oj.parent.member.order.payment'], {
        body: { id: pending.id, method: 'wallet' },
        ...skip,
      }),
    );
    expect(short.message).toContain('余额不足');

    const recharged = await mum.call(wallet['oj.memberWallet.recharge'], {
      body: { amountFen: 20_000 },
    });
    await checkout(recharged.payment!.checkoutUrl);
    await eventually(
      () => balanceOf(mum),
      (b) => b === 20_000,
    );
    const childBefore = await balanceOf(student);
    const paid = await mum.call(api['oj.parent.member.order.payment'], {
      body: { id: pending.id, method: 'wallet' },
    });
    expect(paid.order).toMatchObject({
      state: 'enrolled',
      payMethod: 'wallet',
      memberId: studentId,
    });
    expect(await balanceOf(mum)).toBe(20_000 - pending.amountFen);
    expect(await balanceOf(student)).toBe(childBefore);
    const cards = await student.call(membership['oj.memberMembership.queryList'], { body: {} });
    expect(cards.content.map((c) => c.orderId)).toContain(pending.id);

    const twice = await refused(
      mum.call(api['oj.parent.member.order.payment'], {
        body: { id: pending.id, method: 'wallet' },
        ...skip,
      }),
    );
    expect(twice.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);

    // A refund of a parent's wallet payment goes back to the parent's wallet.
    const { api: admin } = await loginAs(platform, 'admin');
    await admin.call(order['bms.member.order.forceQuit'], { body: { id: pending.id } });
    await admin.call(order['bms.member.order.refund'], { body: { id: pending.id } });
    expect(await balanceOf(mum)).toBe(20_000);
    expect(await balanceOf(student)).toBe(childBefore);
    expect((await checkLedger(platform.pool)).problems).toEqual([]);
  });

  it('renews the child’s card and pays it at the checkout', async () => {
    const placed = await mum.call(api['oj.parent.membership.order.create'], {
      body: { childId: studentId, membershipId: quarterCard },
    });
    expect(placed).toMatchObject({ memberId: studentId, state: 'awaitingPayment' });
    const answer = await mum.call(api['oj.parent.member.order.payment'], {
      body: { id: placed.id, method: 'provider' },
    });
    await checkout(answer.payment!.checkoutUrl);
    const paid = await eventually(
      () => mum.call(api['oj.parent.member.order.queryById'], { query: { id: placed.id } }),
      (o) => o.state === 'enrolled',
    );
    expect(paid.payMethod).toBe('provider');
    const cards = await student.call(membership['oj.memberMembership.queryList'], { body: {} });
    expect(cards.content.map((c) => c.orderId)).toContain(placed.id);
    expect((await checkLedger(platform.pool)).problems).toEqual([]);
  });

  it('refuses paying or renewing for a child who is not theirs, or with what is not for sale', async () => {
    const placed = await mum.call(api['oj.parent.membership.order.create'], {
      body: { childId: studentId, membershipId: quarterCard },
    });
    // Not bound (dad unbound above), never bound, an unconfirmed request: all refused alike.
    const strangerPay = await refused(
      dad.call(api['oj.parent.member.order.payment'], {
        body: { id: placed.id, method: 'wallet' },
        ...skip,
      }),
    );
    expect(strangerPay.code).toBe(ErrorCode.FORBIDDEN);
    expect(strangerPay.message).toContain('只能为已绑定');
    const noSuchOrder = await refused(
      mum.call(api['oj.parent.member.order.payment'], {
        body: { id: 999_999, method: 'wallet' },
        ...skip,
      }),
    );
    expect(noSuchOrder.code).toBe(ErrorCode.FORBIDDEN);
    await dad.call(api['oj.parent.binding.request'], {
      body: { account: platform.accounts.student.username, relation: '爸爸' },
    });
    const unconfirmed = await refused(
      dad.call(api['oj.parent.membership.order.create'], {
        body: { childId: studentId, membershipId: quarterCard },
        ...skip,
      }),
    );
    expect(unconfirmed.code).toBe(ErrorCode.FORBIDDEN);
    expect(unconfirmed.message).toContain('等待');
    const teacherCards = await mum.call(membership['membership.queryList'], {
      body: { type: '1', status: '1' },
    });
    if (teacherCards.content[0]) {
      const teacherCard = await refused(
        mum.call(api['oj.parent.membership.order.create'], {
          body: { childId: studentId, membershipId: teacherCards.content[0].id },
          ...skip,
        }),
      );
      expect(teacherCard.code).toBe(ErrorCode.FORBIDDEN);
    }
    const missing = await refused(
      mum.call(api['oj.parent.membership.order.create'], {
        body: { childId: studentId, membershipId: 999_999 },
        ...skip,
      }),
    );
    expect(missing.code).toBe(ErrorCode.VALIDATION);
    // The parent's own order is not a child's.
    const own = await mum.call(membership['oj.membership.order.create'], {
      body: { membershipId: quarterCard },
    });
    const ownPay = await refused(
      mum.call(api['oj.parent.member.order.payment'], {
        body: { id: own.id, method: 'wallet' },
        ...skip,
      }),
    );
    expect(ownPay.code).toBe(ErrorCode.FORBIDDEN);
    expect((await checkLedger(platform.pool)).problems).toEqual([]);
  });
});
