/**
 * Classes over real HTTP (issue 8 item 3): the lifecycle the server enforces, the catalogue,
 * enrollment through the order flow (paying puts a learner on the roster; capacity; quitting
 * and refunds net of settled fees), groups and bound teachers, controls the server enforces,
 * settlements, and who may read which class.
 */
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { grade as api } from '../../src/contract/grade/calls.ts';
import { chapter as chapterApi } from '../../src/contract/chapter/calls.ts';
import { memberQuestion } from '../../src/contract/member-question/calls.ts';
import { organization } from '../../src/contract/organization/calls.ts';
import type { DownloadedFile } from '../../src/transport/download.ts';
import { createTransport, type Transport } from '../../src/transport/client.ts';
import { sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { insertObjectiveQuestion, insertProgrammingQuestion } from '../support/questions.ts';
import { loginAs } from '../support/sessions.ts';
import { madeMember } from '../support/people.ts';

let platform: TestPlatform;
let orgAdmin: Transport;
let teacher: Transport;
let student: Transport;
let studentId: number;
let outsider: Transport;

const day = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * day).toISOString();

beforeAll(async () => {
  platform = await startTestPlatform();
  ({ api: orgAdmin } = await loginAs(platform, 'orgAdmin'));
  ({ api: teacher } = await loginAs(platform, 'teacher'));
  let user;
  ({ api: student, user } = await loginAs(platform, 'student'));
  studentId = user.id;
  // A teacher of the same school who teaches none of the classes below.
  const created = madeMember(
    await orgAdmin.call(organization['edms.teacherMember.create'], {
      body: { nickname: '旁听教练', mobile: '13955550001', password: 'Outsider#2026' },
    }),
  );
  expect(created.role).toBe('teacher');
  outsider = sdk(platform.apiUrl);
  await outsider.call(accounts.loginByPwd, {
    body: { username: '13955550001', password: 'Outsider#2026' },
  });
});
afterAll(async () => {
  await platform?.stop();
});

const fieldsOf = (err: { data?: unknown }) =>
  ((err.data as { fields?: { field: string }[] } | undefined)?.fields ?? []).map((f) => f.field);

async function newClass(overrides: Record<string, unknown> = {}) {
  const created = await teacher.call(api['edms.grade.create'], {
    body: {
      name: `测试班${Math.random().toString(36).slice(2, 8)}`,
      isPublic: true,
      priceFen: 100,
      startTime: at(7),
      endTime: at(90),
      ...overrides,
    },
  });
  return created;
}

describe('a class’s lifecycle', () => {
  it('is written as a draft its teacher teaches, published into the catalogue, and stopped', async () => {
    const me = await teacher.call(accounts.queryCurrent);
    const draft = await newClass({ schedule: '每周六 9:00–11:00' });
    expect(draft).toMatchObject({ state: 'draft', status: '0', teacherMemberId: me.id });
    expect(draft.teachers.map((t) => t.id)).toEqual([me.id]);
    const visitor = sdk(platform.apiUrl);
    expect(
      (await failureOf(visitor.call(api['grade.queryById'], { query: { id: draft.id } }))).code,
    ).toBe(ErrorCode.NOT_FOUND);

    const tooEarly = await failureOf(
      teacher.call(api['edms.grade.stop'], { body: { id: draft.id } }),
    );
    expect(tooEarly.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    expect(tooEarly.message).toBe('班级当前为「未发布」，不能停止');

    const published = await teacher.call(api['edms.grade.publish'], { body: { id: draft.id } });
    expect(published).toMatchObject({ state: 'published', status: '1', enrollable: true });
    const seen = await visitor.call(api['grade.queryById'], { query: { id: draft.id } });
    expect(seen.schedule).toBe('每周六 9:00–11:00');
    const catalogue = await visitor.call(api['grade.queryList'], { body: { name: draft.name } });
    expect(catalogue.content.map((g) => g.id)).toEqual([draft.id]);

    const stopped = await orgAdmin.call(api['edms.grade.stop'], { body: { id: draft.id } });
    expect(stopped).toMatchObject({ state: 'stopped', status: '5', enrollable: false });
    const closed = await failureOf(
      student.call(api['oj.grade.enroll.enroll'], { body: { gradeId: draft.id } }),
    );
    expect(closed.code).toBe(ErrorCode.CONFLICT);
  });

  it('refuses bad dates, a stranger as teacher, and deleting a class with a history', async () => {
    const backwards = await failureOf(newClass({ startTime: at(10), endTime: at(5) }));
    expect(fieldsOf(backwards)).toEqual(['body.endTime']);
    const stranger = await failureOf(newClass({ teacherMemberIds: [studentId] }));
    expect(fieldsOf(stranger)).toEqual(['body.teacherMemberIds']);

    const g = await newClass({ priceFen: 0 });
    await teacher.call(api['edms.grade.publish'], { body: { id: g.id } });
    await student.call(api['oj.grade.enroll.enroll'], { body: { gradeId: g.id } });
    const keep = await failureOf(teacher.call(api['edms.grade.delete'], { body: { id: g.id } }));
    expect(keep.code).toBe(ErrorCode.CONFLICT);
    const empty = await newClass();
    await teacher.call(api['edms.grade.delete'], { body: { id: empty.id } });
    const gone = await failureOf(
      teacher.call(api['edms.grade.queryById'], { query: { id: empty.id } }),
    );
    expect(gone.code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('enrollment', () => {
  it('puts a paying learner on the roster, once, and keeps a full class full', async () => {
    const g = await newClass({ capacity: 1, priceFen: 100 });
    await teacher.call(api['edms.grade.publish'], { body: { id: g.id } });
    const order = await student.call(api['oj.grade.enroll.enroll'], { body: { gradeId: g.id } });
    expect(order.state).toBe('awaitingPayment');
    const twice = await failureOf(
      student.call(api['oj.grade.enroll.enroll'], { body: { gradeId: g.id } }),
    );
    expect(twice.code).toBe(ErrorCode.CONFLICT);
    const paid = await student.call(api['oj.grade.enroll.pay'], {
      body: { id: order.id, method: 'wallet' },
    });
    expect(paid.order.state).toBe('enrolled');
    const mine = await student.call(api['oj.grade.queryList'], { body: {} });
    expect(mine.content.map((c) => c.id)).toContain(g.id);

    const another = madeMember(
      await teacher.call(organization['member.create'], {
        body: { nickname: '晚到的', mobile: '13955550002' },
      }),
    );
    const full = await teacher.call(api['edms.grade.enroll.batchEnroll'], {
      body: { gradeId: g.id, memberIds: [another.id] },
    });
    expect(full.rows[0]).toMatchObject({ outcome: 'notAdmitted', message: '班级名额已满（1 人）' });
  });

  it('gives the last place to one of many learners enrolled at the same moment', async () => {
    const g = await newClass({ capacity: 1, priceFen: 0 });
    await teacher.call(api['edms.grade.publish'], { body: { id: g.id } });
    const learners = await Promise.all(
      Array.from({ length: 8 }, async (_, i) =>
        madeMember(
          await teacher.call(organization['member.create'], {
            body: { nickname: `抢位${i}`, mobile: `1395556000${i}` },
          }),
        ),
      ),
    );
    const answers = await Promise.all(
      learners.map((l) =>
        teacher.call(api['edms.grade.enroll.batchEnroll'], {
          body: { gradeId: g.id, memberIds: [l.id] },
        }),
      ),
    );
    const outcomes = answers.map((a) => a.rows[0]!.outcome).sort();
    expect(outcomes).toEqual(['enrolled', ...Array<string>(7).fill('notAdmitted')]);
    const stats = await teacher.call(api['edms.grade.enroll.queryEnrollStatistics'], {
      query: { gradeId: g.id },
    });
    expect(stats.total).toBe(1);
  });

  it('enrolls in batch row by row, groups the roster, binds its teachers, and exports it', async () => {
    const g = await newClass({ priceFen: 0 });
    await teacher.call(api['edms.grade.publish'], { body: { id: g.id } });
    const result = await teacher.call(api['edms.grade.enroll.batchEnrollByMobile'], {
      body: { gradeId: g.id, mobiles: [platform.accounts.student.mobile, '123', '13999999999'] },
    });
    expect(result.rows.map((r) => r.outcome)).toEqual([
      'enrolled',
      'invalidMobile',
      'unknownMobile',
    ]);
    const enrollId = result.rows[0]!.enrollId!;
    await teacher.call(api['edms.grade.enroll.setGroups'], {
      body: { ids: [enrollId], groups: ['A组', '提高'] },
    });
    const outsiderMe = await outsider.call(accounts.queryCurrent);
    const notTheirs = await failureOf(
      teacher.call(api['edms.grade.enroll.bindTeacher'], {
        body: { id: enrollId, teacherMemberId: outsiderMe.id },
      }),
    );
    expect(fieldsOf(notTheirs)).toEqual(['body.teacherMemberId']);
    const me = await teacher.call(accounts.queryCurrent);
    await teacher.call(api['edms.grade.enroll.bindTeacher'], {
      body: { id: enrollId, teacherMemberId: me.id },
    });
    const list = await teacher.call(api['edms.grade.enroll.queryEnrollList'], {
      body: { gradeId: g.id, group: 'A组' },
    });
    expect(list.content).toHaveLength(1);
    expect(list.content[0]).toMatchObject({ groups: ['A组', '提高'], teacherName: '演示教练' });
    const byGroup = await teacher.call(api['edms.grade.queryById'], { query: { id: g.id } });
    expect(byGroup.groups).toEqual(['A组', '提高']);

    const downloads: DownloadedFile[] = [];
    const files = createTransport({
      baseUrl: platform.apiUrl,
      onDownload: (f) => downloads.push(f),
    });
    const { username, password } = platform.accounts.teacher;
    await files.call(accounts.loginByPwd, { body: { username, password } });
    await files.call(api['edms.grade.enroll.downloadEnrollList'], { body: { gradeId: g.id } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(downloads.at(-1)!.bytes) as never);
    expect(book.worksheets[0]!.getRow(2).getCell(5).value).toBe('A组、提高');
  });

  it('quits a paid class through the approval queue and refunds what was not consumed', async () => {
    const g = await newClass({ priceFen: 200 });
    await teacher.call(api['edms.grade.publish'], { body: { id: g.id } });
    const order = await student.call(api['oj.grade.enroll.enroll'], { body: { gradeId: g.id } });
    await student.call(api['oj.grade.enroll.pay'], { body: { id: order.id, method: 'wallet' } });

    const over = await failureOf(
      teacher.call(api['edms.member.grade.settlement.create'], {
        body: {
          gradeId: g.id,
          memberId: studentId,
          periodStart: '2026-11-01',
          periodEnd: '2026-11-30',
          lessons: 4,
          amountFen: 201,
        },
      }),
    );
    expect(fieldsOf(over)).toEqual(['body.amountFen']);
    const settled = await teacher.call(api['edms.member.grade.settlement.create'], {
      body: {
        gradeId: g.id,
        memberId: studentId,
        periodStart: '2026-11-01',
        periodEnd: '2026-11-30',
        lessons: 2,
        amountFen: 80,
      },
    });
    expect(settled.enrollId).toBe(order.id);
    const own = await student.call(api['oj.member.grade.settlement.queryList'], {
      body: { gradeId: g.id },
    });
    expect(own.content.map((s) => s.amountFen)).toEqual([80]);

    await student.call(api['oj.grade.enroll.applyQuit'], {
      body: { id: order.id, reason: '时间冲突' },
    });
    await orgAdmin.call(api['edms.grade.enroll.passQuit'], { body: { id: order.id } });
    const quit = await orgAdmin.call(api['edms.grade.enroll.finishQuit'], {
      body: { id: order.id },
    });
    expect(quit.state).toBe('quit');
    const mine = await student.call(api['oj.grade.queryList'], { body: {} });
    expect(mine.content.map((c) => c.id)).not.toContain(g.id);

    const byTeacher = await failureOf(
      teacher.call(api['grade.enroll.refund'], { body: { id: order.id } }),
    );
    expect(byTeacher.code).toBe(ErrorCode.FORBIDDEN);
    const tooMuch = await failureOf(
      orgAdmin.call(api['grade.enroll.refund'], { body: { id: order.id, amountFen: 200 } }),
    );
    expect(fieldsOf(tooMuch)).toEqual(['body.amountFen']);
    const refunded = await orgAdmin.call(api['grade.enroll.refund'], { body: { id: order.id } });
    expect(refunded).toMatchObject({ state: 'refunded', refundedFen: 120 });
  });
});

describe('controls and who reads what', () => {
  it('keeps a class’s learners to their homework when practice outside it is off', async () => {
    const g = await newClass({ priceFen: 0 });
    await teacher.call(api['edms.grade.publish'], { body: { id: g.id } });
    await student.call(api['oj.grade.enroll.enroll'], { body: { gradeId: g.id } });
    const q = await insertObjectiveQuestion(platform.pool, {
      type: 'single',
      title: '班级管控测试题',
      options: ['对', '错'],
      answer: '10',
    });
    const submit = () =>
      student.call(memberQuestion['memberQuestion.submitAnswer'], {
        body: { questionId: q, answer: '10' },
      });
    await submit();
    const controls = await teacher.call(api['edms.grade.controls.update'], {
      body: { gradeId: g.id, controls: [{ code: 'practiseOutsideHomework', enabled: false }] },
    });
    expect(controls.find((c) => c.code === 'practiseOutsideHomework')).toMatchObject({
      enabled: false,
      isDefault: false,
    });
    const seenByStudent = await student.call(api['oj.grade.controls.queryList'], {
      body: { gradeId: g.id },
    });
    expect(seenByStudent.find((c) => c.code === 'practiseOutsideHomework')!.enabled).toBe(false);
    const refused = await failureOf(submit());
    expect(refused.code).toBe(ErrorCode.FORBIDDEN);
    // A run on custom input is practice too, refused the same way and queueing nothing.
    const programming = await insertProgrammingQuestion(
      platform.pool,
      path.resolve(import.meta.dirname, '../../seed/problems/01-a-plus-b'),
    );
    const jobsBefore = await platform.pool.query('SELECT count(*)::int AS n FROM judge_jobs');
    const refusedRun = await failureOf(
      student.call(memberQuestion['memberQuestion.debug'], {
        body: { questionId: programming, language: 'python', source: 'print(3)\n', input: '1 2\n' },
      }),
    );
    expect(refusedRun.code).toBe(ErrorCode.FORBIDDEN);
    expect(refusedRun.message).toBe('你所在的班级已关闭作业外练习：只能提交和运行作业中的题目');
    const jobsAfter = await platform.pool.query('SELECT count(*)::int AS n FROM judge_jobs');
    expect(jobsAfter.rows[0].n).toBe(jobsBefore.rows[0].n);
    await teacher.call(api['edms.grade.controls.update'], {
      body: { gradeId: g.id, controls: [{ code: 'practiseOutsideHomework', enabled: true }] },
    });
    await submit();
  });

  it('shows a teacher only the classes they teach, and a learner none of the staff calls', async () => {
    const g = await newClass({ isPublic: false });
    const hidden = await failureOf(
      outsider.call(api['edms.grade.queryById'], { query: { id: g.id } }),
    );
    expect(hidden.code).toBe(ErrorCode.NOT_FOUND);
    const list = await outsider.call(api['edms.grade.queryList'], { body: {} });
    expect(list.content.map((c) => c.id)).not.toContain(g.id);
    const edit = await failureOf(
      outsider.call(api['edms.grade.update'], { body: { id: g.id, name: '改名' } }),
    );
    expect(edit.code).toBe(ErrorCode.NOT_FOUND);
    const joined = await outsider.call(api['edms.grade.addGradeToMine'], { body: { id: g.id } });
    expect(joined.teachers).toHaveLength(2);
    await outsider.call(api['edms.grade.queryById'], { query: { id: g.id } });
    const admin = await orgAdmin.call(api['edms.grade.queryById'], { query: { id: g.id } });
    expect(admin.id).toBe(g.id);
    const learner = await failureOf(student.call(api['edms.grade.queryList'], { body: {} }));
    expect(learner.code).toBe(ErrorCode.FORBIDDEN);
    const privateToStudent = await failureOf(
      student.call(api['oj.grade.queryById'], { query: { id: g.id } }),
    );
    expect(privateToStudent.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('counts a class’s statistics', async () => {
    const g = await newClass({ priceFen: 0 });
    await teacher.call(api['edms.grade.publish'], { body: { id: g.id } });
    await student.call(api['oj.grade.enroll.enroll'], { body: { gradeId: g.id } });
    const stats = await teacher.call(api['edms.grade.queryStatistics'], { query: { id: g.id } });
    expect(stats).toMatchObject({
      memberCount: 1,
      homeworkCount: 0,
      homeworkCompletionPercent: null,
    });
    expect(stats.byState).toEqual([{ state: 'enrolled', count: 1 }]);
  });
});

describe('review fixes (issue 8)', () => {
  it('names the enrollment window’s own field, and checks it against what is stored', async () => {
    const backwards = await failureOf(newClass({ enrollStartAt: at(3), enrollEndAt: at(1) }));
    expect(fieldsOf(backwards)).toEqual(['body.enrollEndAt']);
    const g = await newClass({ enrollStartAt: at(1), enrollEndAt: at(5) });
    // Only one end of the window is sent: the other is the stored one.
    const endFirst = await failureOf(
      teacher.call(api['edms.grade.update'], { body: { id: g.id, enrollEndAt: at(0.5) } }),
    );
    expect(fieldsOf(endFirst)).toEqual(['body.enrollEndAt']);
    const startLast = await failureOf(
      teacher.call(api['edms.grade.update'], { body: { id: g.id, enrollStartAt: at(6) } }),
    );
    expect(fieldsOf(startLast)).toEqual(['body.enrollEndAt']);
    const kept = await teacher.call(api['edms.grade.queryById'], { query: { id: g.id } });
    expect([kept.enrollStartAt, kept.enrollEndAt]).toEqual([g.enrollStartAt, g.enrollEndAt]);
    const end = at(4);
    const moved = await teacher.call(api['edms.grade.update'], {
      body: { id: g.id, enrollEndAt: end },
    });
    expect(Date.parse(moved.enrollEndAt!)).toBe(Date.parse(end));
  });
});

describe('the chapters a class follows', () => {
  it('are set by its staff in order, read by its learners with their progress, and refused where they do not belong', async () => {
    const chapters = await teacher.call(chapterApi['edms.chapter.querySimpleList'], {
      query: { page: 0, size: 10 },
      body: {},
    });
    const [first, second] = chapters.content;
    expect(second).toBeDefined();
    const g = await newClass({ priceFen: 0 });
    const set = await teacher.call(api['edms.grade.updateChapters'], {
      body: { id: g.id, chapterIds: [second!.id, first!.id] },
    });
    expect(set.map((c) => [c.position, c.id])).toEqual([
      [1, second!.id],
      [2, first!.id],
    ]);

    // Bad input names the field and writes nothing: a chapter that does not exist, a repeat.
    const unknown = await failureOf(
      teacher.call(api['edms.grade.updateChapters'], {
        body: { id: g.id, chapterIds: [first!.id, 999_999] },
      }),
    );
    expect(fieldsOf(unknown)).toEqual(['body.chapterIds[1]']);
    const repeated = await failureOf(
      teacher.call(api['edms.grade.updateChapters'], {
        body: { id: g.id, chapterIds: [first!.id, first!.id] },
      }),
    );
    expect(fieldsOf(repeated)).toEqual(['body.chapterIds']);
    const kept = await teacher.call(api['edms.course.queryChapterListByGrade'], {
      body: { gradeId: g.id },
    });
    expect(kept.map((c) => c.id)).toEqual([second!.id, first!.id]);
    // A teacher who does not teach the class may not set them; a learner may not at all.
    expect(
      (
        await failureOf(
          outsider.call(api['edms.grade.updateChapters'], { body: { id: g.id, chapterIds: [] } }),
        )
      ).code,
    ).toBe(ErrorCode.NOT_FOUND);

    // Visitors read a published public class's chapters; its learner reads the questions.
    await teacher.call(api['edms.grade.publish'], { body: { id: g.id } });
    const visitor = sdk(platform.apiUrl);
    const seen = await visitor.call(api['course.queryChapterListByGrade'], {
      body: { gradeId: g.id },
    });
    expect(seen.map((c) => c.solvedCount)).toEqual([0, 0]);
    const notIn = await failureOf(
      student.call(api['oj.chapter.queryQuestionListByGrade'], {
        query: { page: 0, size: 20 },
        body: { gradeId: g.id, chapterId: 999_999 },
      }),
    );
    expect(notIn.code).toBe(ErrorCode.NOT_FOUND);
    const questions = await student.call(api['oj.chapter.queryQuestionListByGrade'], {
      query: { page: 0, size: 20 },
      body: { gradeId: g.id, chapterId: first!.id },
    });
    expect(questions.content.map((q) => q.position)).toEqual(
      questions.content.map((_, i) => i + 1),
    );

    // A chapter a class follows is not deleted from under it.
    const own = await teacher.call(chapterApi['edms.chapter.create'], {
      body: { title: '班级专用章节', notes: '', sort: 0 },
    });
    await teacher.call(api['edms.grade.updateChapters'], {
      body: { id: g.id, chapterIds: [own.id] },
    });
    const inUse = await failureOf(
      teacher.call(chapterApi['edms.chapter.delete'], { body: { id: own.id } }),
    );
    expect(inUse.code).toBe(ErrorCode.CONFLICT);
    expect(inUse.message).toContain(g.name);
  });
});
