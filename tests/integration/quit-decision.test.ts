/**
 * Issue 25 item 6 over real HTTP: when staff answer a learner's quit application, the learner's
 * own reads (/order's list and detail, my classes, the item's latest enrollment) answer the
 * decision with the staff's reason, who and when, for every kind of enrollment alike; a new
 * application replaces it (waiting again, with the new reason). Refusals: a rejection without
 * a reason, a learner deciding their own application, a decision on an enrollment nobody
 * applied to quit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/contract/errors.ts';
import { exam } from '../../src/contract/exam/calls.ts';
import { grade as gradeApi } from '../../src/contract/grade/calls.ts';
import { order as orderApi } from '../../src/contract/order/calls.ts';
import type { OrderItem } from '../../src/contract/order/calls.ts';
import { DEMO_EXAMS } from '../../src/server/seed/exams.ts';
import type { Transport } from '../../src/transport/client.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';

let platform: TestPlatform;
let admin: Transport;
let teacher: Transport;
let student: Transport;

const day = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * day).toISOString();

beforeAll(async () => {
  platform = await startTestPlatform();
  ({ api: admin } = await loginAs(platform, 'admin'));
  ({ api: teacher } = await loginAs(platform, 'teacher'));
  ({ api: student } = await loginAs(platform, 'student'));
});
afterAll(async () => {
  await platform?.stop();
});

const fieldsOf = (err: { data?: unknown }) =>
  ((err.data as { fields?: { field: string }[] } | undefined)?.fields ?? []).map((f) => f.field);

/** The order as the learner's /order list answers it. */
async function inMyOrders(id: number): Promise<OrderItem> {
  const page = await student.call(orderApi['oj.member.order.queryList'], {
    query: { page: 0, size: 100 },
    body: {},
  });
  const found = page.content.find((o) => o.id === id);
  if (!found) throw new Error(`order ${id} not in the learner's list`);
  return found;
}

describe('a rejected quit application, as the learner reads it', () => {
  it('answers a class’s rejection and the teacher’s reason in my classes and /order, until a new application', async () => {
    const created = await teacher.call(gradeApi['edms.grade.create'], {
      body: {
        name: '退出驳回测试班',
        isPublic: true,
        priceFen: 0,
        startTime: at(1),
        endTime: at(60),
      },
    });
    await teacher.call(gradeApi['edms.grade.publish'], { body: { id: created.id } });
    const enrolled = await student.call(gradeApi['oj.grade.enroll.enroll'], {
      body: { gradeId: created.id },
    });
    expect(enrolled.quitDecision).toBeNull();

    // Nobody applied yet: there is nothing to reject.
    const early = await failureOf(
      teacher.call(gradeApi['edms.grade.enroll.rejectQuit'], {
        body: { id: enrolled.id, reason: '不可退出' },
      }),
    );
    expect(early.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);

    await student.call(gradeApi['oj.grade.enroll.applyQuit'], {
      body: { id: enrolled.id, reason: '时间冲突' },
    });
    const waiting = await inMyOrders(enrolled.id);
    expect(waiting).toMatchObject({ state: 'quitApplied', quitReason: '时间冲突' });
    expect(waiting.quitDecision).toBeNull();

    // A rejection needs a reason; and the learner cannot decide their own application.
    const bare = await failureOf(
      teacher.call(gradeApi['edms.grade.enroll.rejectQuit'], {
        body: { id: enrolled.id, reason: '   ' },
      }),
    );
    expect(fieldsOf(bare)).toEqual(['body.reason']);
    const own = await failureOf(
      student.call(gradeApi['edms.grade.enroll.rejectQuit'], {
        body: { id: enrolled.id, reason: '自己驳回' },
      }),
    );
    expect([ErrorCode.FORBIDDEN, ErrorCode.NOT_FOUND]).toContain(own.code);

    await teacher.call(gradeApi['edms.grade.enroll.rejectQuit'], {
      body: { id: enrolled.id, reason: '本期课程已过半，不能退出' },
    });
    const decision = {
      outcome: 'rejected',
      reason: '本期课程已过半，不能退出',
      actorName: '演示教练',
      at: expect.any(String),
    };
    const mine = await student.call(gradeApi['oj.grade.enroll.queryEnrollList'], {
      query: { page: 0, size: 50 },
      body: {},
    });
    expect(mine.content.find((e) => e.id === enrolled.id)).toMatchObject({
      state: 'enrolled',
      quitReason: '时间冲突',
      quitDecision: decision,
    });
    expect(await inMyOrders(enrolled.id)).toMatchObject({ quitDecision: decision });
    const latest = await student.call(gradeApi['oj.grade.enroll.queryMineLatestEnroll'], {
      query: { gradeId: created.id },
    });
    expect(latest?.order).toMatchObject({ quitDecision: decision });
    const detail = await student.call(orderApi['oj.member.order.queryById'], {
      query: { id: enrolled.id },
    });
    expect(detail.quitDecision).toMatchObject(decision);
    expect(detail.history.at(-1)).toMatchObject({
      action: 'rejectQuit',
      from: 'quitApplied',
      to: 'enrolled',
      reason: '本期课程已过半，不能退出',
      actorName: '演示教练',
    });

    // Applying again: waiting again, with the new reason; the old rejection no longer stands.
    await student.call(gradeApi['oj.grade.enroll.applyQuit'], {
      body: { id: enrolled.id, reason: '搬家了，无法上课' },
    });
    expect(await inMyOrders(enrolled.id)).toMatchObject({
      state: 'quitApplied',
      quitReason: '搬家了，无法上课',
      quitDecision: null,
    });
  });

  it('answers an exam’s decisions the same way, a rejection and then an approval', async () => {
    const page = await student.call(exam['oj.exam.queryList'], {
      body: { keyword: DEMO_EXAMS.free },
    });
    const free = page.content.find((e) => e.name === DEMO_EXAMS.free)!;
    const enrolled = await student.call(exam['oj.examEnroll.enroll'], {
      body: { examId: free.id },
    });
    await student.call(exam['oj.examEnroll.applyQuit'], {
      body: { id: enrolled.id, reason: '那天要上课' },
    });
    await admin.call(exam['bms.examEnroll.rejectQuit'], {
      body: { id: enrolled.id, reason: '考试已开放，请按时参加' },
    });
    const latest = await student.call(exam['oj.examEnroll.queryMineLatestEnroll'], {
      query: { examId: free.id },
    });
    expect(latest?.order).toMatchObject({
      state: 'enrolled',
      quitReason: '那天要上课',
      quitDecision: {
        outcome: 'rejected',
        reason: '考试已开放，请按时参加',
        actorName: '平台管理员',
      },
    });
    expect(await inMyOrders(enrolled.id)).toMatchObject({
      quitDecision: { outcome: 'rejected', reason: '考试已开放，请按时参加' },
    });

    await student.call(exam['oj.examEnroll.applyQuit'], {
      body: { id: enrolled.id, reason: '确实去不了' },
    });
    await admin.call(exam['bms.examEnroll.passQuit'], { body: { id: enrolled.id } });
    expect(await inMyOrders(enrolled.id)).toMatchObject({
      state: 'quitApproved',
      quitReason: '确实去不了',
      quitDecision: { outcome: 'approved', reason: null, actorName: '平台管理员' },
    });
  });
});
