/**
 * Activities over real HTTP (issue 10 item 1): the seeded activities and their ranking, the
 * lifecycle with platform review and illegal transitions, who may do what in each area,
 * enrollment free and paid (wallet, paid once), the quit flow decided by staff, batch forms with
 * per-row refusals, capacity under concurrency, the download, statistics, bad input naming its
 * field, and the standings view the prizes read.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/contract/errors.ts';
import { activity } from '../../src/contract/activity/refs.ts';
import { activityPrize } from '../../src/contract/activity-prize/refs.ts';
import { accounts } from '../../src/contract/accounts/refs.ts';
import { memberQuestion } from '../../src/contract/member-question/refs.ts';
import { order as orderApi } from '../../src/contract/order/refs.ts';
import { wallet } from '../../src/contract/wallet/refs.ts';
import type { ActivityItem } from '../../src/contract/activity/calls.ts';
import type { DownloadedFile } from '../../src/transport/download.ts';
import { createTransport, type Transport } from '../../src/transport/client.ts';
import { DEMO_ACTIVITIES } from '../../src/server/seed/activities.ts';
import { failureOf } from '../support/errors.ts';
import { loginAs } from '../support/sessions.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;
let student: Transport;
let teacher: Transport;
let orgAdmin: Transport;
let otherTeacher: Transport;
let admin: Transport;
let studentMemberId: number;

const DAY = 24 * 60 * 60_000;
const iso = (t: number) => new Date(t).toISOString();

async function questionId(seedKey: string): Promise<number> {
  const { rows } = await platform.pool.query<{ id: number }>(
    'SELECT id FROM questions WHERE seed_key = $1',
    [seedKey],
  );
  return rows[0]!.id;
}

async function named(api: Transport, title: string): Promise<ActivityItem> {
  const page = await api.call(activity['oj.activity.queryList'], { body: { keyword: title } });
  const found = page.content.find((a) => a.title === title);
  if (!found) throw new Error(`activity ${title} not listed`);
  return found;
}

async function memberIdOf(username: string): Promise<number> {
  const { rows } = await platform.pool.query<{ id: number }>(
    `SELECT m.id FROM members m JOIN users u ON u.id = m.user_id WHERE u.username = $1
      ORDER BY m.id LIMIT 1`,
    [username],
  );
  return rows[0]!.id;
}

/** A platform activity created, published and answered as the caller asks. */
async function platformActivity(fields: Record<string, unknown>): Promise<ActivityItem> {
  const created = await admin.call(activity['bms.activity.create'], {
    body: {
      title: `测试活动 ${Math.random().toString(36).slice(2, 8)}`,
      startAt: iso(Date.now() - DAY),
      endAt: iso(Date.now() + 7 * DAY),
      kind: 'event',
      ...fields,
    } as never,
  });
  return admin.call(activity['bms.activity.publish'], { body: { id: created.id } });
}

beforeAll(async () => {
  platform = await startTestPlatform({
    sandboxPayments: { retryDelaysMs: [50, 100, 200], maxAttempts: 5, pollMs: 50 },
  });
  const s = await loginAs(platform, 'student');
  student = s.api;
  studentMemberId = s.user.id;
  const t = await loginAs(platform, 'teacher');
  teacher = t.api;
  orgAdmin = (await loginAs(platform, 'orgAdmin')).api;
  admin = (await loginAs(platform, 'admin')).api;
  otherTeacher = (await loginAs(platform, 'teacher')).api;
  const mine = await otherTeacher.call(accounts['oj.member.queryMineTeacherList']);
  const second = mine.find((m) => m.organizationId !== t.user.organizationId);
  await otherTeacher.call(accounts.switchOrganization, { body: { memberId: second!.id } });
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('the seeded activities', () => {
  it('lists the open contest with its questions hidden until the learner enrolls', async () => {
    const open = await named(student, DEMO_ACTIVITIES.open.title);
    expect(open).toMatchObject({
      state: 'published',
      kind: 'contest',
      phase: 'running',
      priceFen: 0,
      questionCount: 4,
      totalScore: 100,
      questionsOpen: false,
      questions: [],
    });
    const paid = await named(student, DEMO_ACTIVITIES.paid.title);
    expect(paid).toMatchObject({
      priceFen: 1990,
      capacity: 100,
      seatsLeft: 100,
      phase: 'upcoming',
    });
  });

  it('keeps the organization’s activity in the platform’s review queue, unseen by learners', async () => {
    const queue = await admin.call(activity['bms.activity.queryList'], {
      body: { state: 'reviewing' },
    });
    expect(queue.content.map((a) => a.title)).toContain(DEMO_ACTIVITIES.review.title);
    const open = await student.call(activity['oj.activity.queryList'], { body: {} });
    expect(open.content.map((a) => a.title)).not.toContain(DEMO_ACTIVITIES.review.title);
  });

  it('ranks last month’s contest: best answer per question, ties share a rank', async () => {
    const past = await named(student, DEMO_ACTIVITIES.past.title);
    expect(past.phase).toBe('ended');
    const board = await student.call(activity['oj.activityEnroll.queryMemberListSortByScore'], {
      body: { activityId: past.id },
    });
    const rows = board.content.map((r) => [r.rank, r.score, r.completed]);
    expect(rows[0]).toEqual([1, 100, true]);
    // Two students with 80 who completed at the same minute share second place; then fourth.
    expect(board.content.slice(1, 3).map((r) => [r.rank, r.score])).toEqual([
      [2, 80],
      [2, 80],
    ]);
    expect(board.content.slice(3).map((r) => [r.rank, r.score, r.completed])).toEqual([
      [4, 70, true],
      [5, 50, false],
      [6, 0, false],
    ]);
    // The demo student enrolled and answered nothing: last, not completed, still on record.
    const mine = await student.call(activity['oj.activityEnroll.queryMineLatestEnroll'], {
      query: { activityId: past.id },
    });
    expect(mine?.standing).toMatchObject({ rank: 6, score: 0, completed: false });
    const stats = await student.call(activity['oj.activityEnroll.queryMineStatistics']);
    expect(stats).toMatchObject({ enrolled: 1, completed: 0 });
  });
});

describe('the lifecycle the server enforces', () => {
  let schoolActivity: ActivityItem;

  it('trusts the platform’s activity and refuses an illegal move naming the state', async () => {
    const created = await admin.call(activity['bms.activity.create'], {
      body: {
        title: '平台测试活动',
        kind: 'event',
        startAt: iso(Date.now()),
        endAt: iso(Date.now() + DAY),
      },
    });
    expect(created.state).toBe('approved');
    const published = await admin.call(activity['bms.activity.publish'], {
      body: { id: created.id },
    });
    expect(published.state).toBe('published');
    const again = await failureOf(
      admin.call(activity['bms.activity.publish'], { body: { id: created.id } }),
    );
    expect(again.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    expect(again.message).toContain('已发布');
    const pass = await failureOf(
      admin.call(activity['bms.activity.pass'], { body: { id: created.id } }),
    );
    expect(pass.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    await admin.call(activity['bms.activity.unpublish'], { body: { id: created.id } });
    const stopped = await admin.call(activity['bms.activity.stop'], { body: { id: created.id } });
    expect(stopped).toMatchObject({ state: 'stopped', phase: 'ended' });
    expect(stopped.stoppedAt).not.toBeNull();
    const afterStop = await failureOf(
      admin.call(activity['bms.activity.publish'], { body: { id: created.id } }),
    );
    expect(afterStop.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    const { rows } = await platform.pool.query<{ action: string; to_state: string }>(
      `SELECT action, to_state FROM lifecycle_transitions WHERE entity = 'activity'
          AND entity_id = $1 ORDER BY id`,
      [created.id],
    );
    expect(rows.map((r) => `${r.action}>${r.to_state}`)).toEqual([
      'submit>approved',
      'publish>published',
      'unpublish>unpublished',
      'stop>stopped',
    ]);
  });

  it('sends a school’s activity to review; rejected with a reason, changed, passed, published', async () => {
    schoolActivity = await teacher.call(activity['edms.activity.create'], {
      body: {
        title: '示范校周末编程赛',
        kind: 'contest',
        startAt: iso(Date.now() - DAY),
        endAt: iso(Date.now() + 7 * DAY),
        questions: [{ questionId: await questionId('question:2'), score: 50 }],
      },
    });
    expect(schoolActivity.state).toBe('reviewing');
    const early = await failureOf(
      teacher.call(activity['edms.activity.publish'], { body: { id: schoolActivity.id } }),
    );
    expect(early.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    const noReason = await failureOf(
      admin.call(activity['bms.activity.reject'], { body: { id: schoolActivity.id } as never }),
    );
    expect(noReason.fieldErrors['body.reason']).toBeDefined();
    const rejected = await admin.call(activity['bms.activity.reject'], {
      body: { id: schoolActivity.id, reason: '请补充活动说明' },
    });
    expect(rejected).toMatchObject({ state: 'rejected', reviewReason: '请补充活动说明' });
    const resubmitted = await teacher.call(activity['edms.activity.update'], {
      body: { id: schoolActivity.id, description: '周末两天，做完即可参加抽奖。' },
    });
    expect(resubmitted).toMatchObject({ state: 'reviewing', reviewReason: null });
    await admin.call(activity['bms.activity.pass'], { body: { id: schoolActivity.id } });
    schoolActivity = await teacher.call(activity['edms.activity.publish'], {
      body: { id: schoolActivity.id },
    });
    expect(schoolActivity.state).toBe('published');
    // Passed by the platform, it is public: a learner of any organization sees it.
    await named(student, '示范校周末编程赛');
  });

  it('keeps each organization to its own and learners out of staff calls', async () => {
    const other = await failureOf(
      otherTeacher.call(activity['edms.activity.queryById'], { query: { id: schoolActivity.id } }),
    );
    expect(other.code).toBe(ErrorCode.NOT_FOUND);
    const otherStop = await failureOf(
      otherTeacher.call(activity['edms.activity.stop'], { body: { id: schoolActivity.id } }),
    );
    expect(otherStop.code).toBe(ErrorCode.NOT_FOUND);
    const learnerCreate = await failureOf(
      student.call(activity['edms.activity.create'], {
        body: { title: 'x', kind: 'event', startAt: iso(Date.now()), endAt: iso(Date.now() + DAY) },
      }),
    );
    expect(learnerCreate.code).toBe(ErrorCode.FORBIDDEN);
    const learnerBms = await failureOf(
      student.call(activity['bms.activity.queryList'], { body: {} }),
    );
    expect(learnerBms.code).toBe(ErrorCode.FORBIDDEN);
    const teacherBms = await failureOf(
      teacher.call(activity['bms.activity.pass'], { body: { id: 1 } }),
    );
    expect(teacherBms.code).toBe(ErrorCode.FORBIDDEN);
    // The school's staff list their own; the platform's activities are not theirs.
    const list = await orgAdmin.call(activity['edms.activity.queryList'], { body: {} });
    expect(list.content.every((a) => a.organizationName === '信奥训练营示范校')).toBe(true);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = await admin.call(activity['bms.activity.queryList'], { body: {} });
    const backwards = await failureOf(
      admin.call(activity['bms.activity.create'], {
        body: {
          title: '时间颠倒',
          kind: 'event',
          startAt: iso(Date.now() + DAY),
          endAt: iso(Date.now()),
        },
      }),
    );
    expect(backwards.fieldErrors['body.endAt']).toMatch(/晚于开始时间/);
    const empty = await failureOf(
      admin.call(activity['bms.activity.create'], {
        body: {
          title: '无题竞赛',
          kind: 'contest',
          startAt: iso(Date.now()),
          endAt: iso(Date.now() + DAY),
        },
      }),
    );
    expect(empty.fieldErrors['body.questions']).toMatch(/至少选择一道题/);
    const unknown = await failureOf(
      admin.call(activity['bms.activity.create'], {
        body: {
          title: '未知题目',
          kind: 'contest',
          startAt: iso(Date.now()),
          endAt: iso(Date.now() + DAY),
          questions: [{ questionId: 99_999_999, score: 10 }],
        },
      }),
    );
    expect(unknown.fieldErrors['body.questions[0].questionId']).toMatch(/不存在/);
    const title = await failureOf(
      admin.call(activity['bms.activity.create'], {
        body: { title: '', kind: 'event', startAt: iso(Date.now()), endAt: iso(Date.now() + DAY) },
      }),
    );
    expect(title.fieldErrors['body.title']).toMatch(/不能为空/);
    const after = await admin.call(activity['bms.activity.queryList'], { body: {} });
    expect(after.totalElements).toBe(before.totalElements);
  });
});

describe('a learner taking part', () => {
  it('enrolls in the free contest once, then sees and answers its questions', async () => {
    const open = await named(student, DEMO_ACTIVITIES.open.title);
    const order = await student.call(activity['oj.activityEnroll.enroll'], {
      body: { activityId: open.id },
    });
    expect(order).toMatchObject({ kind: 'activity', state: 'enrolled', amountFen: 0 });
    const twice = await failureOf(
      student.call(activity['oj.activityEnroll.enroll'], { body: { activityId: open.id } }),
    );
    expect(twice.code).toBe(ErrorCode.CONFLICT);
    const detail = await student.call(activity['oj.activity.queryById'], {
      query: { id: open.id },
    });
    expect(detail.questionsOpen).toBe(true);
    expect(detail.questions).toHaveLength(4);
    const objective = detail.questions.filter((q) => q.type !== 'programming');
    expect(objective).toHaveLength(2);
    // One right answer earns its points; the standing follows at once.
    const { rows } = await platform.pool.query<{ answer: string }>(
      'SELECT answer FROM questions WHERE id = $1',
      [objective[0]!.questionId],
    );
    await student.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId: objective[0]!.questionId, answer: rows[0]!.answer },
    });
    const mine = await student.call(activity['oj.activityEnroll.queryMineLatestEnroll'], {
      query: { activityId: open.id },
    });
    expect(mine?.standing).toMatchObject({ score: objective[0]!.score, completed: false });
    const quit = await failureOf(
      student.call(activity['oj.activityEnroll.applyQuit'], {
        body: { id: order.id, reason: '没时间了' },
      }),
    );
    expect(quit.code).toBe(ErrorCode.CONFLICT);
    expect(quit.message).toContain('已开始');
    const view = await platform.pool.query(
      'SELECT * FROM activity_standings WHERE activity_id = $1 AND member_id = $2',
      [open.id, studentMemberId],
    );
    expect(view.rows).toEqual([
      {
        activity_id: open.id,
        member_id: studentMemberId,
        order_id: order.id,
        score: objective[0]!.score,
        completed: false,
        finished_at: null,
        rank: 1,
      },
    ]);
  });

  it('pays a paid activity from the wallet once, quits before it starts, and is refunded', async () => {
    const paid = await named(student, DEMO_ACTIVITIES.paid.title);
    const balance = async () =>
      (await student.call(wallet['oj.memberWallet.queryList'], { body: {} })).content[0]!
        .balanceFen;
    const before = await balance();
    const order = await student.call(activity['oj.activityEnroll.enroll'], {
      body: { activityId: paid.id },
    });
    expect(order).toMatchObject({ state: 'awaitingPayment', amountFen: 1990 });
    const pays = await Promise.allSettled(
      [1, 2, 3].map(() =>
        student.call(activity['oj.activityEnroll.pay'], {
          body: { id: order.id, method: 'wallet' },
        }),
      ),
    );
    expect(pays.filter((p) => p.status === 'fulfilled')).toHaveLength(1);
    expect(await balance()).toBe(before - 1990);
    const applied = await student.call(activity['oj.activityEnroll.applyQuit'], {
      body: { id: order.id, reason: '时间冲突' },
    });
    expect(applied.state).toBe('quitApplied');
    // It waits in the platform's one approval queue with every other kind's quits.
    const queue = await admin.call(orderApi['bms.member.order.queryList'], {
      body: { state: 'quitApplied' },
    });
    expect(queue.content.find((o) => o.id === order.id)).toMatchObject({ kind: 'activity' });
    // The platform's queue decides: pass, finish, refund to the wallet.
    await admin.call(activity['bms.activityEnroll.passQuit'], { body: { id: order.id } });
    await admin.call(activity['bms.activityEnroll.finishQuit'], { body: { id: order.id } });
    const refunded = await admin.call(activity['bms.activityEnroll.refund'], {
      body: { id: order.id },
    });
    expect(refunded).toMatchObject({ state: 'refunded', refundedFen: 1990 });
    expect(await balance()).toBe(before);
    const again = await failureOf(
      admin.call(activity['bms.activityEnroll.refund'], { body: { id: order.id } }),
    );
    expect(again.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
  });

  it('pays through the provider’s checkout; the signed notification enrolls, once', async () => {
    const paid = await platformActivity({ priceFen: 500 });
    const order = await student.call(activity['oj.activityEnroll.enroll'], {
      body: { activityId: paid.id },
    });
    const answer = await student.call(activity['oj.activityEnroll.pay'], {
      body: { id: order.id, method: 'provider' },
    });
    expect(answer.payment?.checkoutUrl).toMatch(/^\/sandbox-pay\/checkout\//);
    const confirm = () =>
      fetch(`${platform.url}${answer.payment!.checkoutUrl}/confirm`, { method: 'POST' });
    expect((await confirm()).status).toBe(200);
    expect(await (await confirm()).text()).toContain('无需重复支付');
    let state = '';
    for (let i = 0; i < 100 && state !== 'enrolled'; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      state = (
        await student.call(activity['oj.activityEnroll.queryById'], { query: { id: order.id } })
      ).state;
    }
    expect(state).toBe('enrolled');
    const detail = await student.call(activity['oj.activityEnroll.queryById'], {
      query: { id: order.id },
    });
    expect(detail).toMatchObject({ paidFen: 500, payMethod: 'provider' });
  });

  it('reads a hidden ranking only as staff', async () => {
    const hidden = await platformActivity({ showRanking: false });
    const refused = await failureOf(
      student.call(activity['oj.activityEnroll.queryMemberListSortByScore'], {
        body: { activityId: hidden.id },
      }),
    );
    expect(refused.code).toBe(ErrorCode.FORBIDDEN);
    const staff = await admin.call(activity['bms.activityEnroll.queryMemberListSortByScore'], {
      body: { activityId: hidden.id },
    });
    expect(staff.totalElements).toBe(0);
  });
});

describe('staff enrolling learners', () => {
  it('enrolls in batch with one outcome per row', async () => {
    const school = (
      await teacher.call(activity['edms.activity.queryList'], {
        body: { keyword: '示范校周末编程赛' },
      })
    ).content[0]!;
    const outsider = await memberIdOf('demo_teacher');
    const byIds = await teacher.call(activity['edms.activityEnroll.batchEnroll'], {
      body: {
        activityId: school.id,
        memberIds: [studentMemberId, 99_999_999, studentMemberId, await memberIdOf('cspj_01')],
      },
    });
    expect(byIds.rows.map((r) => r.outcome)).toEqual([
      'enrolled',
      'unknownMember',
      'alreadyEnrolled',
      'enrolled',
    ]);
    expect(outsider).toBeGreaterThan(0);
    const byMobile = await teacher.call(activity['edms.activityEnroll.batchEnrollByMobile'], {
      body: {
        activityId: school.id,
        mobiles: [platform.accounts.student.mobile, '12', '19900000000'],
      },
    });
    expect(byMobile.rows.map((r) => r.outcome)).toEqual([
      'alreadyEnrolled',
      'invalidMobile',
      'unknownMobile',
    ]);
    const { rows: classes } = await platform.pool.query<{ id: number; size: number }>(
      `SELECT g.id, (SELECT count(*) FROM grade_members gm WHERE gm.grade_id = g.id)::int AS size
         FROM grades g JOIN organizations o ON o.id = g.organization_id
        WHERE o.name = '信奥训练营示范校' AND g.name = 'CSP-J 入门班（2026 冬季）'`,
    );
    const byGroups = await orgAdmin.call(activity['edms.activityEnroll.batchEnrollByGroups'], {
      body: { activityId: school.id, gradeIds: [classes[0]!.id] },
    });
    // cspj_01 is in the class and enrolled above: that row says so, the others are enrolled.
    expect(byGroups.rows).toHaveLength(classes[0]!.size);
    expect(byGroups.alreadyEnrolled).toBeGreaterThanOrEqual(1);
    expect(byGroups.enrolled + byGroups.alreadyEnrolled).toBe(classes[0]!.size);
    const other = await failureOf(
      otherTeacher.call(activity['edms.activityEnroll.batchEnroll'], {
        body: { activityId: school.id, memberIds: [studentMemberId] },
      }),
    );
    expect(other.code).toBe(ErrorCode.NOT_FOUND);
    const stats = await teacher.call(activity['edms.activityEnroll.queryEnrollStatistics'], {
      query: { activityId: school.id },
    });
    // The class's roster, and the demo student unless the roster already has them.
    const inClass = await platform.pool.query(
      'SELECT 1 FROM grade_members WHERE grade_id = $1 AND member_id = $2',
      [classes[0]!.id, studentMemberId],
    );
    const total = classes[0]!.size + (inClass.rowCount === 0 ? 1 : 0);
    expect(stats).toMatchObject({ activityId: school.id, total, paidFen: 0 });
    const latest = await orgAdmin.call(activity['edms.activityEnroll.queryLatest'], {
      query: { activityId: school.id },
    });
    expect(latest).toHaveLength(Math.min(10, total));
  });

  it('downloads the list as xlsx with one row per enrollment', async () => {
    const school = (
      await teacher.call(activity['edms.activity.queryList'], {
        body: { keyword: '示范校周末编程赛' },
      })
    ).content[0]!;
    const downloads: DownloadedFile[] = [];
    const exporter = createTransport({
      baseUrl: platform.apiUrl,
      onDownload: (f) => downloads.push(f),
    });
    const { username, password } = platform.accounts.orgAdmin;
    await exporter.call(accounts.loginByPwd, { body: { username, password } });
    await exporter.call(activity['edms.activityEnroll.downloadEnrollList'], {
      body: { activityId: school.id },
    });
    const file = downloads.at(-1)!;
    expect(file.fileName).toBe('活动报名名单.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file.bytes) as never);
    const { rows } = await platform.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE kind = 'activity' AND item_id = $1`,
      [school.id],
    );
    expect(book.worksheets[0]!.rowCount).toBe(1 + rows[0]!.n);
    expect(book.worksheets[0]!.getRow(1).getCell(9).value).toBe('得分');
  });

  it('never oversells a limited activity, whoever enrolls at the same moment', async () => {
    const limited = await platformActivity({ capacity: 3 });
    const members = await Promise.all(
      Array.from({ length: 10 }, (_, i) => memberIdOf(`cspj_${String(i + 1).padStart(2, '0')}`)),
    );
    const results = await Promise.allSettled(
      members.map((memberId) =>
        admin.call(activity['bms.activityEnroll.create'], {
          body: { activityId: limited.id, memberId },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
    expect(refusals.every((e) => e.message.includes('名额已满'))).toBe(true);
    const item = await admin.call(activity['bms.activity.queryById'], {
      query: { id: limited.id },
    });
    expect(item).toMatchObject({ enrolledCount: 3, seatsLeft: 0 });
  });

  it('refuses a stopped activity’s enrollment and deleting one with enrollments', async () => {
    const event = await platformActivity({});
    await admin.call(activity['bms.activityEnroll.batchEnroll'], {
      body: { activityId: event.id, memberIds: [studentMemberId] },
    });
    const deleting = await failureOf(
      admin.call(activity['bms.activity.delete'], { body: { id: event.id } }),
    );
    expect(deleting.code).toBe(ErrorCode.CONFLICT);
    await admin.call(activity['bms.activity.stop'], { body: { id: event.id } });
    const late = await failureOf(
      student.call(activity['oj.activityEnroll.enroll'], { body: { activityId: event.id } }),
    );
    expect(late.code).toBe(ErrorCode.CONFLICT);
    const staffLate = await failureOf(
      admin.call(activity['bms.activityEnroll.create'], {
        body: { activityId: event.id, memberId: await memberIdOf('cspj_05') },
      }),
    );
    expect(staffLate.code).toBe(ErrorCode.CONFLICT);
    // An event is completed by taking part once it started: the enrolled learner's row says so.
    const { rows } = await platform.pool.query<{ completed: boolean; rank: number }>(
      'SELECT completed, rank FROM activity_standings WHERE activity_id = $1',
      [event.id],
    );
    expect(rows).toEqual([{ completed: true, rank: 1 }]);
  });
});

// ——— the review of issue 10: each block pins one defect the review found ———

const walletBalance = async () =>
  (await student.call(wallet['oj.memberWallet.queryList'], { body: {} })).content[0]!.balanceFen;

/**
 * Runs `call` while this test holds the activity's row lock, makes `change` (SQL, $1 = the
 * activity) in the same transaction once the call waits on the lock, and commits: what the call
 * decides after the lock is what a concurrent staff action left.
 */
async function whileLocked<T>(
  activityId: number,
  call: () => Promise<T>,
  change: string,
): Promise<PromiseSettledResult<T>> {
  const client = await platform.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT 1 FROM activities WHERE id = $1 FOR UPDATE', [activityId]);
    const settled = call().then(
      (value): PromiseSettledResult<T> => ({ status: 'fulfilled', value }),
      (reason: unknown): PromiseSettledResult<T> => ({ status: 'rejected', reason }),
    );
    let waiting = 0;
    for (let i = 0; i < 250 && waiting === 0; i += 1) {
      await new Promise((r) => setTimeout(r, 20));
      const { rows } = await platform.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted',
      );
      waiting = rows[0]!.n;
    }
    expect(waiting).toBeGreaterThan(0);
    await client.query(change, [activityId]);
    await client.query('COMMIT');
    return await settled;
  } finally {
    client.release();
  }
}

const codeOf = (r: PromiseSettledResult<unknown>) =>
  r.status === 'rejected' ? (r.reason as { code: number }).code : 'fulfilled';

describe('paying for a place only while the activity runs', () => {
  it('stopping cancels the orders awaiting payment; paying after it is refused and charges nothing', async () => {
    const paid = await platformActivity({
      priceFen: 700,
      startAt: iso(Date.now() + DAY),
      endAt: iso(Date.now() + 2 * DAY),
    });
    const order = await student.call(activity['oj.activityEnroll.enroll'], {
      body: { activityId: paid.id },
    });
    expect(order.state).toBe('awaitingPayment');
    const checkout = await student.call(activity['oj.activityEnroll.pay'], {
      body: { id: order.id, method: 'provider' },
    });
    const before = await walletBalance();
    await admin.call(activity['bms.activity.stop'], { body: { id: paid.id } });
    const after = await student.call(activity['oj.activityEnroll.queryById'], {
      query: { id: order.id },
    });
    expect(after.state).toBe('cancelled');
    const { rows: payments } = await platform.pool.query<{ status: string }>(
      'SELECT status FROM payments WHERE payment_no = $1',
      [checkout.payment!.paymentNo],
    );
    expect(payments[0]!.status).toBe('closed');
    const refused = await failureOf(
      student.call(activity['oj.activityEnroll.pay'], {
        body: { id: order.id, method: 'wallet' },
      }),
    );
    expect(refused.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    expect(await walletBalance()).toBe(before);
    const { rows: moves } = await platform.pool.query<{ action: string; reason: string }>(
      `SELECT action, reason FROM lifecycle_transitions WHERE entity = 'order' AND entity_id = $1
        ORDER BY id`,
      [order.id],
    );
    expect(moves.at(-1)).toEqual({ action: 'cancel', reason: '活动已停止' });
  });

  it('refuses the wallet and a checkout once it ended; a late provider payment goes back', async () => {
    const paid = await platformActivity({ priceFen: 800 });
    const order = await student.call(activity['oj.activityEnroll.enroll'], {
      body: { activityId: paid.id },
    });
    const checkout = await student.call(activity['oj.activityEnroll.pay'], {
      body: { id: order.id, method: 'provider' },
    });
    await platform.pool.query(
      `UPDATE activities SET end_at = now() - interval '1 second' WHERE id = $1`,
      [paid.id],
    );
    const before = await walletBalance();
    const wallet1 = await failureOf(
      student.call(activity['oj.activityEnroll.pay'], {
        body: { id: order.id, method: 'wallet' },
      }),
    );
    expect(wallet1.code).toBe(ErrorCode.CONFLICT);
    expect(wallet1.message).toContain('活动已结束');
    const again = await failureOf(
      student.call(activity['oj.activityEnroll.pay'], {
        body: { id: order.id, method: 'provider' },
      }),
    );
    expect(again.code).toBe(ErrorCode.CONFLICT);
    expect(await walletBalance()).toBe(before);
    // The checkout opened before the end is paid at the provider now: the money is refunded.
    const confirm = await fetch(`${platform.url}${checkout.payment!.checkoutUrl}/confirm`, {
      method: 'POST',
    });
    expect(confirm.status).toBe(200);
    let refunds: { reason: string }[] = [];
    for (let i = 0; i < 100 && refunds.length === 0; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      refunds = (
        await platform.pool.query<{ reason: string }>(
          'SELECT reason FROM refunds WHERE order_id = $1',
          [order.id],
        )
      ).rows;
    }
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.reason).toContain('活动已结束');
    const still = await student.call(activity['oj.activityEnroll.queryById'], {
      query: { id: order.id },
    });
    expect(still).toMatchObject({ state: 'awaitingPayment', paidFen: 0 });
  });
});

describe('an organization’s change goes back to review', () => {
  it('sends a passed, published activity back to review when learners’ content changes, not otherwise', async () => {
    const created = await teacher.call(activity['edms.activity.create'], {
      body: {
        title: '示范校改动复审赛',
        kind: 'event',
        startAt: iso(Date.now() - DAY),
        endAt: iso(Date.now() + 7 * DAY),
      },
    });
    await admin.call(activity['bms.activity.pass'], { body: { id: created.id } });
    await teacher.call(activity['edms.activity.publish'], { body: { id: created.id } });
    const capacity = await teacher.call(activity['edms.activity.update'], {
      body: { id: created.id, capacity: 50, showRanking: false },
    });
    expect(capacity.state).toBe('published');
    const same = await teacher.call(activity['edms.activity.update'], {
      body: { id: created.id, title: '示范校改动复审赛' },
    });
    expect(same.state).toBe('published');
    const edited = await teacher.call(activity['edms.activity.update'], {
      body: { id: created.id, description: '未经审核的新说明' },
    });
    expect(edited).toMatchObject({ state: 'reviewing', reviewReason: null });
    const open = await student.call(activity['oj.activity.queryList'], {
      body: { keyword: '示范校改动复审赛' },
    });
    expect(open.content).toEqual([]);
    const queue = await admin.call(activity['bms.activity.queryList'], {
      body: { state: 'reviewing', keyword: '示范校改动复审赛' },
    });
    expect(queue.content.map((a) => a.id)).toEqual([created.id]);
    // Passed again, the platform's own edit of it is trusted.
    await admin.call(activity['bms.activity.pass'], { body: { id: created.id } });
    const platformEdit = await admin.call(activity['bms.activity.update'], {
      body: { id: created.id, title: '示范校改动复审赛（平台修订）' },
    });
    expect(platformEdit.state).toBe('approved');
    const own = await platformActivity({});
    const ownEdit = await admin.call(activity['bms.activity.update'], {
      body: { id: own.id, priceFen: 100, description: '平台改价' },
    });
    expect(ownEdit.state).toBe('published');
  });
});

describe('the window once results exist', () => {
  it('keeps the start and only extends the end once started with places held', async () => {
    const running = await platformActivity({});
    await admin.call(activity['bms.activityEnroll.batchEnroll'], {
      body: { activityId: running.id, memberIds: [studentMemberId] },
    });
    const start = await failureOf(
      admin.call(activity['bms.activity.update'], {
        body: { id: running.id, startAt: iso(Date.now() - 2 * DAY) },
      }),
    );
    expect(start.code).toBe(ErrorCode.CONFLICT);
    expect(start.message).toContain('开始时间');
    const earlier = await failureOf(
      admin.call(activity['bms.activity.update'], {
        body: { id: running.id, endAt: iso(Date.now() + DAY) },
      }),
    );
    expect(earlier.code).toBe(ErrorCode.CONFLICT);
    expect(earlier.message).toContain('只能延后');
    const later = await admin.call(activity['bms.activity.update'], {
      body: { id: running.id, endAt: iso(Date.now() + 10 * DAY) },
    });
    expect(new Date(later.endAt).getTime()).toBeGreaterThan(Date.now() + 9 * DAY);
    expect(later.startAt).toBe(running.startAt);
    await platform.pool.query(
      `UPDATE activities SET end_at = now() - interval '1 second' WHERE id = $1`,
      [running.id],
    );
    const after = await failureOf(
      admin.call(activity['bms.activity.update'], {
        body: { id: running.id, endAt: iso(Date.now() + 20 * DAY) },
      }),
    );
    expect(after.code).toBe(ErrorCode.CONFLICT);
    expect(after.message).toContain('已结束');
  });

  it('changes no time after the prizes’ draw', async () => {
    const drawn = await platformActivity({});
    await admin.call(activityPrize['bms.activityPrize.create'], {
      body: { activityId: drawn.id, name: '纪念品', delivery: 'onsite', stock: 1 },
    });
    await platform.pool.query(
      `UPDATE activities SET end_at = now() - interval '1 second' WHERE id = $1`,
      [drawn.id],
    );
    await admin.call(activityPrize['bms.activityPrize.draw'], { body: { activityId: drawn.id } });
    const moved = await failureOf(
      admin.call(activity['bms.activity.update'], {
        body: { id: drawn.id, endAt: iso(Date.now() + DAY) },
      }),
    );
    expect(moved.code).toBe(ErrorCode.CONFLICT);
    expect(moved.message).toContain('已开奖');
  });
});

describe('decisions taken under the activity’s row lock', () => {
  it('refuses an enrollment when the activity is stopped while it waits', async () => {
    const event = await platformActivity({});
    const result = await whileLocked(
      event.id,
      () => student.call(activity['oj.activityEnroll.enroll'], { body: { activityId: event.id } }),
      `UPDATE activities SET state = 'stopped', stopped_at = now() WHERE id = $1`,
    );
    expect(codeOf(result)).toBe(ErrorCode.CONFLICT);
    const { rows } = await platform.pool.query(
      `SELECT 1 FROM orders WHERE kind = 'activity' AND item_id = $1`,
      [event.id],
    );
    expect(rows).toHaveLength(0);
  });

  it('refuses a delete when an enrollment commits while it waits', async () => {
    const event = await platformActivity({});
    const result = await whileLocked(
      event.id,
      () => admin.call(activity['bms.activity.delete'], { body: { id: event.id } }),
      `INSERT INTO orders (kind, member_id, organization_id, item_id, item_name, amount_fen, state)
       SELECT 'activity', m.id, m.organization_id, $1, '并发报名', 0, 'enrolled'
         FROM members m WHERE m.id = ${studentMemberId}`,
    );
    expect(codeOf(result)).toBe(ErrorCode.CONFLICT);
    const item = await admin.call(activity['bms.activity.queryById'], { query: { id: event.id } });
    expect(item.enrolledCount).toBe(1);
  });

  it('refuses a change when the activity is stopped while it waits', async () => {
    const event = await platformActivity({});
    const result = await whileLocked(
      event.id,
      () => admin.call(activity['bms.activity.update'], { body: { id: event.id, title: '改名' } }),
      `UPDATE activities SET state = 'stopped', stopped_at = now() WHERE id = $1`,
    );
    expect(codeOf(result)).toBe(ErrorCode.CONFLICT);
    const item = await admin.call(activity['bms.activity.queryById'], { query: { id: event.id } });
    expect(item.title).not.toBe('改名');
  });
});

describe('staff enroll only into reviewed activities', () => {
  it('refuses staff and batch enrollment into an activity under review, writing nothing', async () => {
    const pending = await teacher.call(activity['edms.activity.create'], {
      body: {
        title: '示范校待审活动',
        kind: 'event',
        startAt: iso(Date.now() - DAY),
        endAt: iso(Date.now() + 7 * DAY),
      },
    });
    expect(pending.state).toBe('reviewing');
    const batch = await failureOf(
      teacher.call(activity['edms.activityEnroll.batchEnroll'], {
        body: { activityId: pending.id, memberIds: [studentMemberId] },
      }),
    );
    expect(batch.code).toBe(ErrorCode.CONFLICT);
    expect(batch.message).toContain('待审核');
    const one = await failureOf(
      admin.call(activity['bms.activityEnroll.create'], {
        body: { activityId: pending.id, memberId: studentMemberId },
      }),
    );
    expect(one.code).toBe(ErrorCode.CONFLICT);
    await admin.call(activity['bms.activity.reject'], {
      body: { id: pending.id, reason: '请补充说明' },
    });
    const rejected = await failureOf(
      teacher.call(activity['edms.activityEnroll.batchEnroll'], {
        body: { activityId: pending.id, memberIds: [studentMemberId] },
      }),
    );
    expect(rejected.message).toContain('已驳回');
    const { rows } = await platform.pool.query(
      `SELECT 1 FROM orders WHERE kind = 'activity' AND item_id = $1`,
      [pending.id],
    );
    expect(rows).toHaveLength(0);
  });
});

describe('what a learner reads of their own enrollment', () => {
  it('hides their rank too when the activity hides its ranking; staff still read it', async () => {
    const hidden = await platformActivity({ showRanking: false });
    const order = await student.call(activity['oj.activityEnroll.enroll'], {
      body: { activityId: hidden.id },
    });
    const latest = await student.call(activity['oj.activityEnroll.queryMineLatestEnroll'], {
      query: { activityId: hidden.id },
    });
    expect(latest!.standing).toMatchObject({ completed: true, rank: null });
    const byId = await student.call(activity['oj.activityEnroll.queryMineEnrollByEnrollId'], {
      query: { id: order.id },
    });
    expect(byId.standing!.rank).toBeNull();
    const list = await student.call(activity['oj.activityEnroll.queryList'], {
      body: { activityId: hidden.id },
    });
    expect(list.content.map((e) => e.standing?.rank)).toEqual([null]);
    const staff = await admin.call(activity['bms.activityEnroll.queryList'], {
      body: { activityId: hidden.id },
    });
    expect(staff.content.map((e) => e.standing?.rank)).toEqual([1]);
  });

  it('answers the latest order, cancelled, of an activity unpublished since', async () => {
    const paid = await platformActivity({ priceFen: 300 });
    const order = await student.call(activity['oj.activityEnroll.enroll'], {
      body: { activityId: paid.id },
    });
    await student.call(activity['oj.activityEnroll.cancel'], { body: { id: order.id } });
    await admin.call(activity['bms.activity.unpublish'], { body: { id: paid.id } });
    const latest = await student.call(activity['oj.activityEnroll.queryMineLatestEnroll'], {
      query: { activityId: paid.id },
    });
    expect(latest).toMatchObject({
      order: { id: order.id, state: 'cancelled' },
      activity: { id: paid.id, state: 'unpublished', questions: [] },
      standing: null,
    });
  });

  it('finds nothing of another learner’s enrollment, and other organizations decide nothing', async () => {
    const past = await named(student, DEMO_ACTIVITIES.past.title);
    const { rows } = await platform.pool.query<{ id: number }>(
      `SELECT o.id FROM orders o WHERE o.kind = 'activity' AND o.item_id = $1
          AND o.member_id <> $2 ORDER BY o.id LIMIT 1`,
      [past.id, studentMemberId],
    );
    const foreign = rows[0]!.id;
    const reads = await Promise.all([
      failureOf(student.call(activity['oj.activityEnroll.queryById'], { query: { id: foreign } })),
      failureOf(
        student.call(activity['oj.activityEnroll.queryMineEnrollByEnrollId'], {
          query: { id: foreign },
        }),
      ),
      failureOf(
        student.call(activity['oj.activityEnroll.applyQuit'], {
          body: { id: foreign, reason: '不是我的' },
        }),
      ),
    ]);
    expect(reads.map((r) => r.code)).toEqual([
      ErrorCode.NOT_FOUND,
      ErrorCode.NOT_FOUND,
      ErrorCode.NOT_FOUND,
    ]);
    const school = await teacher.call(activity['edms.activity.create'], {
      body: {
        title: '示范校越权测试活动',
        kind: 'event',
        startAt: iso(Date.now() + DAY),
        endAt: iso(Date.now() + 2 * DAY),
      },
    });
    await admin.call(activity['bms.activity.pass'], { body: { id: school.id } });
    await teacher.call(activity['edms.activity.publish'], { body: { id: school.id } });
    await teacher.call(activity['edms.activityEnroll.batchEnroll'], {
      body: { activityId: school.id, memberIds: [studentMemberId] },
    });
    const mine = await student.call(activity['oj.activityEnroll.queryMineLatestEnroll'], {
      query: { activityId: school.id },
    });
    await student.call(activity['oj.activityEnroll.applyQuit'], {
      body: { id: mine!.order.id, reason: '时间冲突' },
    });
    const schoolOrders = [{ id: mine!.order.id }];
    const theirs = schoolOrders[0]!.id;
    const before = await admin.call(activity['bms.activityEnroll.queryById'], {
      query: { id: theirs },
    });
    for (const action of ['passQuit', 'rejectQuit', 'finishQuit'] as const) {
      const refused = await failureOf(
        otherTeacher.call(activity[`edms.activityEnroll.${action}`], {
          body: { id: theirs, reason: '越权' },
        }),
      );
      expect(refused.code).toBe(ErrorCode.NOT_FOUND);
    }
    const after = await admin.call(activity['bms.activityEnroll.queryById'], {
      query: { id: theirs },
    });
    expect(after.state).toBe(before.state);
  });

  it('refuses to publish an activity whose end has passed', async () => {
    const over = await admin.call(activity['bms.activity.create'], {
      body: {
        title: '已过期的活动',
        kind: 'event',
        startAt: iso(Date.now() - 3 * DAY),
        endAt: iso(Date.now() - DAY),
      },
    });
    const refused = await failureOf(
      admin.call(activity['bms.activity.publish'], { body: { id: over.id } }),
    );
    expect(refused.code).toBe(ErrorCode.CONFLICT);
    expect(refused.message).toContain('结束时间已过');
    const item = await admin.call(activity['bms.activity.queryById'], { query: { id: over.id } });
    expect(item.state).toBe('approved');
  });
});
