/**
 * Activity prizes over real HTTP (issue 10 item 2): prizes with stock, the commit-and-reveal
 * draw (once, under concurrency, recomputable from the published seed by the few lines below,
 * not by the server's module), the learner's lottery, collection and shipping through the
 * award lifecycle, role rules and bad input.
 *
 * Activities and enrollments are written straight into the tables of migration 0018 (the
 * activities helper's API is not under test here), and an activity "ends" by moving its window.
 */
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { activityPrize as api } from '../../src/contract/activity-prize/calls.ts';
import type { DrawInfo, PrizeItem } from '../../src/contract/activity-prize/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import type { Transport } from '../../src/transport/client.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';

let platform: TestPlatform;
let admin: Transport;
let teacher: Transport;
let student: Transport;
let studentId: number;
let orgId: number;
let otherOrgId: number;

const fieldsOf = (err: { data?: unknown }) =>
  ((err.data as { fields?: { field: string }[] } | undefined)?.fields ?? []).map((f) => f.field);

/** A published event (no questions: enrolled = completed once started) of `org` (null: platform). */
async function insertActivity(org: number | null, title: string): Promise<number> {
  const { rows } = await platform.pool.query<{ id: number }>(
    `INSERT INTO activities (organization_id, title, kind, state, start_at, end_at)
     VALUES ($1, $2, 'event', 'published', now() - interval '1 hour', now() + interval '1 day')
     RETURNING id`,
    [org, title],
  );
  return rows[0]!.id;
}
const endActivity = (id: number) =>
  platform.pool.query(`UPDATE activities SET end_at = now() - interval '1 second' WHERE id = $1`, [
    id,
  ]);
async function enroll(activityId: number, memberIds: number[]) {
  await platform.pool.query(
    `INSERT INTO orders (kind, member_id, organization_id, item_id, item_name, amount_fen, state,
                         paid_at)
     SELECT 'activity', m.id, m.organization_id, $1, '奖品测试活动', 0, 'enrolled', now()
       FROM members m WHERE m.id = ANY($2::int[])`,
    [activityId, memberIds],
  );
}
/** `n` learners of the demo organization, straight into the tables. */
async function insertLearners(prefix: string, n: number): Promise<number[]> {
  const { rows } = await platform.pool.query<{ id: number }>(
    `WITH u AS (
       INSERT INTO users (username, password_hash, nickname)
       SELECT $1 || g, 'not-a-login', '抽奖学员' || g FROM generate_series(1, $2) g
       RETURNING id, nickname)
     INSERT INTO members (user_id, organization_id, role, nickname)
     SELECT u.id, $3, 'student', u.nickname FROM u RETURNING id`,
    [prefix, n, orgId],
  );
  return rows.map((r) => r.id);
}

/** The published rule, reimplemented independently in a few lines. */
function recompute(draw: DrawInfo, prizes: Pick<PrizeItem, 'id' | 'sort' | 'stock'>[]) {
  const listHash = createHash('sha256').update(draw.participants!.join(',')).digest();
  expect(listHash.toString('hex')).toBe(draw.participantsHash);
  const key = createHmac('sha256', Buffer.from(draw.seed!, 'hex')).update(listHash).digest();
  const order = draw
    .participants!.map((m) => ({
      m,
      t: createHmac('sha256', key).update(`${draw.activityId}:${m}`).digest('hex'),
    }))
    .sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : a.m - b.m))
    .map((x) => x.m);
  const slots = [...prizes]
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .flatMap((p) => Array<number>(p.stock).fill(p.id));
  return order
    .slice(0, slots.length)
    .map((m, i) => ({ place: i + 1, memberId: m, prizeId: slots[i] }));
}

const prizesOf = async (activityId: number) =>
  admin.call(api['bms.activityPrize.queryList'], { query: { size: 100 }, body: { activityId } });

beforeAll(async () => {
  platform = await startTestPlatform();
  ({ api: admin } = await loginAs(platform, 'admin'));
  ({ api: teacher } = await loginAs(platform, 'teacher'));
  ({ api: student } = await loginAs(platform, 'student'));
  studentId = (await student.call(accounts['oj.member.queryCurrent'])).id;
  const { rows } = await platform.pool.query<{ org: number; other: number }>(
    `SELECT m.organization_id AS org,
            (SELECT id FROM organizations WHERE id <> m.organization_id ORDER BY id LIMIT 1) AS other
       FROM members m WHERE m.id = $1`,
    [studentId],
  );
  orgId = rows[0]!.org;
  otherOrgId = rows[0]!.other;
}, 120_000);
afterAll(async () => {
  await platform?.stop();
});

describe('prizes and the commitment', () => {
  it('staff create prizes; the commitment is published, the seed is not, until the draw', async () => {
    const activityId = await insertActivity(null, '承诺值活动');
    const prize = await admin.call(api['bms.activityPrize.create'], {
      body: { activityId, name: '机械键盘', delivery: 'express', stock: 2 },
    });
    expect(prize).toMatchObject({ activityId, stock: 2, awarded: 0, remaining: 2, sort: 0 });
    await enroll(activityId, [studentId]);
    const list = await student.call(api['oj.activityPrize.queryList'], {
      query: {},
      body: { activityId },
    });
    expect(list.content.map((p) => p.id)).toEqual([prize.id]);
    expect(list.draw).toMatchObject({
      drawn: false,
      seed: null,
      participants: null,
      winners: null,
    });
    expect(list.draw!.commitment).toMatch(/^[0-9a-f]{64}$/);

    const before = await student.call(api['oj.activityPrize.lottery'], { body: { activityId } });
    expect(before).toMatchObject({ result: 'pending', award: null, participated: false });
    expect(before.draw.commitment).toBe(list.draw!.commitment);

    const early = await failureOf(
      admin.call(api['bms.activityPrize.draw'], { body: { activityId } }),
    );
    expect(early.code).toBe(ErrorCode.CONFLICT);
    expect(early.message).toContain('尚未结束');

    // A second prize keeps the same commitment: one seed per activity.
    await admin.call(api['bms.activityPrize.create'], {
      body: { activityId, name: '纪念徽章', delivery: 'onsite', stock: 1, sort: 1 },
    });
    expect((await prizesOf(activityId)).draw!.commitment).toBe(list.draw!.commitment);

    await endActivity(activityId);
    const frozen = await failureOf(
      admin.call(api['bms.activityPrize.update'], { body: { id: prize.id, stock: 5 } }),
    );
    expect(frozen.code).toBe(ErrorCode.CONFLICT);
    const drawn = await admin.call(api['bms.activityPrize.draw'], { body: { activityId } });
    expect(drawn.drawn).toBe(true);
    expect(createHash('sha256').update(Buffer.from(drawn.seed!, 'hex')).digest('hex')).toBe(
      list.draw!.commitment,
    );
    expect(drawn.participants).toEqual([studentId]);
    expect(drawn.winners).toEqual([{ place: 1, memberId: studentId, prizeId: prize.id }]);
  });

  it('bad input is refused naming the field, and changes nothing', async () => {
    const activityId = await insertActivity(null, '校验活动');
    for (const [body, field] of [
      [{ activityId, name: '奖', delivery: 'express', stock: 0 }, 'body.stock'],
      [{ activityId, name: '奖', delivery: 'mail', stock: 1 }, 'body.delivery'],
      [{ activityId, name: '  ', delivery: 'express', stock: 1 }, 'body.name'],
      [{ activityId: 'x', name: '奖', delivery: 'express', stock: 1 }, 'body.activityId'],
      [{ activityId, name: '奖', delivery: 'aiTokens', stock: 1 }, 'body.tokens'],
      [{ activityId, name: '奖', delivery: 'express', tokens: 10, stock: 1 }, 'body.tokens'],
    ] as const) {
      const err = await failureOf(
        admin.call(api['bms.activityPrize.create'], { body: body as never }),
      );
      expect(err.code).toBe(ErrorCode.VALIDATION);
      expect(fieldsOf(err)).toContain(field);
    }
    const missing = await failureOf(
      admin.call(api['bms.activityPrize.create'], {
        body: { activityId: 2_000_000_000, name: '奖', delivery: 'express', stock: 1 },
      }),
    );
    expect(missing.code).toBe(ErrorCode.NOT_FOUND);
    expect((await prizesOf(activityId)).totalElements).toBe(0);
    // An update is checked against the stored prize: an AI token prize needs its tokens.
    const book = await admin.call(api['bms.activityPrize.create'], {
      body: { activityId, name: '书', delivery: 'express', stock: 1 },
    });
    const noTokens = await failureOf(
      admin.call(api['bms.activityPrize.update'], { body: { id: book.id, delivery: 'aiTokens' } }),
    );
    expect(fieldsOf(noTokens)).toEqual(['body.tokens']);
    const tokens = await admin.call(api['bms.activityPrize.update'], {
      body: { id: book.id, delivery: 'aiTokens', tokens: 100 },
    });
    expect(tokens).toMatchObject({ delivery: 'aiTokens', tokens: 100 });
    const back = await admin.call(api['bms.activityPrize.update'], {
      body: { id: book.id, delivery: 'onsite' },
    });
    expect(back).toMatchObject({ delivery: 'onsite', tokens: null });
  });
});

describe('roles', () => {
  it('learners cannot manage prizes or draw; teachers cannot use bms', async () => {
    const activityId = await insertActivity(orgId, '角色活动');
    const asStudent = await failureOf(
      student.call(api['edms.activityPrize.create'], {
        body: { activityId, name: '奖', delivery: 'express', stock: 1 },
      }),
    );
    expect([ErrorCode.FORBIDDEN, ErrorCode.NOT_LOGGED_IN]).toContain(asStudent.code);
    const drawByStudent = await failureOf(
      student.call(api['bms.activityPrize.draw'], { body: { activityId } }),
    );
    expect(drawByStudent.code).toBe(ErrorCode.FORBIDDEN);
    const asTeacher = await failureOf(
      teacher.call(api['bms.activityPrize.create'], {
        body: { activityId, name: '奖', delivery: 'express', stock: 1 },
      }),
    );
    expect(asTeacher.code).toBe(ErrorCode.FORBIDDEN);
    // The organization's own teacher manages its activity's prizes.
    const own = await teacher.call(api['edms.activityPrize.create'], {
      body: { activityId, name: '奖', delivery: 'express', stock: 1 },
    });
    expect(own.activityId).toBe(activityId);
  });

  it("another organization's staff are refused, and do not see its prizes or winners", async () => {
    const foreign = await insertActivity(otherOrgId, '别的机构的活动');
    const prize = await admin.call(api['bms.activityPrize.create'], {
      body: { activityId: foreign, name: '外机构奖品', delivery: 'onsite', stock: 1 },
    });
    await enroll(foreign, [studentId]);
    for (const call of [
      () =>
        teacher.call(api['edms.activityPrize.create'], {
          body: { activityId: foreign, name: '奖', delivery: 'express', stock: 1 },
        }),
      () => teacher.call(api['edms.activityPrize.update'], { body: { id: prize.id, stock: 3 } }),
      () => teacher.call(api['edms.activityPrize.delete'], { body: { id: prize.id } }),
      () => teacher.call(api['edms.activityPrize.queryById'], { query: { id: prize.id } }),
      () => teacher.call(api['edms.activityPrize.draw'], { body: { activityId: foreign } }),
    ]) {
      expect((await failureOf(call())).code).toBe(ErrorCode.NOT_FOUND);
    }
    const list = await teacher.call(api['edms.activityPrize.queryList'], { query: {}, body: {} });
    expect(list.content.map((p) => p.id)).not.toContain(prize.id);

    await endActivity(foreign);
    const drawn = await admin.call(api['bms.activityPrize.draw'], {
      body: { activityId: foreign },
    });
    const awardId = (
      await admin.call(api['bms.activityPrize.queryAwardList'], {
        query: {},
        body: { activityId: foreign },
      })
    ).content[0]!.id;
    expect(drawn.winners).toHaveLength(1);
    expect(
      (await failureOf(teacher.call(api['edms.activityPrize.collect'], { body: { id: awardId } })))
        .code,
    ).toBe(ErrorCode.NOT_FOUND);
    const awards = await teacher.call(api['edms.activityPrize.queryAwardList'], {
      query: {},
      body: { activityId: foreign },
    });
    expect(awards.totalElements).toBe(0);
    expect((await prizesOf(foreign)).content[0]!.awarded).toBe(1);
  });
});

describe('collection and shipping', () => {
  let expressActivity: number;
  let onsiteActivity: number;
  let classmates: number[];

  /** An ended activity of the organization, drawn, where everyone enrolled wins `delivery`. */
  async function drawnActivity(title: string, delivery: 'express' | 'onsite' | 'aiTokens') {
    const activityId = await insertActivity(orgId, title);
    await enroll(activityId, [studentId, ...classmates]);
    await teacher.call(api['edms.activityPrize.create'], {
      body: {
        activityId,
        name: { express: '编程书', onsite: '奖状', aiTokens: 'AI 助手额度' }[delivery],
        delivery,
        ...(delivery === 'aiTokens' ? { tokens: 5000 } : {}),
        stock: 4,
      },
    });
    await endActivity(activityId);
    await teacher.call(api['edms.activityPrize.draw'], { body: { activityId } });
    return activityId;
  }

  beforeAll(async () => {
    classmates = await insertLearners('prize_cls_', 3);
    expressActivity = await drawnActivity('快递领奖活动', 'express');
    onsiteActivity = await drawnActivity('现场领奖活动', 'onsite');
  });

  const awardsOf = async (activityId: number) =>
    (
      await teacher.call(api['edms.activityPrize.queryAwardList'], {
        query: { sort: 'place,asc' },
        body: { activityId },
      })
    ).content;

  it('the draw ran once; the second start is CONFLICT and changes nothing', async () => {
    const before = await prizesOf(expressActivity);
    const again = await failureOf(
      teacher.call(api['edms.activityPrize.draw'], { body: { activityId: expressActivity } }),
    );
    expect(again.code).toBe(ErrorCode.CONFLICT);
    expect(again.message).toContain('不能重复开奖');
    const after = await prizesOf(expressActivity);
    expect(after.draw).toEqual(before.draw);
    expect(after.content.map((p) => [p.awarded, p.remaining])).toEqual([[4, 0]]);
    expect(after.draw!.participants).toEqual([studentId, ...classmates].sort((a, b) => a - b));
    expect((await awardsOf(expressActivity)).map((a) => a.place)).toEqual([1, 2, 3, 4]);
  });

  it('an express prize: the address is checked, then shipped by staff and received once', async () => {
    const mine = await student.call(api['oj.activityPrize.lottery'], {
      body: { activityId: expressActivity },
    });
    expect(mine).toMatchObject({ result: 'won', participated: true });
    const award = mine.award!;
    expect(award).toMatchObject({ state: 'won', delivery: 'express', memberId: studentId });

    const early = await failureOf(
      student.call(api['oj.activityPrize.collect'], { body: { id: award.id } }),
    );
    expect(early.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    expect(early.message).toContain('收货地址');
    const base = {
      id: award.id,
      recipient: '张同学',
      mobile: '13800001111',
      provinceCode: '440000',
      cityCode: '440300',
      detail: '科技园一路 1 号',
    };
    const unknown = await failureOf(
      student.call(api['oj.activityPrize.express'], { body: { ...base, districtCode: '449999' } }),
    );
    expect(unknown.code).toBe(ErrorCode.VALIDATION);
    expect(fieldsOf(unknown)).toEqual(['body.districtCode']);
    const wrongCity = await failureOf(
      student.call(api['oj.activityPrize.express'], {
        body: { ...base, cityCode: '110000', districtCode: '110101' },
      }),
    );
    expect(fieldsOf(wrongCity)).toEqual(['body.cityCode']);
    const badMobile = await failureOf(
      student.call(api['oj.activityPrize.express'], {
        body: { ...base, mobile: '123', districtCode: '440304' },
      }),
    );
    expect(fieldsOf(badMobile)).toContain('body.mobile');
    const unchanged = (await awardsOf(expressActivity)).find((a) => a.id === award.id)!;
    expect(unchanged).toMatchObject({ state: 'won', recipient: null, districtCode: null });

    // Staff cannot ship what has no address yet.
    const noAddress = await failureOf(
      teacher.call(api['edms.activityPrize.express'], {
        body: { id: award.id, carrier: '顺丰', trackingNo: 'SF000000001' },
      }),
    );
    expect(noAddress.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);

    const addressed = await student.call(api['oj.activityPrize.express'], {
      body: { ...base, districtCode: '440304' },
    });
    expect(addressed).toMatchObject({ state: 'addressed', regionNames: '广东省 深圳市 福田区' });
    // A municipality's city is itself; the address may change until shipping.
    const moved = await student.call(api['oj.activityPrize.express'], {
      body: { ...base, provinceCode: '110000', cityCode: '110000', districtCode: '110101' },
    });
    expect(moved).toMatchObject({ state: 'addressed', regionNames: '北京市 东城区' });

    const badTracking = await failureOf(
      teacher.call(api['edms.activityPrize.express'], {
        body: { id: award.id, carrier: '顺丰', trackingNo: '单号?' },
      }),
    );
    expect(fieldsOf(badTracking)).toEqual(['body.trackingNo']);
    const shipped = await teacher.call(api['edms.activityPrize.express'], {
      body: { id: award.id, carrier: '顺丰速运', trackingNo: 'SF1234567890' },
    });
    expect(shipped).toMatchObject({ state: 'shipped', trackingNo: 'SF1234567890' });
    const lateAddress = await failureOf(
      student.call(api['oj.activityPrize.express'], {
        body: { ...base, districtCode: '440304' },
      }),
    );
    expect(lateAddress.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    const received = await student.call(api['oj.activityPrize.collect'], {
      body: { id: award.id },
    });
    expect(received.state).toBe('received');
    const twice = await failureOf(
      student.call(api['oj.activityPrize.collect'], { body: { id: award.id } }),
    );
    expect(twice.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    expect(twice.message).toContain('已收货');
    const after = await student.call(api['oj.activityPrize.lottery'], {
      body: { activityId: expressActivity },
    });
    expect(after.award).toEqual(received);
  });

  it('an AI token prize is credited once, through the ledger, when collected', async () => {
    const activityId = await drawnActivity('额度奖励活动', 'aiTokens');
    const balance = async () =>
      Number(
        (
          await platform.pool.query<{ balance: string }>(
            `SELECT balance FROM ledger_accounts WHERE id = $1`,
            [`aiTokens:${studentId}`],
          )
        ).rows[0]?.balance ?? 0,
      );
    const before = await balance();
    const mine = (await student.call(api['oj.activityPrize.lottery'], { body: { activityId } }))
      .award!;
    expect(mine).toMatchObject({ delivery: 'aiTokens', tokens: 5000, state: 'won' });
    const twiceAtOnce = await Promise.allSettled([
      student.call(api['oj.activityPrize.collect'], { body: { id: mine.id } }),
      teacher.call(api['edms.activityPrize.collect'], { body: { id: mine.id } }),
    ]);
    expect(twiceAtOnce.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = twiceAtOnce.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as { code: number }).code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    expect(await balance()).toBe(before + 5000);
    const again = await failureOf(
      student.call(api['oj.activityPrize.collect'], { body: { id: mine.id } }),
    );
    expect(again.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    expect(await balance()).toBe(before + 5000);
  });

  it('an onsite prize needs no address and is collected once, by staff at the venue', async () => {
    const mine = (
      await student.call(api['oj.activityPrize.lottery'], { body: { activityId: onsiteActivity } })
    ).award!;
    const addr = await failureOf(
      student.call(api['oj.activityPrize.express'], {
        body: {
          id: mine.id,
          recipient: '张同学',
          mobile: '13800001111',
          provinceCode: '110000',
          cityCode: '110000',
          districtCode: '110101',
          detail: '东城区某街 1 号',
        },
      }),
    );
    expect(addr.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    expect(addr.message).toContain('现场领取');
    // The winner cannot mark it handed over themselves: staff record that at the venue.
    const self = await failureOf(
      student.call(api['oj.activityPrize.collect'], { body: { id: mine.id } }),
    );
    expect(self.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    expect(self.message).toContain('工作人员');
    expect((await awardsOf(onsiteActivity)).find((a) => a.id === mine.id)!.state).toBe('won');
    expect(
      (await teacher.call(api['edms.activityPrize.collect'], { body: { id: mine.id } })).state,
    ).toBe('collected');

    const other = (await awardsOf(onsiteActivity)).find((a) => a.memberId !== studentId)!;
    const notMine = await failureOf(
      student.call(api['oj.activityPrize.collect'], { body: { id: other.id } }),
    );
    expect(notMine.code).toBe(ErrorCode.NOT_FOUND);
    const done = await teacher.call(api['edms.activityPrize.collect'], { body: { id: other.id } });
    expect(done.state).toBe('collected');
    expect(done.collectedAt).not.toBeNull();
    const twice = await failureOf(
      admin.call(api['bms.activityPrize.collect'], { body: { id: other.id } }),
    );
    expect(twice.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    const after = (await awardsOf(onsiteActivity)).find((a) => a.id === other.id)!;
    expect(after.collectedAt).toBe(done.collectedAt);
    const { rows } = await platform.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM lifecycle_transitions
        WHERE entity = 'prizeAward' AND entity_id = $1`,
      [other.id],
    );
    expect(rows[0]!.n).toBe(1);
  });
});

describe('a fair draw under concurrency', () => {
  const PRIZES = [
    { name: '一等奖', stock: 1, sort: 0 },
    { name: '二等奖', stock: 3, sort: 1 },
    { name: '三等奖', stock: 6, sort: 2 },
  ];

  async function bigActivity(title: string, prefix: string) {
    const activityId = await insertActivity(null, title);
    const learners = await insertLearners(prefix, 999);
    await enroll(activityId, [studentId, ...learners]);
    for (const p of PRIZES) {
      await admin.call(api['bms.activityPrize.create'], {
        body: { activityId, delivery: 'express', ...p },
      });
    }
    await endActivity(activityId);
    return { activityId, participants: [studentId, ...learners].sort((a, b) => a - b) };
  }

  function checkDraw(draw: DrawInfo, prizes: PrizeItem[], participants: number[]) {
    expect(draw.participants).toEqual(participants);
    expect(createHash('sha256').update(Buffer.from(draw.seed!, 'hex')).digest('hex')).toBe(
      draw.commitment,
    );
    expect(draw.winners).toHaveLength(10);
    expect(new Set(draw.winners!.map((w) => w.memberId)).size).toBe(10);
    expect(draw.winners).toEqual(recompute(draw, prizes));
    expect(prizes.map((p) => [p.awarded, p.remaining])).toEqual([
      [1, 0],
      [3, 0],
      [6, 0],
    ]);
  }

  it('1,000 concurrent lottery calls after the end draw once: exactly 10 winners, recomputable', async () => {
    const { activityId, participants } = await bigActivity('千人抽奖', 'prize_lot_');
    const commitment = (await prizesOf(activityId)).draw!.commitment;
    const answers = await Promise.all(
      Array.from({ length: 1000 }, () =>
        student.call(api['oj.activityPrize.lottery'], { body: { activityId } }),
      ),
    );
    expect(new Set(answers.map((a) => a.draw.seed)).size).toBe(1);
    expect(answers.every((a) => a.draw.commitment === commitment && a.participated)).toBe(true);
    expect(new Set(answers.map((a) => a.result)).size).toBe(1);
    const list = await prizesOf(activityId);
    checkDraw(list.draw!, list.content, participants);
    const { rows } = await platform.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM activity_prize_awards WHERE activity_id = $1`,
      [activityId],
    );
    expect(rows[0]!.n).toBe(10);
    const again = await failureOf(
      admin.call(api['bms.activityPrize.draw'], { body: { activityId } }),
    );
    expect(again.code).toBe(ErrorCode.CONFLICT);
  }, 180_000);

  it('1,000 concurrent draw starts: one draws, 999 are CONFLICT, 10 winners', async () => {
    const { activityId, participants } = await bigActivity('千次开奖', 'prize_drw_');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 1000 }, () =>
        admin.call(api['bms.activityPrize.draw'], { body: { activityId } }),
      ),
    );
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter(
      (o) => o.status === 'rejected' && (o.reason as { code: number }).code === ErrorCode.CONFLICT,
    );
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(999);
    const list = await prizesOf(activityId);
    checkDraw(list.draw!, list.content, participants);
  }, 180_000);
});
