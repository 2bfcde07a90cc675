/**
 * A coach's own exams over real HTTP (issue 25 items 1–2): the teacher's back-office list
 * (`edms/exam/queryList`) holds their organization's exams in every state — a fresh one waiting
 * for review included — and, read-only, the exams open to them; each row says whether the caller
 * may manage it (`manageable`), by the very rule the server refuses with, so a screen offers
 * only what the server would allow. 考试审核 (`examReview`, issue 25 item 1): where the
 * organization switches it off, a coach's paper and exam are trusted and published with no
 * platform call; where on (the default), they wait for the platform as issue 7 decided.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExamItem } from '../../src/contract/exam/exams.ts';
import { exam } from '../../src/contract/exam/refs.ts';
import { organization } from '../../src/contract/organization/refs.ts';
import { question } from '../../src/contract/question/refs.ts';
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
let orgAdmin: Transport;

beforeAll(async () => {
  platform = await startTestPlatform();
  ({ api: student } = await loginAs(platform, 'student'));
  ({ api: teacher } = await loginAs(platform, 'teacher'));
  ({ api: admin } = await loginAs(platform, 'admin'));
  ({ api: orgAdmin } = await loginAs(platform, 'orgAdmin'));
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

describe('考试审核 (exam_review)', () => {
  let schoolId: number;
  let questionId: number;
  const window = () => {
    const now = Date.now();
    return {
      enrollStartAt: new Date(now - 60_000).toISOString(),
      enrollEndAt: new Date(now + 86_400_000).toISOString(),
      startAt: new Date(now - 60_000).toISOString(),
      endAt: new Date(now + 90_000_000).toISOString(),
    };
  };
  const setExamReview = (on: boolean) =>
    orgAdmin.call(organization['edms.organization.update'], {
      body: { id: schoolId, examReview: on },
    });

  beforeAll(async () => {
    const own = await orgAdmin.call(organization['edms.organization.queryList'], { body: {} });
    schoolId = own.content.find((o) => o.name === '信奥训练营示范校')!.id;
    const bank = await teacher.call(question['edms.question.queryList'], {
      body: { type: 'single' },
    });
    questionId = bank.content[0]!.id;
  });

  afterAll(async () => {
    // Whatever a test left, the demo school asks for review again (the seed's choice).
    await setExamReview(true);
  });

  it('is on for the demo school; only its admin switches it, and a wrong type names the field', async () => {
    const asTeacher = await teacher.call(organization['edms.organization.queryList'], {
      body: {},
    });
    expect(asTeacher.content.find((o) => o.id === schoolId)?.examReview).toBe(true);
    const byTeacher = await failureOf(
      teacher.call(organization['edms.organization.update'], {
        body: { id: schoolId, examReview: false },
      }),
    );
    expect(byTeacher).toMatchObject({
      code: ErrorCode.FORBIDDEN,
      message: '只有机构管理员可以修改机构资料',
    });
    const wrongType = await failureOf(
      orgAdmin.call(organization['edms.organization.update'], {
        body: { id: schoolId, examReview: 'off' as unknown as boolean },
      }),
    );
    expect(wrongType).toMatchObject({ code: ErrorCode.VALIDATION, status: 400 });
    expect(Object.keys(wrongType.fieldErrors)).toEqual(['body.examReview']);
    const after = await orgAdmin.call(organization['edms.organization.queryList'], { body: {} });
    expect(after.content.find((o) => o.id === schoolId)?.examReview).toBe(true);
  });

  it('with it on, a coach’s paper and exam wait for the platform and cannot be published', async () => {
    const paper = await teacher.call(exam['edms.examPaper.create'], {
      body: { name: '审核中的试卷', durationMinutes: 30, questions: [{ questionId, score: 10 }] },
    });
    expect(paper.review).toBe('reviewing');
    const waiting = await teacher.call(exam['edms.exam.create'], {
      body: {
        name: '审核中的周测',
        ...window(),
        examPaperIds: [paper.id],
        visibility: 'organization',
      },
    });
    expect(waiting.state).toBe('reviewing');
    const publish = await failureOf(
      teacher.call(exam['edms.exam.publish'], { body: { id: waiting.id } }),
    );
    // The lifecycle refuses it: 待审核 has no publish.
    expect(publish.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    const queue = await admin.call(exam['bms.exam.queryList'], {
      query: { size: 50 },
      body: { state: 'reviewing' },
    });
    expect(named(queue, '审核中的周测')).toBeDefined();
  });

  it('with it off, a coach writes a paper and an exam and publishes it with no platform call', async () => {
    const switched = await setExamReview(false);
    expect(switched.examReview).toBe(false);
    const paper = await teacher.call(exam['edms.examPaper.create'], {
      body: { name: '免审试卷', durationMinutes: 30, questions: [{ questionId, score: 10 }] },
    });
    expect(paper.review).toBe('passed');
    // A trusted change does not send the paper back to review.
    const renamed = await teacher.call(exam['edms.examPaper.update'], {
      body: { id: paper.id, name: '免审试卷（改）' },
    });
    expect(renamed.review).toBe('passed');
    const requestioned = await teacher.call(exam['edms.examPaper.updateQuestions'], {
      body: { id: paper.id, questions: [{ questionId, score: 20 }] },
    });
    expect(requestioned).toMatchObject({ review: 'passed', totalScore: 20 });

    const created = await teacher.call(exam['edms.exam.create'], {
      body: { name: '免审周测', ...window(), examPaperIds: [paper.id], visibility: 'organization' },
    });
    expect(created).toMatchObject({ state: 'approved', manageable: true });
    const published = await teacher.call(exam['edms.exam.publish'], { body: { id: created.id } });
    expect(published.state).toBe('published');

    // Monitored from the coach's own list; open to the organization's learners at once.
    const mine = await teacher.call(exam['edms.exam.queryList'], {
      query: { size: 50 },
      body: { manage: true },
    });
    expect(named(mine, '免审周测')).toMatchObject({ state: 'published', manageable: true });
    const enrolled = await teacher.call(exam['edms.examEnroll.batchEnrollByMobile'], {
      body: { examId: created.id, mobiles: [platform.accounts.student.mobile] },
    });
    expect(enrolled.enrolled).toBe(1);
    const open = await student.call(exam['oj.exam.queryList'], { query: { size: 50 }, body: {} });
    expect(named(open, '免审周测')?.state).toBe('published');
    // Nothing of it reached the platform's queue.
    const queue = await admin.call(exam['bms.exam.queryList'], {
      query: { size: 50 },
      body: { state: 'reviewing' },
    });
    expect(named(queue, '免审周测')).toBeUndefined();
  });

  it('with it off, a paper the platform rejected still goes back to it when changed', async () => {
    await setExamReview(true);
    const paper = await teacher.call(exam['edms.examPaper.create'], {
      body: { name: '被驳回的试卷', durationMinutes: 30, questions: [{ questionId, score: 10 }] },
    });
    await admin.call(exam['bms.examPaper.reject'], { body: { id: paper.id, reason: '题目太少' } });
    await setExamReview(false);
    const corrected = await teacher.call(exam['edms.examPaper.update'], {
      body: { id: paper.id, description: '补充了说明' },
    });
    expect(corrected.review).toBe('reviewing');
  });
});
