/**
 * A coach's own exams over real HTTP (issue 25 items 1–2): the teacher's back-office list
 * (`edms/exam/queryList`) holds their organization's exams in every state — a fresh one waiting
 * for review included — and, read-only, the exams open to them; each row says whether the caller
 * may manage it (`manageable`), by the very rule the server refuses with, so a screen offers
 * only what the server would allow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExamItem } from '../../src/contract/exam/calls.ts';
import { exam } from '../../src/contract/exam/refs.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { DEMO_EXAMS } from '../../src/server/seed/exams.ts';
import type { Transport } from '../../src/transport/client.ts';
import { errorOf, failureOf } from '../support/errors.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';

let platform: TestPlatform;
let student: Transport;
let teacher: Transport;
let admin: Transport;

beforeAll(async () => {
  platform = await startTestPlatform();
  ({ api: student } = await loginAs(platform, 'student'));
  ({ api: teacher } = await loginAs(platform, 'teacher'));
  ({ api: admin } = await loginAs(platform, 'admin'));
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

const named = (page: { content: ExamItem[] }, name: string) =>
  page.content.find((e) => e.name === name);

describe('a coach’s exam list', () => {
  let created: ExamItem;

  it('lists a freshly created exam of the organization, waiting for review, as theirs', async () => {
    const now = Date.now();
    created = await teacher.call(exam['edms.exam.create'], {
      body: {
        name: '教练自建周测',
        enrollStartAt: new Date(now).toISOString(),
        enrollEndAt: new Date(now + 86_400_000).toISOString(),
        startAt: new Date(now + 86_400_000).toISOString(),
        endAt: new Date(now + 90_000_000).toISOString(),
        examPaperIds: [],
        visibility: 'organization',
      },
    });
    expect(created).toMatchObject({ state: 'reviewing', manageable: true });
    const all = await teacher.call(exam['edms.exam.queryList'], { query: { size: 50 }, body: {} });
    expect(named(all, '教练自建周测')).toMatchObject({ state: 'reviewing', manageable: true });
    const waiting = await teacher.call(exam['edms.exam.queryList'], {
      query: { size: 50 },
      body: { state: 'reviewing' },
    });
    expect(waiting.content.map((e) => e.name)).toEqual(
      expect.arrayContaining(['教练自建周测', DEMO_EXAMS.review]),
    );
    expect(waiting.content.every((e) => e.state === 'reviewing' && e.manageable)).toBe(true);
  });

  it('shows the platform’s open exams read-only, and the server refuses them by the same rule', async () => {
    const all = await teacher.call(exam['edms.exam.queryList'], { query: { size: 50 }, body: {} });
    const free = named(all, DEMO_EXAMS.free);
    expect(free).toMatchObject({ organizationId: null, manageable: false });
    for (const row of all.content) {
      const unpublish = await errorOf(
        teacher.call(exam['edms.exam.unpublish'], { body: { id: row.id } }),
      );
      // Not manageable: refused for who asks; manageable: only the lifecycle may refuse.
      if (row.manageable) expect(unpublish?.code).not.toBe(ErrorCode.FORBIDDEN);
      else expect(unpublish).toMatchObject({ code: ErrorCode.FORBIDDEN });
    }
    const refused = await failureOf(
      teacher.call(exam['edms.exam.delete'], { body: { id: free!.id } }),
    );
    expect(refused).toMatchObject({ code: ErrorCode.FORBIDDEN, message: '只能管理本机构的考试' });
  });

  it('reads one of its own exams as manageable and the platform’s as not', async () => {
    const own = await teacher.call(exam['edms.exam.queryById'], { query: { id: created.id } });
    expect(own.manageable).toBe(true);
    const all = await teacher.call(exam['edms.exam.queryList'], { query: { size: 50 }, body: {} });
    const free = named(all, DEMO_EXAMS.free)!;
    const platformExam = await teacher.call(exam['edms.exam.queryById'], {
      query: { id: free.id },
    });
    expect(platformExam.manageable).toBe(false);
  });

  it('keeps the learner-facing list to what is open, and `manage` to what they manage', async () => {
    const open = await teacher.call(exam['exam.queryList'], { query: { size: 50 }, body: {} });
    expect(named(open, '教练自建周测')).toBeUndefined();
    expect(named(open, DEMO_EXAMS.free)?.manageable).toBe(false);
    const managed = await teacher.call(exam['edms.exam.queryList'], {
      query: { size: 50 },
      body: { manage: true },
    });
    expect(named(managed, DEMO_EXAMS.free)).toBeUndefined();
    expect(managed.content.every((e) => e.manageable)).toBe(true);
    // A simple list says nothing of who manages a row: a teacher's holds only theirs.
    const simple = await teacher.call(exam['edms.exam.querySimpleList'], {
      query: { size: 50 },
      body: {},
    });
    const names = simple.content.map((e) => e.name);
    expect(names).toContain('教练自建周测');
    expect(names).not.toContain(DEMO_EXAMS.free);
  });

  it('tells a learner nothing is theirs to manage, and platform staff everything is', async () => {
    const learner = await student.call(exam['oj.exam.queryList'], {
      query: { size: 50 },
      body: {},
    });
    expect(learner.content.length).toBeGreaterThan(0);
    expect(learner.content.every((e) => !e.manageable)).toBe(true);
    const staff = await admin.call(exam['bms.exam.queryList'], { query: { size: 50 }, body: {} });
    expect(named(staff, '教练自建周测')?.manageable).toBe(true);
    expect(staff.content.every((e) => e.manageable)).toBe(true);
  });
});
