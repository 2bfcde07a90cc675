/**
 * Courses over real HTTP (contract/course/calls.ts): the seeded curriculum as visitors,
 * learners and staff see it; writing courses and their units with the platform's review of an
 * organization's course; paid units bought through the order flow; a class following a course;
 * and the refusals (bad input naming the field, wrong role, another organization's chapter,
 * deleting a chapter a course uses).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts as accountsApi } from '../../src/contract/accounts/calls.ts';
import { chapter as chapterApi } from '../../src/contract/chapter/calls.ts';
import { course as courseApi } from '../../src/contract/course/calls.ts';
import { PUBLIC_COURSE_NAME } from '../../src/contract/course/units.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { grade as gradeApi } from '../../src/contract/grade/calls.ts';
import { memberQuestion } from '../../src/contract/member-question/calls.ts';
import { order as orderApi } from '../../src/contract/order/calls.ts';
import { question as questionApi } from '../../src/contract/question/calls.ts';
import type { Transport } from '../../src/transport/client.ts';
import type { ApiError } from '../../src/transport/errors.ts';
import { sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';

let platform: TestPlatform;
let visitor: Transport;
let admin: Transport;
let teacher: Transport;
let student: Transport;
let parent: Transport;
/** The demo teacher's account in the second organization (星火信奥工作室). */
let otherTeacher: Transport;

async function courseNamed(api: Transport, title: string) {
  const page = await api.call(courseApi['course.queryList'], { query: { size: 50 }, body: {} });
  return page.content.find((c) => c.title === title) ?? null;
}

const fieldsOf = (err: ApiError) => Object.keys(err.fieldErrors);

beforeAll(async () => {
  platform = await startTestPlatform();
  visitor = sdk(platform.apiUrl);
  admin = (await loginAs(platform, 'admin')).api;
  teacher = (await loginAs(platform, 'teacher')).api;
  student = (await loginAs(platform, 'student')).api;
  parent = (await loginAs(platform, 'parent')).api;
  otherTeacher = (await loginAs(platform, 'teacher')).api;
  const members = await otherTeacher.call(accountsApi['oj.member.queryMineTeacherList']);
  const me = await teacher.call(accountsApi['oj.member.queryCurrent']);
  const second = members.find((m) => m.organizationId !== me.organizationId);
  await otherTeacher.call(accountsApi.switchOrganization, { body: { memberId: second!.id } });
});
afterAll(async () => {
  await platform?.stop();
});

describe('the seeded curriculum', () => {
  it('shows the public course to a visitor with its units labelled 第N单元', async () => {
    const open = await courseNamed(visitor, PUBLIC_COURSE_NAME);
    expect(open).toMatchObject({ organizationId: null, review: 'passed', published: true });
    expect(open!.unitCount).toBe(7);
    const units = await visitor.call(courseApi['course.queryChapterList'], {
      body: { id: open!.id },
    });
    expect(units.map((u) => u.unitName)).toEqual([
      '第一单元',
      '第二单元',
      '第三单元',
      '第四单元',
      '第五单元',
      '第六单元',
      '第七单元',
    ]);
    expect(units[0]).toMatchObject({ title: '顺序结构与输入输出', access: 'free', solvedCount: 0 });
    expect(units[6]).toMatchObject({ priceFen: 1990, access: 'locked' });
    const notes = await visitor.call(courseApi['course.queryNotesById'], {
      query: { id: open!.id },
    });
    expect(notes.notes).toContain('## 怎样学');
  });

  it('filters by tag, level and the camp', async () => {
    const gesp = await visitor.call(courseApi['course.queryList'], {
      body: { camp: true },
      query: { size: 20 },
    });
    expect(gesp.content.map((c) => c.campLevel)).toEqual([1, 2, 3, 4]);
    const fun = await visitor.call(courseApi['course.queryList'], { body: { tag: '趣味编程' } });
    expect(fun.content.map((c) => c.title)).toEqual(['趣味 C++：用程序解谜']);
    const level = await visitor.call(courseApi['course.queryList'], {
      body: { level: '普及', camp: false },
    });
    expect(level.content.every((c) => c.level === '普及' && c.campLevel === null)).toBe(true);
    expect(level.totalElements).toBeGreaterThan(0);
  });

  it("keeps an organization's course awaiting review inside the organization", async () => {
    const title = '校本课：程序设计入门';
    expect(await courseNamed(visitor, title)).toBeNull();
    expect(await courseNamed(otherTeacher, title)).toBeNull();
    expect(await courseNamed(student, title)).toMatchObject({ review: 'reviewing' });
    const queue = await admin.call(courseApi['bms.course.queryList'], {
      body: { review: 'reviewing' },
    });
    expect(queue.content.map((c) => c.title)).toContain(title);
  });
});

describe('writing a course', () => {
  it('an organization writes a course, the platform reviews it, a change is reviewed again', async () => {
    const created = await teacher.call(courseApi['edms.course.create'], {
      body: {
        title: '星期六提高班',
        summary: '周末提高班的课程',
        tags: ['算法基础'],
        level: '提高',
        published: true,
      },
    });
    expect(created).toMatchObject({
      review: 'reviewing',
      unitCount: 0,
      organizationName: expect.any(String),
    });
    expect(await courseNamed(visitor, '星期六提高班')).toBeNull();

    const noReason = await failureOf(
      admin.call(courseApi['bms.course.reject'], { body: { id: created.id } as never }),
    );
    expect(noReason.code).toBe(ErrorCode.VALIDATION);
    const rejected = await admin.call(courseApi['bms.course.reject'], {
      body: { id: created.id, reason: '简介太短，请写清楚适合的学员' },
    });
    expect(rejected).toMatchObject({
      review: 'rejected',
      reviewReason: '简介太短，请写清楚适合的学员',
    });

    await teacher.call(courseApi['edms.course.update'], {
      body: { id: created.id, summary: '面向已学完语法、准备 CSP-J 复赛的同学' },
    });
    const passed = await admin.call(courseApi['bms.course.pass'], { body: { id: created.id } });
    expect(passed.review).toBe('passed');
    expect(await courseNamed(visitor, '星期六提高班')).not.toBeNull();

    // Reordering the list is not content; changing what learners read is.
    await teacher.call(courseApi['edms.course.update'], { body: { id: created.id, sort: 7 } });
    expect((await courseNamed(visitor, '星期六提高班'))?.sort).toBe(7);
    const changed = await teacher.call(courseApi['edms.course.update'], {
      body: { id: created.id, title: '星期六提高班（新版）' },
    });
    expect(changed.review).toBe('reviewing');
    expect(await courseNamed(visitor, '星期六提高班（新版）')).toBeNull();

    await admin.call(courseApi['bms.course.pass'], { body: { id: created.id } });
    const twice = await failureOf(
      admin.call(courseApi['bms.course.pass'], { body: { id: created.id } }),
    );
    expect(twice.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    expect(twice.message).toContain('已通过');
  });

  it('refuses what a course may not hold, naming the field', async () => {
    const badDict = await failureOf(
      teacher.call(courseApi['edms.course.create'], {
        body: { title: '标签不对的课', tags: ['语法入门', '不存在的标签'], level: '宇宙级' },
      }),
    );
    expect(badDict.code).toBe(ErrorCode.VALIDATION);
    expect(fieldsOf(badDict)).toEqual(['body.tags.1', 'body.level']);

    const badLevel = await failureOf(
      teacher.call(courseApi['edms.course.create'], { body: { title: 'x', campLevel: 9 } }),
    );
    expect(fieldsOf(badLevel)).toEqual(['body.campLevel']);

    const duplicate = await failureOf(
      admin.call(courseApi['bms.course.create'], { body: { title: PUBLIC_COURSE_NAME } }),
    );
    expect(fieldsOf(duplicate)).toEqual(['body.title']);

    const noCover = await failureOf(
      teacher.call(courseApi['edms.course.create'], {
        body: { title: '封面丢了的课', cover: 'no-such-file.png' },
      }),
    );
    expect(fieldsOf(noCover)).toEqual(['body.cover']);
  });

  it('refuses learners, and teachers on the platform’s or another organization’s course', async () => {
    const open = (await courseNamed(visitor, PUBLIC_COURSE_NAME))!;
    const learner = await failureOf(
      student.call(courseApi['course.create'], { body: { title: '学生的课' } }),
    );
    expect(learner.code).toBe(ErrorCode.FORBIDDEN);
    const platformCourse = await failureOf(
      teacher.call(courseApi['edms.course.update'], { body: { id: open.id, summary: '改一下' } }),
    );
    expect(platformCourse.code).toBe(ErrorCode.FORBIDDEN);
    const school = (await courseNamed(teacher, '校本课：程序设计入门'))!;
    const foreign = await failureOf(
      otherTeacher.call(courseApi['edms.course.delete'], { body: { id: school.id } }),
    );
    expect(foreign.code).toBe(ErrorCode.NOT_FOUND);
    const platformPass = await failureOf(
      admin.call(courseApi['bms.course.pass'], { body: { id: open.id } }),
    );
    expect(platformPass.code).toBe(ErrorCode.CONFLICT);
  });

  it('arranges units: the platform’s or its own chapters, at most 30, none twice', async () => {
    const mine = await teacher.call(chapterApi['edms.chapter.create'], {
      body: { title: '本机构的单元' },
    });
    const theirs = await otherTeacher.call(chapterApi['edms.chapter.create'], {
      body: { title: '星火的单元' },
    });
    const open = (await courseNamed(visitor, PUBLIC_COURSE_NAME))!;
    const platformUnits = await visitor.call(courseApi['course.queryChapterList'], {
      body: { id: open.id },
    });
    const course = await teacher.call(courseApi['edms.course.create'], {
      body: { title: '拼起来的课', published: true },
    });
    const refused = await failureOf(
      teacher.call(courseApi['edms.course.updateChapters'], {
        body: { id: course.id, chapterIds: [mine.id, theirs.id, 999_999] },
      }),
    );
    expect(fieldsOf(refused)).toEqual(['body.chapterIds.1', 'body.chapterIds.2']);
    expect(refused.message).toContain('其他机构');

    const tooMany = await failureOf(
      teacher.call(courseApi['edms.course.updateChapters'], {
        body: { id: course.id, chapterIds: Array.from({ length: 31 }, (_, i) => i + 1) },
      }),
    );
    expect(fieldsOf(tooMany)).toEqual(['body.chapterIds']);
    const twice = await failureOf(
      teacher.call(courseApi['edms.course.updateChapters'], {
        body: { id: course.id, chapterIds: [mine.id, mine.id] },
      }),
    );
    expect(fieldsOf(twice)).toEqual(['body.chapterIds']);

    const units = await teacher.call(courseApi['edms.course.updateChapters'], {
      body: { id: course.id, chapterIds: [platformUnits[1]!.chapterId, mine.id] },
    });
    expect(units.map((u) => [u.unitName, u.title])).toEqual([
      ['第一单元', '分支结构'],
      ['第二单元', '本机构的单元'],
    ]);
    expect(units.every((u) => u.access === 'free')).toBe(true);

    const inUse = await failureOf(
      teacher.call(chapterApi['edms.chapter.delete'], { body: { id: mine.id } }),
    );
    expect(inUse.code).toBe(ErrorCode.CONFLICT);
    expect(inUse.message).toContain('拼起来的课');
  });
});

describe('learning a course', () => {
  it('counts the questions a learner solves in each unit', async () => {
    const open = (await courseNamed(student, PUBLIC_COURSE_NAME))!;
    const before = await student.call(courseApi['course.queryChapterList'], {
      body: { id: open.id },
    });
    const questions = await student.call(chapterApi['oj.chapter.queryQuestion'], {
      body: { id: before[0]!.chapterId },
    });
    const objective = questions.content.find((q) => q.type === 'single')!;
    // question:1 of seed/questions.json: 7 / 2 in C++ is 3, option B.
    await student.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId: objective.id, answer: '0100' },
    });
    const after = await student.call(courseApi['course.queryChapterList'], {
      body: { id: open.id },
    });
    expect(after[0]!.solvedCount).toBe(before[0]!.solvedCount + 1);
    expect((await courseNamed(student, PUBLIC_COURSE_NAME))!.solvedCount).toBe(
      open.solvedCount + 1,
    );
    // Staff and visitors carry no progress of their own.
    expect((await courseNamed(visitor, PUBLIC_COURSE_NAME))!.solvedCount).toBe(0);
  });

  it('opens a paid unit once bought, not before, and never sells it twice', async () => {
    const open = (await courseNamed(parent, PUBLIC_COURSE_NAME))!;
    const paid = (
      await parent.call(courseApi['course.queryChapterList'], { body: { id: open.id } })
    )[6]!;
    expect(paid.access).toBe('locked');
    const locked = await failureOf(
      parent.call(chapterApi['oj.chapter.queryQuestion'], { body: { id: paid.chapterId } }),
    );
    expect(locked.code).toBe(ErrorCode.FORBIDDEN);
    expect(locked.message).toContain('付费');
    const detail = await parent.call(chapterApi['chapter.queryById'], {
      query: { id: paid.chapterId },
    });
    expect(detail).toMatchObject({ access: 'locked', pdfUrl: null, videoUrl: null });

    const free = (
      await parent.call(courseApi['course.queryChapterList'], { body: { id: open.id } })
    )[0]!;
    const notForSale = await failureOf(
      parent.call(courseApi['oj.chapter.buy'], { query: { id: free.chapterId } }),
    );
    expect(notForSale.code).toBe(ErrorCode.CONFLICT);

    const placed = await parent.call(courseApi['oj.chapter.buy'], {
      query: { id: paid.chapterId },
    });
    expect(placed).toMatchObject({ kind: 'chapter', amountFen: 1990, state: 'awaitingPayment' });
    const again = await parent.call(courseApi['oj.chapter.buy'], { query: { id: paid.chapterId } });
    expect(again.id).toBe(placed.id);

    // The parent's wallet is empty: paying from it is refused and nothing opens.
    const broke = await failureOf(
      parent.call(orderApi['oj.member.order.payment'], {
        body: { id: placed.id, method: 'wallet' },
      }),
    );
    expect(broke.code).toBe(ErrorCode.INSUFFICIENT_BALANCE);
    expect(
      (await parent.call(courseApi['course.queryChapterList'], { body: { id: open.id } }))[6]!
        .access,
    ).toBe('locked');
  });

  it('a learner with money buys it and studies it; staff open it without buying', async () => {
    const open = (await courseNamed(student, PUBLIC_COURSE_NAME))!;
    const paid = (
      await student.call(courseApi['course.queryChapterList'], { body: { id: open.id } })
    )[6]!;
    const placed = await student.call(courseApi['oj.chapter.buy'], {
      query: { id: paid.chapterId },
    });
    await student.call(orderApi['oj.member.order.payment'], {
      body: { id: placed.id, method: 'wallet' },
    });
    const units = await student.call(courseApi['course.queryChapterList'], {
      body: { id: open.id },
    });
    expect(units[6]!.access).toBe('bought');
    const questions = await student.call(chapterApi['oj.chapter.queryQuestion'], {
      body: { id: paid.chapterId },
    });
    expect(questions.totalElements).toBe(7);
    const twice = await failureOf(
      student.call(courseApi['oj.chapter.buy'], { query: { id: paid.chapterId } }),
    );
    expect(twice.code).toBe(ErrorCode.CONFLICT);
    expect(twice.message).toContain('已购买');

    const staff = await teacher.call(courseApi['edms.course.queryChapterList'], {
      body: { id: open.id },
    });
    expect(staff[6]!.access).toBe('staff');
  });

  it('hands out the handout through a URL only to readers who may open the unit', async () => {
    const open = (await courseNamed(student, PUBLIC_COURSE_NAME))!;
    const first = (
      await student.call(courseApi['course.queryChapterList'], { body: { id: open.id } })
    )[0]!;
    expect(first.hasPdf).toBe(true);
    const detail = await student.call(chapterApi['chapter.queryById'], {
      query: { id: first.chapterId },
    });
    expect(detail.access).toBe('free');
    expect(detail.pdfUrl).toMatch(/common\/file\//);
  });
});

describe('a paid question', () => {
  it('withholds its statement and answers until bought, then opens', async () => {
    const created = await admin.call(questionApi['bms.question.create'], {
      body: {
        type: 'single',
        title: '付费题：1 + 2 = ?',
        content: '求 1 + 2。',
        options: [
          { label: 'A', text: '2' },
          { label: 'B', text: '3' },
        ],
        answer: '01',
        priceFen: 500,
      },
    });
    expect(created.priceFen).toBe(500);
    await admin.call(questionApi['bms.question.publish'], { body: { id: created.id } });

    const locked = await student.call(questionApi['oj.question.queryById'], {
      query: { id: created.id },
    });
    expect(locked).toMatchObject({ access: 'locked', priceFen: 500, content: '', options: [] });
    const refused = await failureOf(
      student.call(memberQuestion['memberQuestion.submitAnswer'], {
        body: { questionId: created.id, answer: '01' },
      }),
    );
    expect(refused.code).toBe(ErrorCode.FORBIDDEN);
    expect(refused.message).toContain('付费');

    const placed = await student.call(courseApi['oj.question.buy'], { query: { id: created.id } });
    expect(placed).toMatchObject({ kind: 'question', amountFen: 500 });
    await student.call(orderApi['oj.member.order.payment'], {
      body: { id: placed.id, method: 'wallet' },
    });
    const open = await student.call(questionApi['oj.question.queryById'], {
      query: { id: created.id },
    });
    expect(open).toMatchObject({ access: 'bought', content: '求 1 + 2。' });
    const graded = await student.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId: created.id, answer: '01' },
    });
    expect(graded.verdict).toBe('AC');

    const unknown = await failureOf(
      student.call(courseApi['oj.question.buy'], { query: { id: 999_999 } }),
    );
    expect(unknown.code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('a class following a course', () => {
  it('fills the syllabus from the course; another organization’s course is refused', async () => {
    const grades = await teacher.call(gradeApi['edms.grade.queryList'], { body: {} });
    const grade = grades.content[0]!;
    const open = (await courseNamed(teacher, PUBLIC_COURSE_NAME))!;
    const syllabus = await teacher.call(gradeApi['edms.grade.updateChapters'], {
      body: { id: grade.id, courseId: open.id },
    });
    expect(syllabus.map((c) => c.title)).toEqual(
      (
        await teacher.call(courseApi['edms.course.queryChapterList'], { body: { id: open.id } })
      ).map((u) => u.title),
    );
    const bound = await teacher.call(courseApi['edms.course.queryByGrade'], {
      query: { gradeId: grade.id },
    });
    expect(bound?.title).toBe(PUBLIC_COURSE_NAME);

    const foreign = await otherTeacher.call(courseApi['edms.course.create'], {
      body: { title: '星火的课' },
    });
    const refused = await failureOf(
      teacher.call(gradeApi['edms.grade.updateChapters'], {
        body: { id: grade.id, courseId: foreign.id },
      }),
    );
    expect(fieldsOf(refused)).toEqual(['body.courseId']);
    const both = await failureOf(
      teacher.call(gradeApi['edms.grade.updateChapters'], {
        body: { id: grade.id, courseId: open.id, chapterIds: [] },
      }),
    );
    expect(both.code).toBe(ErrorCode.VALIDATION);

    const unbound = await teacher.call(gradeApi['edms.grade.updateChapters'], {
      body: { id: grade.id, courseId: null },
    });
    expect(unbound).toHaveLength(syllabus.length);
    expect(
      await teacher.call(courseApi['edms.course.queryByGrade'], { query: { gradeId: grade.id } }),
    ).toBeNull();
  });
});

describe("an organization's course open to everyone", () => {
  it('opens its own units and questions to outside learners while passed and published', async () => {
    const own = await teacher.call(questionApi['edms.question.create'], {
      body: {
        type: 'single',
        title: '校本题：2 + 2 = ?',
        content: '求 2 + 2。',
        options: [
          { label: 'A', text: '4' },
          { label: 'B', text: '5' },
        ],
        answer: '10',
      },
    });
    await teacher.call(questionApi['edms.question.publish'], { body: { id: own.id } });
    const unit = await teacher.call(chapterApi['edms.chapter.create'], {
      body: { title: '校本单元：加法', notes: '两数相加。' },
    });
    await teacher.call(chapterApi['edms.chapter.updateQuestions'], {
      body: { id: unit.id, questionIds: [own.id] },
    });
    const course = await teacher.call(courseApi['edms.course.create'], {
      body: { title: '校本公开课：加法', published: true },
    });
    await teacher.call(courseApi['edms.course.updateChapters'], {
      body: { id: course.id, chapterIds: [unit.id] },
    });
    // The second organization's teacher reads the learner's area as any learner outside does.
    const outside = {
      unit: () => otherTeacher.call(chapterApi['chapter.queryById'], { query: { id: unit.id } }),
      questions: () =>
        otherTeacher.call(chapterApi['oj.chapter.queryQuestion'], { body: { id: unit.id } }),
      question: () =>
        otherTeacher.call(questionApi['oj.question.queryById'], { query: { id: own.id } }),
    };
    for (const read of Object.values(outside)) {
      expect((await failureOf(read())).code).toBe(ErrorCode.NOT_FOUND);
    }

    await admin.call(courseApi['bms.course.pass'], { body: { id: course.id } });
    expect(await outside.unit()).toMatchObject({ title: '校本单元：加法', access: 'free' });
    expect((await outside.questions()).content.map((q) => q.id)).toEqual([own.id]);
    expect(await outside.question()).toMatchObject({
      title: '校本题：2 + 2 = ?',
      content: '求 2 + 2。',
    });
    const graded = await otherTeacher.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId: own.id, answer: '10' },
    });
    expect(graded.verdict).toBe('AC');

    // Open to learners is not the other organization's bank: not listed, not collected.
    const bank = await otherTeacher.call(chapterApi['edms.chapter.queryList'], {
      query: { size: 100 },
      body: {},
    });
    expect(bank.content.map((c) => c.id)).not.toContain(unit.id);
    const theirs = await otherTeacher.call(chapterApi['edms.chapter.create'], {
      body: { title: '星火单元' },
    });
    const collected = await failureOf(
      otherTeacher.call(chapterApi['edms.chapter.updateQuestions'], {
        body: { id: theirs.id, questionIds: [own.id] },
      }),
    );
    expect(fieldsOf(collected)).toEqual(['body.questionIds.0']);

    await teacher.call(courseApi['edms.course.update'], {
      body: { id: course.id, published: false },
    });
    for (const read of Object.values(outside)) {
      expect((await failureOf(read())).code).toBe(ErrorCode.NOT_FOUND);
    }
  });
});
