/**
 * `manageable` on courses, chapters, questions and exam papers over real HTTP: the flag each staff item
 * carries is the server's own rule, so it agrees with what the writes refuse. A teacher of one
 * organization sees it false on the platform's rows and on another organization's course the
 * platform passed for everyone, and the write on such a row is FORBIDDEN; it is true on their
 * organization's rows, whoever of its staff asks, and the write goes through. Learners and
 * visitors read false (docs/decisions/exams.md, "Courses, chapters and questions carry the same
 * flag").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts as accountsApi } from '../../src/contract/accounts/calls.ts';
import { chapter as chapterApi } from '../../src/contract/chapter/calls.ts';
import { course as courseApi } from '../../src/contract/course/calls.ts';
import { PUBLIC_COURSE_NAME } from '../../src/contract/course/units.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { exam as examApi } from '../../src/contract/exam/calls.ts';
import { question as questionApi } from '../../src/contract/question/calls.ts';
import type { Transport } from '../../src/transport/client.ts';
import { sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';

let platform: TestPlatform;
let visitor: Transport;
let admin: Transport;
let teacher: Transport;
let orgAdmin: Transport;
let student: Transport;
/** The demo teacher's session in the second organization (星火信奥工作室). */
let otherTeacher: Transport;

const objective = {
  type: 'single' as const,
  title: '归属测试：1 + 1 = ?',
  options: [
    { label: 'A' as const, text: '1' },
    { label: 'B' as const, text: '2' },
  ],
  answer: '01',
};

/** The FORBIDDEN a write must fail with. */
async function forbidden(write: Promise<unknown>): Promise<void> {
  expect((await failureOf(write)).code).toBe(ErrorCode.FORBIDDEN);
}

beforeAll(async () => {
  platform = await startTestPlatform();
  visitor = sdk(platform.apiUrl);
  admin = (await loginAs(platform, 'admin')).api;
  teacher = (await loginAs(platform, 'teacher')).api;
  orgAdmin = (await loginAs(platform, 'orgAdmin')).api;
  student = (await loginAs(platform, 'student')).api;
  otherTeacher = (await loginAs(platform, 'teacher')).api;
  const me = await teacher.call(accountsApi['oj.member.queryCurrent']);
  const members = await otherTeacher.call(accountsApi['oj.member.queryMineTeacherList']);
  const second = members.find((m) => m.organizationId !== me.organizationId);
  await otherTeacher.call(accountsApi.switchOrganization, { body: { memberId: second!.id } });
});
afterAll(async () => {
  await platform?.stop();
});

describe('courses', () => {
  it('flags the platform’s and another organization’s open course read-only, as the writes refuse', async () => {
    // Another organization's course, published and passed by the platform: open to everyone,
    // so it is listed to this teacher too.
    const theirs = await otherTeacher.call(courseApi['edms.course.create'], {
      body: { title: '星火的公开课', published: true },
    });
    expect(theirs.manageable).toBe(true);
    await admin.call(courseApi['bms.course.pass'], { body: { id: theirs.id } });
    const mine = await teacher.call(courseApi['edms.course.create'], {
      body: { title: '本校的课' },
    });
    expect(mine.manageable).toBe(true);

    const page = await teacher.call(courseApi['edms.course.queryList'], {
      query: { size: 100 },
      body: {},
    });
    const row = (title: string) => page.content.find((c) => c.title === title)!;
    expect(row(PUBLIC_COURSE_NAME)).toMatchObject({ organizationId: null, manageable: false });
    expect(row('星火的公开课')).toMatchObject({ review: 'passed', manageable: false });
    expect(row('本校的课').manageable).toBe(true);
    expect(page.content.filter((c) => c.manageable).every((c) => c.organizationId !== null)).toBe(
      true,
    );

    for (const { id } of [row(PUBLIC_COURSE_NAME), row('星火的公开课')]) {
      const one = await teacher.call(courseApi['edms.course.queryById'], { query: { id } });
      expect(one.manageable).toBe(false);
      await forbidden(teacher.call(courseApi['edms.course.update'], { body: { id, sort: 5 } }));
      await forbidden(teacher.call(courseApi['edms.course.delete'], { body: { id } }));
      await forbidden(
        teacher.call(courseApi['edms.course.updateChapters'], { body: { id, chapterIds: [] } }),
      );
    }
    // The organization's admin manages the same rows as its teachers: the rule has no role in it.
    const byAdmin = await orgAdmin.call(courseApi['edms.course.queryById'], {
      query: { id: mine.id },
    });
    expect(byAdmin.manageable).toBe(true);
    const updated = await orgAdmin.call(courseApi['edms.course.update'], {
      body: { id: mine.id, sort: 7 },
    });
    expect(updated).toMatchObject({ sort: 7, manageable: true });

    // Platform staff manage every course; learners and visitors none.
    const all = await admin.call(courseApi['bms.course.queryList'], {
      query: { size: 100 },
      body: {},
    });
    expect(all.content.every((c) => c.manageable)).toBe(true);
    for (const reader of [student, visitor]) {
      const open = await reader.call(courseApi['course.queryList'], {
        query: { size: 100 },
        body: {},
      });
      expect(open.content.length).toBeGreaterThan(0);
      expect(open.content.some((c) => c.manageable)).toBe(false);
    }
  });
});

describe('chapters', () => {
  it('flags the platform’s chapters read-only, as the writes refuse', async () => {
    const mine = await teacher.call(chapterApi['edms.chapter.create'], {
      body: { title: '本校的单元' },
    });
    expect(mine.manageable).toBe(true);
    const page = await teacher.call(chapterApi['edms.chapter.queryList'], {
      query: { size: 100 },
      body: {},
    });
    const platformRows = page.content.filter((c) => c.organizationId === null);
    expect(platformRows.length).toBeGreaterThan(0);
    expect(platformRows.some((c) => c.manageable)).toBe(false);
    expect(page.content.find((c) => c.id === mine.id)?.manageable).toBe(true);

    const shared = platformRows[0]!;
    const one = await teacher.call(chapterApi['edms.chapter.queryById'], {
      query: { id: shared.id },
    });
    expect(one.manageable).toBe(false);
    await forbidden(
      teacher.call(chapterApi['edms.chapter.update'], { body: { id: shared.id, title: '改名' } }),
    );
    await forbidden(teacher.call(chapterApi['edms.chapter.delete'], { body: { id: shared.id } }));
    await forbidden(
      teacher.call(chapterApi['edms.chapter.updateQuestions'], {
        body: { id: shared.id, questionIds: [] },
      }),
    );

    const renamed = await orgAdmin.call(chapterApi['edms.chapter.update'], {
      body: { id: mine.id, title: '本校的单元（改）' },
    });
    expect(renamed.manageable).toBe(true);
    const byAdmin = await admin.call(chapterApi['bms.chapter.queryById'], {
      query: { id: shared.id },
    });
    expect(byAdmin.manageable).toBe(true);
    // A learner reads the same chapters and changes none (the un-prefixed area, by role).
    const learnerView = await student.call(chapterApi['chapter.queryById'], {
      query: { id: shared.id },
    });
    expect(learnerView.manageable).toBe(false);
  });

  it('flags a unit of another organization’s open course, read through it, as not theirs', async () => {
    const unit = await otherTeacher.call(chapterApi['edms.chapter.create'], {
      body: { title: '星火公开课的单元' },
    });
    const course = await otherTeacher.call(courseApi['edms.course.create'], {
      body: { title: '星火的第二门公开课', published: true },
    });
    await otherTeacher.call(courseApi['edms.course.updateChapters'], {
      body: { id: course.id, chapterIds: [unit.id] },
    });
    await admin.call(courseApi['bms.course.pass'], { body: { id: course.id } });
    const read = await teacher.call(chapterApi['chapter.queryById'], { query: { id: unit.id } });
    expect(read.manageable).toBe(false);
    const refused = await failureOf(
      teacher.call(chapterApi['chapter.update'], { body: { id: unit.id, title: '改名' } }),
    );
    // Their scope as staff does not see another organization's chapter: the write does not even
    // confirm it exists.
    expect(refused.code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('questions', () => {
  it('flags the platform bank read-only, as the writes refuse', async () => {
    const mine = await teacher.call(questionApi['edms.question.create'], { body: objective });
    expect(mine.manageable).toBe(true);
    const page = await teacher.call(questionApi['edms.question.queryList'], {
      query: { size: 100 },
      body: {},
    });
    const platformRows = page.content.filter((q) => q.organizationId === null);
    expect(platformRows.length).toBeGreaterThan(0);
    expect(platformRows.some((q) => q.manageable)).toBe(false);
    expect(page.content.find((q) => q.id === mine.id)?.manageable).toBe(true);

    const shared = platformRows.find((q) => q.publication === 'published')!;
    const one = await teacher.call(questionApi['edms.question.queryById'], {
      query: { id: shared.id },
    });
    expect(one.manageable).toBe(false);
    await forbidden(
      teacher.call(questionApi['edms.question.update'], {
        body: { id: shared.id, ...objective },
      }),
    );
    await forbidden(
      teacher.call(questionApi['edms.question.unpublish'], { body: { id: shared.id } }),
    );
    await forbidden(teacher.call(questionApi['edms.question.delete'], { body: { id: shared.id } }));

    // Their organization's question: any of its staff may move it, and the flag said so.
    const published = await orgAdmin.call(questionApi['edms.question.publish'], {
      body: { id: mine.id },
    });
    expect(published).toMatchObject({ publication: 'published', manageable: true });

    // A chapter's question list carries the same flag, row by row.
    const chapter = await teacher.call(chapterApi['edms.chapter.create'], {
      body: { title: '混合题目的单元' },
    });
    await teacher.call(chapterApi['edms.chapter.updateQuestions'], {
      body: { id: chapter.id, questionIds: [shared.id, mine.id] },
    });
    const listed = await teacher.call(chapterApi['edms.chapter.queryQuestionList'], {
      body: { id: chapter.id },
    });
    expect(listed.content.map((q) => [q.id, q.manageable])).toEqual([
      [shared.id, false],
      [mine.id, true],
    ]);

    const byAdmin = await admin.call(questionApi['bms.question.queryById'], {
      query: { id: shared.id },
    });
    expect(byAdmin.manageable).toBe(true);
  });
});

describe('papers', () => {
  it('flags the platform’s papers read-only for a teacher, as the writes refuse', async () => {
    const bank = await teacher.call(questionApi['edms.question.queryList'], {
      body: { type: 'single' },
    });
    const questions = [{ questionId: bank.content[0]!.id, score: 10 }];
    const platformPaper = await admin.call(examApi['bms.examPaper.create'], {
      body: { name: '平台的归属测试卷', durationMinutes: 30, questions },
    });
    expect(platformPaper.manageable).toBe(true);
    if (platformPaper.review !== 'passed') {
      await admin.call(examApi['bms.examPaper.pass'], { body: { id: platformPaper.id } });
    }
    const mine = await teacher.call(examApi['edms.examPaper.create'], {
      body: { name: '本校的归属测试卷', durationMinutes: 30, questions },
    });
    expect(mine.manageable).toBe(true);

    const page = await teacher.call(examApi['edms.examPaper.queryList'], {
      query: { size: 100 },
      body: {},
    });
    const row = (name: string) => page.content.find((p) => p.name === name)!;
    expect(row('平台的归属测试卷')).toMatchObject({ organizationId: null, manageable: false });
    expect(row('本校的归属测试卷').manageable).toBe(true);
    const one = await teacher.call(examApi['edms.examPaper.queryById'], {
      query: { id: platformPaper.id },
    });
    expect(one.manageable).toBe(false);
    await forbidden(
      teacher.call(examApi['edms.examPaper.update'], { body: { id: platformPaper.id, name: 'x' } }),
    );
    await forbidden(
      teacher.call(examApi['edms.examPaper.delete'], { body: { id: platformPaper.id } }),
    );
    // The organization's admin manages its teachers' papers, and the platform everyone's.
    const byAdmin = await orgAdmin.call(examApi['edms.examPaper.queryById'], {
      query: { id: mine.id },
    });
    expect(byAdmin.manageable).toBe(true);
    const byPlatform = await admin.call(examApi['bms.examPaper.queryById'], {
      query: { id: mine.id },
    });
    expect(byPlatform.manageable).toBe(true);
    const renamed = await teacher.call(examApi['edms.examPaper.update'], {
      body: { id: mine.id, name: '本校的归属测试卷（改）' },
    });
    expect(renamed.manageable).toBe(true);
  });
});
