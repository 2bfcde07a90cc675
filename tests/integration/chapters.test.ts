/**
 * Chapters over real HTTP (contract/calls/chapter.ts): CRUD in each area, the ordered question
 * list, the learner's progress and the teacher's statistics per chapter, and the failures
 * (bad input naming the field, wrong role, another organization's chapter, foreign questions,
 * deleting a question a chapter uses).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts as accountsApi } from '../../src/contract/accounts/calls.ts';
import { chapter as chapterApi } from '../../src/contract/chapter/calls.ts';
import { question as questionApi } from '../../src/contract/question/calls.ts';
import { memberQuestion } from '../../src/contract/member-question/calls.ts';
import * as ch from '../../src/contract/chapter/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import type { Transport } from '../../src/transport/client.ts';
import { seedChapters } from '../../src/server/seed/chapters.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';
import { failureOf } from '../support/errors.ts';

let platform: TestPlatform;
let admin: Transport;
let teacher: Transport;
let orgAdmin: Transport;
let student: Transport;
/** The demo teacher's second account, in the other organization (星火信奥工作室). */
let otherTeacher: Transport;
let organizationId: number;

/** The id of a seeded platform question by its exact title. */
async function seededId(title: string): Promise<number> {
  const page = await admin.call(questionApi['bms.question.queryList'], {
    query: { size: 50 },
    body: { keyword: title, bank: 'platform' },
  });
  const found = page.content.find((q) => q.title === title);
  if (!found) throw new Error(`no seeded question titled ${title}`);
  return found.id;
}

const objective = {
  type: 'single' as const,
  title: '章节测试：1 + 1 = ?',
  options: [
    { label: 'A' as const, text: '1' },
    { label: 'B' as const, text: '2' },
  ],
  answer: '01',
};

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await loginAs(platform, 'admin')).api;
  const t = await loginAs(platform, 'teacher');
  teacher = t.api;
  organizationId = t.user.organizationId;
  orgAdmin = (await loginAs(platform, 'orgAdmin')).api;
  student = (await loginAs(platform, 'student')).api;
  otherTeacher = (await loginAs(platform, 'teacher')).api;
  const accounts = await otherTeacher.call(accountsApi['oj.member.queryMineTeacherList']);
  const second = accounts.find((m) => m.organizationId !== organizationId);
  await otherTeacher.call(accountsApi.switchOrganization, { body: { memberId: second!.id } });
});
afterAll(async () => {
  await platform?.stop();
});

describe('seeded demo chapters', () => {
  it('group seeded questions in the demo organization, in order', async () => {
    const list = await teacher.call(chapterApi['edms.chapter.queryList'], {
      body: { bank: 'organization' },
    });
    const titles = list.content.map((c) => c.title);
    expect(titles.slice(0, 2)).toEqual(['入门：顺序结构', '分支结构入门']);
    const unit1 = list.content[0]!;
    expect(unit1).toMatchObject({ organizationId, questionCount: 5 });
    const questions = await teacher.call(chapterApi['edms.chapter.queryQuestionList'], {
      body: { id: unit1.id },
    });
    expect(questions.content.map((q) => q.position)).toEqual([1, 2, 3, 4, 5]);
    expect(questions.content[0]!.title).toBe('A+B 问题');
    expect(questions.content[4]!.title).toBe('圆的周长与面积');
    // The other organization has no demo chapters.
    const other = await otherTeacher.call(chapterApi['edms.chapter.queryList'], {
      body: { bank: 'organization' },
    });
    expect(other.totalElements).toBe(0);
  });
  it('are seeded once: a second run adds nothing and keeps a teacher’s changes', async () => {
    const unit2 = (
      await teacher.call(chapterApi['edms.chapter.queryList'], {
        body: { keyword: '分支结构入门', bank: 'organization' },
      })
    ).content[0]!;
    const kept = await teacher.call(chapterApi['edms.chapter.queryQuestionList'], {
      body: { id: unit2.id },
    });
    const reordered = kept.content.map((q) => q.id).reverse();
    await teacher.call(chapterApi['edms.chapter.updateQuestions'], {
      body: { id: unit2.id, questionIds: reordered },
    });
    const client = await platform.pool.connect();
    try {
      expect(await seedChapters(client)).toBe(0);
    } finally {
      client.release();
    }
    const after = await teacher.call(chapterApi['edms.chapter.queryQuestionList'], {
      body: { id: unit2.id },
    });
    expect(after.content.map((q) => q.id)).toEqual(reordered);
  });
});

describe('teachers (edms)', () => {
  it('create, read, list, update and delete their organization’s chapters', async () => {
    const created = await teacher.call(chapterApi['edms.chapter.create'], {
      body: { title: '  第九单元 数组  ', notes: '## 目标\n\n会用数组', sort: 9 },
    });
    expect(created).toMatchObject({
      title: '第九单元 数组',
      notes: '## 目标\n\n会用数组',
      sort: 9,
      organizationId,
      questionCount: 0,
      status: 'active',
    });
    expect(
      (await teacher.call(chapterApi['edms.chapter.queryById'], { query: { id: created.id } })).id,
    ).toBe(created.id);
    const found = await teacher.call(chapterApi['edms.chapter.queryList'], {
      body: { keyword: '数组' },
    });
    expect(found.content.map((c) => c.id)).toContain(created.id);
    const simple = await teacher.call(chapterApi['edms.chapter.querySimpleList'], {
      query: { size: 100 },
      body: {},
    });
    expect(simple.content.find((c) => c.id === created.id)).toEqual({
      id: created.id,
      title: '第九单元 数组',
      questionCount: 0,
    });
    const updated = await teacher.call(chapterApi['edms.chapter.update'], {
      body: { id: created.id, title: '第九单元 一维数组', notes: '', sort: 3 },
    });
    expect(updated).toMatchObject({ title: '第九单元 一维数组', notes: '', sort: 3 });

    await teacher.call(chapterApi['edms.chapter.delete'], { body: { id: created.id } });
    const gone = await failureOf(
      teacher.call(chapterApi['edms.chapter.queryById'], { query: { id: created.id } }),
    );
    expect(gone.code).toBe(ErrorCode.NOT_FOUND);
    const again = await failureOf(
      teacher.call(chapterApi['edms.chapter.delete'], { body: { id: created.id } }),
    );
    expect(again.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('refuse bad input naming the field in Chinese', async () => {
    const empty = await failureOf(
      teacher.call(chapterApi['edms.chapter.create'], { body: { title: '   ' } }),
    );
    expect(empty.code).toBe(ErrorCode.VALIDATION);
    expect(empty.fieldErrors['body.title']).toBe('章节标题不能为空');
    const sort = await failureOf(
      teacher.call(chapterApi['edms.chapter.create'], { body: { title: '甲', sort: -1 } }),
    );
    expect(sort.fieldErrors['body.sort']).toBe('排序不能小于 0');
    const long = await failureOf(
      teacher.call(chapterApi['edms.chapter.create'], { body: { title: '章'.repeat(101) } }),
    );
    expect(long.message).toContain('body.title');
    expect(long.message).toContain('章节标题最多 100 个字符');
  });

  it('cannot see another organization’s chapter', async () => {
    const foreign = await otherTeacher.call(chapterApi['edms.chapter.create'], {
      body: { title: '星火专用章节' },
    });
    for (const attempt of [
      () => teacher.call(chapterApi['edms.chapter.queryById'], { query: { id: foreign.id } }),
      () =>
        teacher.call(chapterApi['edms.chapter.update'], {
          body: { id: foreign.id, title: '改掉' },
        }),
      () => teacher.call(chapterApi['edms.chapter.delete'], { body: { id: foreign.id } }),
      () =>
        teacher.call(chapterApi['edms.chapter.queryQuestionList'], { body: { id: foreign.id } }),
      () =>
        teacher.call(chapterApi['edms.chapter.updateQuestions'], {
          body: { id: foreign.id, questionIds: [] },
        }),
      () => student.call(chapterApi['oj.chapter.queryQuestion'], { body: { id: foreign.id } }),
      () =>
        teacher.call(chapterApi['memberQuestion.queryQuestionStatisticsByChapter'], {
          body: { chapterId: foreign.id },
        }),
    ]) {
      expect((await failureOf(attempt())).code).toBe(ErrorCode.NOT_FOUND);
    }
    const list = await teacher.call(chapterApi['edms.chapter.queryList'], {
      query: { size: 100 },
      body: {},
    });
    expect(list.content.map((c) => c.id)).not.toContain(foreign.id);
  });
});

describe('platform chapters (bms)', () => {
  it('are written by platform admins, read by teachers, and refused to others', async () => {
    const created = await admin.call(chapterApi['bms.chapter.create'], {
      body: { title: '平台章节：输入输出' },
    });
    expect(created.organizationId).toBeNull();
    const aPlusB = await seededId('A+B 问题');
    await admin.call(chapterApi['bms.chapter.updateQuestions'], {
      body: { id: created.id, questionIds: [aPlusB] },
    });
    expect(
      (await admin.call(chapterApi['bms.chapter.queryById'], { query: { id: created.id } }))
        .questionCount,
    ).toBe(1);
    expect(
      (
        await admin.call(chapterApi['bms.chapter.querySimpleList'], {
          query: { size: 100 },
          body: {},
        })
      ).content.map((c) => c.id),
    ).toContain(created.id);

    // A teacher reads it (and learners through the app area) but cannot change it.
    expect(
      (await teacher.call(chapterApi['edms.chapter.queryById'], { query: { id: created.id } }))
        .title,
    ).toBe('平台章节：输入输出');
    expect(
      (await student.call(chapterApi['chapter.queryById'], { query: { id: created.id } })).id,
    ).toBe(created.id);
    for (const attempt of [
      () =>
        teacher.call(chapterApi['edms.chapter.update'], {
          body: { id: created.id, title: '改掉' },
        }),
      () => teacher.call(chapterApi['chapter.delete'], { body: { id: created.id } }),
      () =>
        teacher.call(chapterApi['edms.chapter.updateQuestions'], {
          body: { id: created.id, questionIds: [] },
        }),
    ]) {
      expect((await failureOf(attempt())).code).toBe(ErrorCode.FORBIDDEN);
    }
    // The back office is platform staff only.
    for (const attempt of [
      () => teacher.call(chapterApi['bms.chapter.create'], { body: { title: '越权' } }),
      () => orgAdmin.call(chapterApi['bms.chapter.queryList'], { body: {} }),
      () => student.call(chapterApi['bms.chapter.queryById'], { query: { id: created.id } }),
    ]) {
      expect((await failureOf(attempt())).code).toBe(ErrorCode.FORBIDDEN);
    }

    // A platform chapter holds platform questions only: its learners are in every organization.
    const own = await teacher.call(questionApi['edms.question.create'], {
      body: { ...objective, title: '机构题 X' },
    });
    const refused = await failureOf(
      admin.call(chapterApi['bms.chapter.updateQuestions'], {
        body: { id: created.id, questionIds: [own.id] },
      }),
    );
    expect(refused.code).toBe(ErrorCode.VALIDATION);
    expect(refused.fieldErrors['body.questionIds.0']).toContain(`题目 ${own.id}`);

    await admin.call(chapterApi['bms.chapter.delete'], { body: { id: created.id } });
    const gone = await failureOf(
      teacher.call(chapterApi['edms.chapter.queryById'], { query: { id: created.id } }),
    );
    expect(gone.code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('the un-prefixed area', () => {
  it('lets teachers and organization admins write, and members only read', async () => {
    const created = await orgAdmin.call(chapterApi['chapter.create'], {
      body: { title: '机构管理员的章节' },
    });
    expect(created.organizationId).toBe(organizationId);
    const updated = await teacher.call(chapterApi['chapter.update'], {
      body: { id: created.id, title: '教练改过的章节', sort: 5 },
    });
    expect(updated.title).toBe('教练改过的章节');

    expect(
      (await student.call(chapterApi['chapter.queryById'], { query: { id: created.id } })).title,
    ).toBe('教练改过的章节');
    const listed = await student.call(chapterApi['chapter.queryList'], {
      query: { size: 100 },
      body: {},
    });
    expect(listed.content.map((c) => c.id)).toContain(created.id);
    expect(
      (await student.call(chapterApi['chapter.queryQuestionList'], { body: { id: created.id } }))
        .totalElements,
    ).toBe(0);

    for (const attempt of [
      () => student.call(chapterApi['chapter.create'], { body: { title: '学生想建章节' } }),
      () =>
        student.call(chapterApi['chapter.update'], { body: { id: created.id, title: '学生改' } }),
      () => student.call(chapterApi['chapter.delete'], { body: { id: created.id } }),
      () =>
        student.call(chapterApi['chapter.updateQuestions'], {
          body: { id: created.id, questionIds: [] },
        }),
      () => student.call(chapterApi['edms.chapter.queryList'], { body: {} }),
      () =>
        student.call(chapterApi['memberQuestion.queryQuestionStatisticsByChapter'], {
          body: { chapterId: created.id },
        }),
    ]) {
      expect((await failureOf(attempt())).code).toBe(ErrorCode.FORBIDDEN);
    }
    await teacher.call(chapterApi['chapter.delete'], { body: { id: created.id } });
  });
});

describe('updateQuestions', () => {
  it('replaces the list in the given order, with platform and own questions', async () => {
    const chapter = await teacher.call(chapterApi['edms.chapter.create'], {
      body: { title: '排序测试' },
    });
    const own = await teacher.call(questionApi['edms.question.create'], {
      body: { ...objective, title: '机构题 Y' },
    });
    const [a, b, c] = await Promise.all([
      seededId('判断奇偶'),
      seededId('A+B 问题'),
      seededId('闰年判断'),
    ]);
    const answer = await teacher.call(chapterApi['edms.chapter.updateQuestions'], {
      body: { id: chapter.id, questionIds: [c, own.id, a, b] },
    });
    expect(answer).toEqual({ id: chapter.id, questionIds: [c, own.id, a, b] });
    const page1 = await teacher.call(chapterApi['edms.chapter.queryQuestionList'], {
      query: { page: 0, size: 3 },
      body: { id: chapter.id },
    });
    expect(page1.totalElements).toBe(4);
    expect(page1.content.map((q) => [q.position, q.id])).toEqual([
      [1, c],
      [2, own.id],
      [3, a],
    ]);
    const page2 = await teacher.call(chapterApi['edms.chapter.queryQuestionList'], {
      query: { page: 1, size: 3 },
      body: { id: chapter.id },
    });
    expect(page2.content.map((q) => [q.position, q.id])).toEqual([[4, b]]);

    await teacher.call(chapterApi['chapter.updateQuestions'], {
      body: { id: chapter.id, questionIds: [b, a] },
    });
    const replaced = await teacher.call(chapterApi['edms.chapter.queryQuestionList'], {
      body: { id: chapter.id },
    });
    expect(replaced.content.map((q) => q.id)).toEqual([b, a]);
    expect(
      (await teacher.call(chapterApi['edms.chapter.queryById'], { query: { id: chapter.id } }))
        .questionCount,
    ).toBe(2);

    await teacher.call(chapterApi['edms.chapter.updateQuestions'], {
      body: { id: chapter.id, questionIds: [] },
    });
    expect(
      (
        await teacher.call(chapterApi['edms.chapter.queryQuestionList'], {
          body: { id: chapter.id },
        })
      ).totalElements,
    ).toBe(0);
  });

  it('refuses unknown, foreign and duplicate questions and too long a list', async () => {
    const chapter = await teacher.call(chapterApi['edms.chapter.create'], {
      body: { title: '校验测试' },
    });
    const aPlusB = await seededId('A+B 问题');
    await teacher.call(chapterApi['edms.chapter.updateQuestions'], {
      body: { id: chapter.id, questionIds: [aPlusB] },
    });

    const unknown = await failureOf(
      teacher.call(chapterApi['edms.chapter.updateQuestions'], {
        body: { id: chapter.id, questionIds: [aPlusB, 999_999] },
      }),
    );
    expect(unknown.code).toBe(ErrorCode.VALIDATION);
    expect(unknown.fieldErrors).toEqual({
      'body.questionIds.1': '题目 999999 不存在或不能收录到本章节',
    });

    const foreign = await otherTeacher.call(questionApi['edms.question.create'], {
      body: { ...objective, title: '星火的题' },
    });
    const refused = await failureOf(
      teacher.call(chapterApi['edms.chapter.updateQuestions'], {
        body: { id: chapter.id, questionIds: [foreign.id] },
      }),
    );
    expect(refused.fieldErrors['body.questionIds.0']).toBe(
      `题目 ${foreign.id} 不存在或不能收录到本章节`,
    );

    const duplicate = await failureOf(
      teacher.call(chapterApi['edms.chapter.updateQuestions'], {
        body: { id: chapter.id, questionIds: [aPlusB, aPlusB] },
      }),
    );
    expect(duplicate.fieldErrors['body.questionIds']).toBe('题目不能重复');

    const tooMany = Array.from({ length: ch.MAX_CHAPTER_QUESTIONS + 1 }, (_, i) => i + 1);
    const long = await failureOf(
      teacher.call(chapterApi['edms.chapter.updateQuestions'], {
        body: { id: chapter.id, questionIds: tooMany },
      }),
    );
    expect(long.fieldErrors['body.questionIds']).toBe('每个章节最多 200 道题');

    const badId = await failureOf(
      teacher.call(chapterApi['edms.chapter.updateQuestions'], {
        body: { id: chapter.id, questionIds: [0] },
      }),
    );
    expect(Object.keys(badId.fieldErrors)).toEqual(['body.questionIds.0']);

    // Nothing refused was written.
    const kept = await teacher.call(chapterApi['edms.chapter.queryQuestionList'], {
      body: { id: chapter.id },
    });
    expect(kept.content.map((q) => q.id)).toEqual([aPlusB]);
  });
});

describe('deleting a question a chapter uses', () => {
  it('is refused naming the chapter until the chapter lets it go', async () => {
    const question = await teacher.call(questionApi['edms.question.create'], {
      body: { ...objective, title: '被章节使用的题' },
    });
    const chapter = await teacher.call(chapterApi['edms.chapter.create'], {
      body: { title: '占用题目的章节' },
    });
    await teacher.call(chapterApi['edms.chapter.updateQuestions'], {
      body: { id: chapter.id, questionIds: [question.id] },
    });
    const conflict = await failureOf(
      teacher.call(questionApi['edms.question.delete'], { body: { id: question.id } }),
    );
    expect(conflict.code).toBe(ErrorCode.CONFLICT);
    expect(conflict.message).toContain('占用题目的章节');
    // Still there.
    expect(
      (await teacher.call(questionApi['edms.question.queryById'], { query: { id: question.id } }))
        .id,
    ).toBe(question.id);

    // A deleted chapter no longer holds it.
    await teacher.call(chapterApi['edms.chapter.delete'], { body: { id: chapter.id } });
    await teacher.call(questionApi['edms.question.delete'], { body: { id: question.id } });
    const gone = await failureOf(
      teacher.call(questionApi['edms.question.queryById'], { query: { id: question.id } }),
    );
    expect(gone.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('protects the seeded chapters’ platform questions too', async () => {
    const aPlusB = await seededId('A+B 问题');
    const conflict = await failureOf(
      admin.call(questionApi['bms.question.delete'], { body: { id: aPlusB } }),
    );
    expect(conflict.code).toBe(ErrorCode.CONFLICT);
    // The first chapter holding it: the platform curriculum's (seed/courses.ts) comes first.
    expect(conflict.message).toContain('顺序结构与输入输出');
  });
});

describe('progress and statistics by chapter', () => {
  it('show the learner their latest result and the teacher each question’s figures', async () => {
    const chapter = await teacher.call(chapterApi['edms.chapter.create'], {
      body: { title: '统计测试' },
    });
    const q1 = await teacher.call(questionApi['edms.question.create'], {
      body: { ...objective, title: '统计题一' },
    });
    const q2 = await teacher.call(questionApi['edms.question.create'], {
      body: { ...objective, title: '统计题二' },
    });
    const q3 = await teacher.call(questionApi['edms.question.create'], {
      body: { ...objective, title: '统计题三' },
    });
    await teacher.call(chapterApi['edms.chapter.updateQuestions'], {
      body: { id: chapter.id, questionIds: [q2.id, q1.id, q3.id] },
    });
    // New questions are drafts; learners answer them once published.
    for (const q of [q1, q2, q3]) {
      await teacher.call(questionApi['edms.question.publish'], { body: { id: q.id } });
    }

    const submit = (api: Transport, questionId: number, answer: string) =>
      api.call(memberQuestion['memberQuestion.submitAnswer'], { body: { questionId, answer } });
    // The student: q1 wrong then right; q2 right then wrong (still solved).
    await submit(student, q1.id, '10');
    const right = await submit(student, q1.id, '01');
    await submit(student, q2.id, '01');
    const wrong = await submit(student, q2.id, '10');
    // The organization admin: q1 wrong once.
    await submit(orgAdmin, q1.id, '10');

    const progress = await student.call(chapterApi['oj.chapter.queryQuestion'], {
      body: { id: chapter.id },
    });
    expect(progress.totalElements).toBe(3);
    const [p2, p1, p3] = progress.content;
    expect(p2).toMatchObject({ position: 1, id: q2.id, solved: true });
    expect(p2!.latest).toMatchObject({ id: wrong.id, verdict: 'WA', kind: 'submit' });
    expect(p1).toMatchObject({ position: 2, id: q1.id, solved: true });
    expect(p1!.latest).toMatchObject({ id: right.id, verdict: 'AC' });
    expect(p3).toMatchObject({ position: 3, id: q3.id, solved: false, latest: null });
    // The learner's view carries no answer.
    expect(p1).not.toHaveProperty('answer');

    // Another learner (the organization admin as a member) sees their own results only.
    const adminView = await orgAdmin.call(chapterApi['oj.chapter.queryQuestion'], {
      body: { id: chapter.id },
    });
    expect(adminView.content.map((q) => q.solved)).toEqual([false, false, false]);
    expect(adminView.content[1]!.latest?.verdict).toBe('WA');
    // A correction (订正) solves the question for the learner; the teacher's first-attempt
    // figures below do not move.
    const corrected = await orgAdmin.call(memberQuestion['memberQuestion.reviewSubmit'], {
      body: { questionId: q1.id, answer: '01' },
    });
    const afterReview = await orgAdmin.call(chapterApi['oj.chapter.queryQuestion'], {
      body: { id: chapter.id },
    });
    expect(afterReview.content[1]).toMatchObject({ id: q1.id, solved: true });
    expect(afterReview.content[1]!.latest).toMatchObject({
      id: corrected.id,
      kind: 'review',
      verdict: 'AC',
    });

    const statistics = await teacher.call(
      chapterApi['memberQuestion.queryQuestionStatisticsByChapter'],
      {
        body: { chapterId: chapter.id },
      },
    );
    expect(statistics.totalElements).toBe(3);
    expect(statistics.content).toEqual([
      {
        position: 1,
        questionId: q2.id,
        questionTitle: '统计题二',
        questionType: 'single',
        submitters: 1,
        submissions: 2,
        accepted: 1,
        acceptedRate: 0.5,
        solvedMembers: 1,
      },
      {
        position: 2,
        questionId: q1.id,
        questionTitle: '统计题一',
        questionType: 'single',
        submitters: 2,
        submissions: 3,
        accepted: 1,
        acceptedRate: 0.3333,
        solvedMembers: 1,
      },
      {
        position: 3,
        questionId: q3.id,
        questionTitle: '统计题三',
        questionType: 'single',
        submitters: 0,
        submissions: 0,
        accepted: 0,
        acceptedRate: 0,
        solvedMembers: 0,
      },
    ]);
    const paged = await orgAdmin.call(
      chapterApi['memberQuestion.queryQuestionStatisticsByChapter'],
      {
        query: { page: 1, size: 2 },
        body: { chapterId: chapter.id },
      },
    );
    expect(paged.content.map((s) => s.questionId)).toEqual([q3.id]);
    const bySubmissions = await teacher.call(
      chapterApi['memberQuestion.queryQuestionStatisticsByChapter'],
      {
        query: { sort: 'submissions,desc' },
        body: { chapterId: chapter.id },
      },
    );
    expect(bySubmissions.content.map((s) => s.questionId)).toEqual([q1.id, q2.id, q3.id]);
    const badSort = await failureOf(
      student.call(chapterApi['oj.chapter.queryQuestion'], {
        query: { sort: 'title,asc' },
        body: { id: chapter.id },
      }),
    );
    expect(badSort.fieldErrors['query.sort']).toContain('可排序字段：position');
    const reversed = await student.call(chapterApi['oj.chapter.queryQuestion'], {
      query: { sort: 'position,desc' },
      body: { id: chapter.id },
    });
    expect(reversed.content.map((q) => q.id)).toEqual([q3.id, q1.id, q2.id]);
  });

  it('count only submissions of the teacher’s own organization', async () => {
    const aPlusB = await seededId('A+B 问题');
    const q1 = await seededId('在 C++ 中，表达式 `7 / 2` 的值是多少？');
    const mine = await teacher.call(chapterApi['edms.chapter.create'], {
      body: { title: '本机构统计' },
    });
    await teacher.call(chapterApi['edms.chapter.updateQuestions'], {
      body: { id: mine.id, questionIds: [q1, aPlusB] },
    });
    const theirs = await otherTeacher.call(chapterApi['edms.chapter.create'], {
      body: { title: '星火统计' },
    });
    await otherTeacher.call(chapterApi['edms.chapter.updateQuestions'], {
      body: { id: theirs.id, questionIds: [q1] },
    });
    const before = await otherTeacher.call(
      chapterApi['memberQuestion.queryQuestionStatisticsByChapter'],
      {
        body: { chapterId: theirs.id },
      },
    );
    const mineBefore = await teacher.call(
      chapterApi['memberQuestion.queryQuestionStatisticsByChapter'],
      {
        body: { chapterId: mine.id },
      },
    );

    await student.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId: q1, answer: '0100' },
    });
    await otherTeacher.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId: q1, answer: '1000' },
    });

    const after = await otherTeacher.call(
      chapterApi['memberQuestion.queryQuestionStatisticsByChapter'],
      {
        body: { chapterId: theirs.id },
      },
    );
    expect(after.content[0]!.submissions - before.content[0]!.submissions).toBe(1);
    expect(after.content[0]!.accepted - before.content[0]!.accepted).toBe(0);
    const mineAfter = await teacher.call(
      chapterApi['memberQuestion.queryQuestionStatisticsByChapter'],
      {
        body: { chapterId: mine.id },
      },
    );
    expect(mineAfter.content[0]!.submissions - mineBefore.content[0]!.submissions).toBe(1);
    expect(mineAfter.content[0]!.accepted - mineBefore.content[0]!.accepted).toBe(1);
    expect(mineAfter.content[1]).toMatchObject({
      questionTitle: 'A+B 问题',
      questionType: 'programming',
    });
  });
});
