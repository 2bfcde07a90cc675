/**
 * Questions' publication lifecycle over real HTTP (src/machines/lifecycles/publication.ts,
 * server/lifecycle/): a new question is a draft its own staff see; publishing shows it to
 * learners and other organizations' teachers; the machine refuses what the state does not
 * allow, naming the state; every move is recorded; and the learner's answer calls go through
 * the same visibility rule as the lists (another organization's question or a draft: NOT_FOUND).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts as accountsApi } from '../../src/contract/accounts/calls.ts';
import { chapter as chapterApi } from '../../src/contract/chapter/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { memberQuestion } from '../../src/contract/member-question/calls.ts';
import { question as questionApi } from '../../src/contract/question/calls.ts';
import type { Transport } from '../../src/transport/client.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';

let platform: TestPlatform;
let admin: Transport;
let teacher: Transport;
let student: Transport;
/** The demo teacher's second account, in the other organization (星火信奥工作室). */
let otherTeacher: Transport;
let teacherMemberId: number;

const objective = (title: string) => ({
  type: 'single' as const,
  title,
  options: [
    { label: 'A' as const, text: '1' },
    { label: 'B' as const, text: '2' },
  ],
  answer: '01',
});

const programming = (title: string) => ({
  type: 'programming' as const,
  title,
  content: '读入 n，输出 2n。',
  timeLimitMs: 1000,
  memoryLimitMiB: 128,
  samples: [{ input: '2\n', output: '4\n' }],
  cases: [{ input: '1\n', answer: '2\n' }],
});

const learnerSees = async (id: number) => {
  const list = await student.call(questionApi['oj.question.queryList'], {
    query: { size: 100 },
    body: { keyword: '发布测试' },
  });
  return list.content.some((q) => q.id === id);
};

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await loginAs(platform, 'admin')).api;
  const t = await loginAs(platform, 'teacher');
  teacher = t.api;
  teacherMemberId = t.user.id;
  student = (await loginAs(platform, 'student')).api;
  otherTeacher = (await loginAs(platform, 'teacher')).api;
  const mine = await otherTeacher.call(accountsApi['oj.member.queryMineTeacherList']);
  const second = mine.find((m) => m.organizationId !== t.user.organizationId);
  await otherTeacher.call(accountsApi.switchOrganization, { body: { memberId: second!.id } });
});
afterAll(async () => {
  await platform?.stop();
});

describe('a new question', () => {
  it('is a draft: its staff see it, learners and other organizations do not', async () => {
    const q = await teacher.call(questionApi['edms.question.create'], {
      body: objective('发布测试：草稿'),
    });
    expect(q.publication).toBe('draft');
    expect(await learnerSees(q.id)).toBe(false);
    const hidden = await failureOf(
      student.call(questionApi['oj.question.queryById'], { query: { id: q.id } }),
    );
    expect(hidden.code).toBe(ErrorCode.NOT_FOUND);
    const drafts = await teacher.call(questionApi['edms.question.queryList'], {
      body: { publication: 'draft', keyword: '发布测试' },
    });
    expect(drafts.content.map((d) => d.id)).toContain(q.id);
  });

  it('reaches learners once published and leaves them when unpublished', async () => {
    const q = await teacher.call(questionApi['edms.question.create'], {
      body: objective('发布测试：上架'),
    });
    const published = await teacher.call(questionApi['edms.question.publish'], {
      body: { id: q.id },
    });
    expect(published.publication).toBe('published');
    expect(await learnerSees(q.id)).toBe(true);
    const unpublished = await teacher.call(questionApi['edms.question.unpublish'], {
      body: { id: q.id, reason: '题面有误' },
    });
    expect(unpublished.publication).toBe('unpublished');
    expect(await learnerSees(q.id)).toBe(false);
    const again = await teacher.call(questionApi['question.publish'], { body: { id: q.id } });
    expect(again.publication).toBe('published');
  });
});

describe('the machine decides', () => {
  it('refuses an action the state does not allow, naming the state', async () => {
    const q = await teacher.call(questionApi['edms.question.create'], {
      body: objective('发布测试：拒绝'),
    });
    const early = await failureOf(
      teacher.call(questionApi['edms.question.unpublish'], { body: { id: q.id } }),
    );
    expect(early.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    expect(early.message).toBe('题目当前为「草稿」，不能下架');
    await teacher.call(questionApi['edms.question.publish'], { body: { id: q.id } });
    const twice = await failureOf(
      teacher.call(questionApi['edms.question.publish'], { body: { id: q.id } }),
    );
    expect(twice.message).toBe('题目当前为「已上架」，不能上架');
  });

  it('lets exactly one of two simultaneous publishes through', async () => {
    const q = await teacher.call(questionApi['edms.question.create'], {
      body: objective('发布测试：并发'),
    });
    const outcomes = await Promise.allSettled([
      teacher.call(questionApi['edms.question.publish'], { body: { id: q.id } }),
      teacher.call(questionApi['edms.question.publish'], { body: { id: q.id } }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    const { rows } = await platform.pool.query(
      `SELECT count(*)::int AS n FROM lifecycle_transitions
        WHERE entity = 'question' AND entity_id = $1`,
      [q.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('records who moved the question, from where to where, why and in which request', async () => {
    const q = await teacher.call(questionApi['edms.question.create'], {
      body: objective('发布测试：记录'),
    });
    await teacher.call(questionApi['edms.question.publish'], { body: { id: q.id } });
    await teacher.call(questionApi['edms.question.unpublish'], {
      body: { id: q.id, reason: '  答案待核对  ' },
    });
    const { rows } = await platform.pool.query(
      `SELECT action, from_state, to_state, actor_member_id, reason, request_id
         FROM lifecycle_transitions WHERE entity = 'question' AND entity_id = $1 ORDER BY id`,
      [q.id],
    );
    expect(rows).toMatchObject([
      { action: 'publish', from_state: 'draft', to_state: 'published', reason: null },
      {
        action: 'unpublish',
        from_state: 'published',
        to_state: 'unpublished',
        reason: '答案待核对',
      },
    ]);
    expect(rows.every((r) => r.actor_member_id === teacherMemberId)).toBe(true);
    expect(new Set(rows.map((r) => r.request_id)).size).toBe(2);
  });

  it('keeps the history append-only', async () => {
    await expect(
      platform.pool.query(`UPDATE lifecycle_transitions SET reason = 'x'`),
    ).rejects.toThrow(/append-only/);
    await expect(platform.pool.query(`DELETE FROM lifecycle_transitions`)).rejects.toThrow(
      /append-only/,
    );
  });
});

describe('who may publish', () => {
  it('refuses a teacher the platform’s questions and another organization’s', async () => {
    const platformQ = await admin.call(questionApi['bms.question.create'], {
      body: objective('发布测试：平台草稿'),
    });
    const notSeen = await failureOf(
      teacher.call(questionApi['edms.question.publish'], { body: { id: platformQ.id } }),
    );
    expect(notSeen.code).toBe(ErrorCode.NOT_FOUND);
    await admin.call(questionApi['bms.question.publish'], { body: { id: platformQ.id } });
    const readOnly = await failureOf(
      teacher.call(questionApi['edms.question.unpublish'], { body: { id: platformQ.id } }),
    );
    expect(readOnly.code).toBe(ErrorCode.FORBIDDEN);

    const theirs = await otherTeacher.call(questionApi['edms.question.create'], {
      body: objective('发布测试：他机构'),
    });
    await otherTeacher.call(questionApi['edms.question.publish'], { body: { id: theirs.id } });
    const foreign = await failureOf(
      teacher.call(questionApi['edms.question.unpublish'], { body: { id: theirs.id } }),
    );
    expect(foreign.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('hides the platform’s drafts from teachers, and shows its published questions', async () => {
    const draft = await admin.call(questionApi['bms.question.create'], {
      body: objective('发布测试：平台未上架'),
    });
    const seen = await failureOf(
      teacher.call(questionApi['edms.question.queryById'], { query: { id: draft.id } }),
    );
    expect(seen.code).toBe(ErrorCode.NOT_FOUND);
    await admin.call(questionApi['bms.question.publish'], { body: { id: draft.id } });
    const now = await teacher.call(questionApi['edms.question.queryById'], {
      query: { id: draft.id },
    });
    expect(now.publication).toBe('published');
  });

  it('refuses bad input naming the field: a reason too long', async () => {
    const q = await teacher.call(questionApi['edms.question.create'], {
      body: objective('发布测试：原因过长'),
    });
    const bad = await failureOf(
      teacher.call(questionApi['edms.question.publish'], {
        body: { id: q.id, reason: 'x'.repeat(501) },
      }),
    );
    expect(bad.code).toBe(ErrorCode.VALIDATION);
    expect(bad.message).toContain('原因最多 500 个字符');
    const after = await teacher.call(questionApi['edms.question.queryById'], {
      query: { id: q.id },
    });
    expect(after.publication).toBe('draft');
  });
});

describe('a learner’s answer calls see what the lists show', () => {
  const refusedEverywhere = async (questionId: number) => {
    const calls = [
      () =>
        student.call(memberQuestion['memberQuestion.submitAnswer'], {
          body: { questionId, language: 'python', source: 'print(2)\n' },
        }),
      () =>
        student.call(memberQuestion['memberQuestion.reviewSubmit'], {
          body: { questionId, language: 'python', source: 'print(2)\n' },
        }),
      () =>
        student.call(memberQuestion['memberQuestion.saveAsDraft'], {
          body: { questionId, language: 'python', source: 'print(2)\n' },
        }),
      () =>
        student.call(memberQuestion['memberQuestion.debug'], {
          body: { questionId, language: 'python', source: 'print(2)\n', input: '1\n' },
        }),
    ];
    for (const call of calls) expect((await failureOf(call())).code).toBe(ErrorCode.NOT_FOUND);
  };

  it('refuses another organization’s published question', async () => {
    const theirs = await otherTeacher.call(questionApi['edms.question.create'], {
      body: programming('发布测试：他机构编程题'),
    });
    await otherTeacher.call(questionApi['edms.question.publish'], { body: { id: theirs.id } });
    await refusedEverywhere(theirs.id);
  });

  it('refuses a draft of the learner’s own organization, and accepts it once published', async () => {
    const draft = await teacher.call(questionApi['edms.question.create'], {
      body: programming('发布测试：本机构草稿'),
    });
    await refusedEverywhere(draft.id);
    await teacher.call(questionApi['edms.question.publish'], { body: { id: draft.id } });
    const saved = await student.call(memberQuestion['memberQuestion.saveAsDraft'], {
      body: { questionId: draft.id, language: 'python', source: 'print(2)\n' },
    });
    expect(saved.saved).toBe(true);
  });

  it('leaves a draft out of the chapter the learner reads', async () => {
    const chapter = await teacher.call(chapterApi['edms.chapter.create'], {
      body: { title: '发布测试章节' },
    });
    const shown = await teacher.call(questionApi['edms.question.create'], {
      body: objective('发布测试：章节已上架'),
    });
    await teacher.call(questionApi['edms.question.publish'], { body: { id: shown.id } });
    const hidden = await teacher.call(questionApi['edms.question.create'], {
      body: objective('发布测试：章节草稿'),
    });
    await teacher.call(chapterApi['edms.chapter.updateQuestions'], {
      body: { id: chapter.id, questionIds: [hidden.id, shown.id] },
    });
    const forTeacher = await teacher.call(chapterApi['edms.chapter.queryQuestionList'], {
      body: { id: chapter.id },
    });
    expect(forTeacher.content.map((q) => q.id)).toEqual([hidden.id, shown.id]);
    const forLearner = await student.call(chapterApi['oj.chapter.queryQuestion'], {
      body: { id: chapter.id },
    });
    expect(forLearner.content.map((q) => q.id)).toEqual([shown.id]);
    expect(forLearner.totalElements).toBe(1);
  });
});

describe('我的错题 (memberQuestion/queryWrongList)', () => {
  const answer = (questionId: number, flags: string) =>
    student.call(memberQuestion['memberQuestion.submitAnswer'], {
      body: { questionId, answer: flags },
    });
  const wrongList = (page = 0, size = 20) =>
    student.call(memberQuestion['memberQuestion.queryWrongList'], {
      query: { page, size },
      body: {},
    });

  it('lists the questions whose latest answer is not AC, most recent first, a page at a time', async () => {
    const make = async (title: string) => {
      const q = await teacher.call(questionApi['edms.question.create'], { body: objective(title) });
      await teacher.call(questionApi['edms.question.publish'], { body: { id: q.id } });
      return q.id;
    };
    const [wrongOnce, right, corrected, wrongLast] = [
      await make('错题测试：答错'),
      await make('错题测试：答对'),
      await make('错题测试：错后改对'),
      await make('错题测试：最后答错'),
    ];
    const before = (await wrongList()).totalElements;
    await answer(wrongOnce, '10');
    await answer(right, '01');
    await answer(corrected, '10');
    await answer(corrected, '01');
    await answer(wrongLast, '10');

    const all = await wrongList();
    expect(all.totalElements).toBe(before + 2);
    expect(all.content.slice(0, 2).map((a) => a.questionId)).toEqual([wrongLast, wrongOnce]);
    expect(all.content[0]).toMatchObject({ questionType: 'single', verdict: 'WA' });
    const second = await wrongList(1, 1);
    expect(second.content.map((a) => a.questionId)).toEqual([wrongOnce]);
    expect(second.totalPages).toBe(before + 2);

    // A question taken back from learners leaves the list with it.
    await teacher.call(questionApi['edms.question.unpublish'], { body: { id: wrongLast } });
    const after = await wrongList();
    expect(after.content.map((a) => a.questionId)).not.toContain(wrongLast);
    expect(after.totalElements).toBe(before + 1);
  });

  it('filters the answer history by several kinds at once, refusing an empty list by name', async () => {
    const list = (kinds: ('submit' | 'review' | 'debug')[]) =>
      student.call(memberQuestion['memberQuestion.queryList'], { body: { kinds } });
    const submitted = await list(['submit']);
    expect(submitted.totalElements).toBeGreaterThanOrEqual(5);
    expect((await list(['review'])).totalElements).toBe(0);
    expect((await list(['submit', 'review'])).totalElements).toBe(submitted.totalElements);
    const bad = await failureOf(list([]));
    expect(bad.code).toBe(ErrorCode.VALIDATION);
    expect(bad.fieldErrors).toHaveProperty('body.kinds');
  });

  it('is the learner’s own: a fresh account has none', async () => {
    const parent = (await loginAs(platform, 'parent')).api;
    const theirs = await parent.call(memberQuestion['memberQuestion.queryWrongList'], {
      body: {},
    });
    expect(theirs).toMatchObject({ content: [], totalElements: 0 });
  });
});
