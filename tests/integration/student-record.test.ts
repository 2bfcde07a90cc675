/**
 * A teacher's view of one student (/chapter/student, issue 8 item 5): the student's progress per
 * chapter (memberQuestion queryChapterProgressByMember) and wrong questions (queryWrongListByMember),
 * both additions to the catalogue, read only by the student's own staff — their teacher and their
 * organization's admin — while a teacher who does not teach them, a teacher of another
 * organization and a learner are refused. Also the seats a class has left
 * (grade queryById seatsLeft), which an enrollment awaiting payment holds too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/refs.ts';
import { chapter } from '../../src/contract/chapter/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { grade } from '../../src/contract/grade/calls.ts';
import { memberQuestion } from '../../src/contract/member-question/calls.ts';
import { organization } from '../../src/contract/organization/calls.ts';
import type { Transport } from '../../src/transport/client.ts';
import { sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';

let platform: TestPlatform;
let teacher: Transport;
let orgAdmin: Transport;
let student: Transport;
let studentId: number;
let outsider: Transport;
let otherOrganization: Transport;

const progress = chapter['memberQuestion.queryChapterProgressByMember'];
const wrongList = memberQuestion['memberQuestion.queryWrongListByMember'];
const PAGE = { page: 0, size: 50 };

/** A seeded objective question's id and option flags, right or with the right one moved on. */
async function seeded(key: string, right: boolean) {
  const { rows } = await platform.pool.query<{ id: number; answer: string }>(
    'SELECT id, answer FROM questions WHERE seed_key = $1',
    [key],
  );
  const { id, answer } = rows[0]!;
  return { questionId: id, answer: right ? answer : answer.slice(-1) + answer.slice(0, -1) };
}

beforeAll(async () => {
  platform = await startTestPlatform();
  ({ api: teacher } = await loginAs(platform, 'teacher'));
  ({ api: orgAdmin } = await loginAs(platform, 'orgAdmin'));
  let user;
  ({ api: student, user } = await loginAs(platform, 'student'));
  studentId = user.id;

  // A teacher of the same school who teaches none of the student's classes.
  await orgAdmin.call(organization['edms.teacherMember.create'], {
    body: { nickname: '别班教练', mobile: '13955550077', password: 'Outsider#2026' },
  });
  outsider = sdk(platform.apiUrl);
  await outsider.call(accounts.loginByPwd, {
    body: { username: '13955550077', password: 'Outsider#2026' },
  });
  // The demo teacher acting for the other organization, where the student is nobody's.
  const other = await loginAs(platform, 'teacher');
  otherOrganization = other.api;
  const mine = await otherOrganization.call(accounts['oj.member.queryMineTeacherList']);
  const second = mine.find((m) => m.organizationId !== other.user.organizationId)!;
  await otherOrganization.call(accounts.switchOrganization, { body: { memberId: second.id } });

  // Unit 1 (第一单元): question:1 right, question:3 wrong, then question:3 wrong again.
  for (const [key, right] of [
    ['question:1', true],
    ['question:3', false],
    ['question:3', false],
  ] as const) {
    await student.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: await seeded(key, right),
    });
  }
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe("a student's record as their staff read it", () => {
  it('gives progress per chapter: questions, tried, solved, wrong now', async () => {
    for (const reader of [teacher, orgAdmin]) {
      const page = await reader.call(progress, { query: PAGE, body: { memberId: studentId } });
      const unit1 = page.content.find((c) => c.title === '入门：顺序结构')!;
      expect(unit1).toMatchObject({ questionCount: 5, attempted: 2, solved: 1, wrong: 1 });
      expect(unit1.lastAnsweredAt).not.toBeNull();
      const unit2 = page.content.find((c) => c.title === '分支结构入门')!;
      expect(unit2).toMatchObject({ attempted: 0, solved: 0, wrong: 0, lastAnsweredAt: null });
      // In the chapters' own order.
      expect(page.content.indexOf(unit1)).toBeLessThan(page.content.indexOf(unit2));
    }
  });

  it('lists the wrong questions by their latest answer, and drops one once corrected', async () => {
    const wrong = await seeded('question:3', false);
    const before = await teacher.call(wrongList, { query: PAGE, body: { memberId: studentId } });
    expect(before.content.map((a) => a.questionId)).toContain(wrong.questionId);
    expect(before.content.every((a) => a.verdict !== 'AC')).toBe(true);
    // Only the latest answer per question: the two wrong tries are one wrong question.
    expect(before.content.filter((a) => a.questionId === wrong.questionId)).toHaveLength(1);

    await student.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: await seeded('question:3', true),
    });
    const after = await teacher.call(wrongList, { query: PAGE, body: { memberId: studentId } });
    expect(after.content.map((a) => a.questionId)).not.toContain(wrong.questionId);
    const page = await teacher.call(progress, { query: PAGE, body: { memberId: studentId } });
    expect(page.content.find((c) => c.title === '入门：顺序结构')).toMatchObject({
      solved: 2,
      wrong: 0,
    });
  });

  it('answers 404 to staff who are not the student’s, and 403 to a learner', async () => {
    for (const reader of [outsider, otherOrganization]) {
      for (const call of [progress, wrongList]) {
        const err = await failureOf(
          reader.call(call, { query: PAGE, body: { memberId: studentId } }),
        );
        expect(err.code).toBe(ErrorCode.NOT_FOUND);
        expect(err.message).toBe(`成员 ${studentId} 不存在`);
      }
    }
    const err = await failureOf(
      student.call(progress, { query: PAGE, body: { memberId: studentId } }),
    );
    expect(err.code).toBe(ErrorCode.FORBIDDEN);
  });
});

describe('the seats a class has left', () => {
  it('counts an enrollment awaiting payment, and frees the seat when it is cancelled', async () => {
    const day = 86_400_000;
    const created = await teacher.call(grade['edms.grade.create'], {
      body: {
        name: '两人小班',
        isPublic: true,
        priceFen: 500,
        capacity: 2,
        startTime: new Date(Date.now() + 7 * day).toISOString(),
        endTime: new Date(Date.now() + 90 * day).toISOString(),
      },
    });
    await teacher.call(grade['edms.grade.publish'], { body: { id: created.id } });
    const seats = async () =>
      (await student.call(grade['grade.queryById'], { query: { id: created.id } })).seatsLeft;
    expect(await seats()).toBe(2);
    const order = await student.call(grade['oj.grade.enroll.enroll'], {
      body: { gradeId: created.id },
    });
    expect(order.state).toBe('awaitingPayment');
    expect(await seats()).toBe(1);
    await student.call(grade['oj.grade.enroll.cancelEnrollOrder'], { body: { id: order.id } });
    expect(await seats()).toBe(2);
    // A class without a capacity has no count of seats.
    const open = await teacher.call(grade['edms.grade.queryList'], {
      query: { page: 0, size: 50 },
      body: {},
    });
    expect(open.content.find((g) => g.capacity === null)?.seatsLeft).toBeNull();
  });
});
