/**
 * Member documents over real HTTP (contract/member-document): the visibility matrix (owner,
 * another learner, the learner's teacher, another organization's teacher, platform staff, a
 * visitor), the paid gate of solution write-ups with and without the card right, the seeded
 * content, and every write's failures (another member's document, bad kind or fields, an
 * oversized body, a missing or foreign file, unpublishing someone else's) — nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts as accountsApi } from '../../src/contract/accounts/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { file } from '../../src/contract/file/calls.ts';
import {
  MAX_DOCUMENT_BODY,
  memberDocument as api,
} from '../../src/contract/member-document/calls.ts';
import { SEED_ARTICLES, SEED_SOLUTIONS } from '../../src/server/seed/document-texts.ts';
import type { Transport } from '../../src/transport/client.ts';
import type { ApiError } from '../../src/transport/errors.ts';
import { sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';

let platform: TestPlatform;
let admin: Transport;
let teacher: Transport;
let student: Transport;
/** Another learner of the same organization: the demo parent, not in the teacher's classes. */
let otherLearner: Transport;
/** The demo teacher's second account, in the other organization. */
let otherTeacher: Transport;
let visitor: Transport;
let studentMemberId: number;
let otherLearnerMemberId: number;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await loginAs(platform, 'admin')).api;
  teacher = (await loginAs(platform, 'teacher')).api;
  const s = await loginAs(platform, 'student');
  student = s.api;
  studentMemberId = s.user.id;
  const p = await loginAs(platform, 'parent');
  otherLearner = p.api;
  otherLearnerMemberId = p.user.id;
  const t2 = await loginAs(platform, 'teacher');
  otherTeacher = t2.api;
  const members = await otherTeacher.call(accountsApi['oj.member.queryMineTeacherList']);
  const second = members.find((m) => m.organizationId !== t2.user.organizationId);
  await otherTeacher.call(accountsApi.switchOrganization, { body: { memberId: second!.id } });
  visitor = sdk(platform.apiUrl);
});
afterAll(async () => {
  await platform?.stop();
});

const rowCount = async () =>
  (await platform.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM member_documents'))
    .rows[0]!.n;

/** A refusal that stores nothing. */
/** Counts the rows, then makes the call: the call starts only once the count is taken. */
async function refusedWithoutTrace(call: () => Promise<unknown>): Promise<ApiError> {
  const before = await rowCount();
  const error = await failureOf(call());
  expect(await rowCount()).toBe(before);
  return error;
}

const fieldsOf = (error: ApiError) =>
  ((error.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? []).map(
    (f) => f.field,
  );

const note = (title: string) => ({ kind: 'note' as const, title, body: `# ${title}\n\n正文` });

const upload = (client: Transport, name: string, bytes: Uint8Array) => {
  const form = new FormData();
  form.append('purpose', 'document');
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return client.call(file['common.file.upload'], {
    body: form as unknown as { purpose: 'document' },
  });
};

const seededSolution = async (paid: boolean) => {
  const seed = SEED_SOLUTIONS.find((s) => s.paid === paid)!;
  const page = await visitor.call(api['memberDocument.queryList'], {
    query: { size: 50 },
    body: { kind: 'solution', keyword: seed.title },
  });
  return page.content.find((d) => d.title === seed.title)!;
};

describe('the seeded content', () => {
  it('publishes the five articles and the camp write-ups to visitors', async () => {
    const articles = await visitor.call(api['memberDocument.queryList'], {
      query: { size: 50 },
      body: { kind: 'article', space: 'platform' },
    });
    expect(articles.content.map((a) => a.title).sort()).toEqual(
      SEED_ARTICLES.map((a) => a.title).sort(),
    );
    const solutions = await visitor.call(api['memberDocument.queryList'], {
      query: { size: 50 },
      body: { kind: 'solution' },
    });
    expect(solutions.totalElements).toBe(SEED_SOLUTIONS.length);
    expect(solutions.content.every((s) => s.questionId !== null && s.questionTitle)).toBe(true);
    expect(new Set(solutions.content.map((s) => s.paid))).toEqual(new Set([true, false]));
  });

  it('finds a question’s write-up by kind and questionId, and filters by tag and keyword', async () => {
    const free = await seededSolution(false);
    const byQuestion = await visitor.call(api['memberDocument.queryList'], {
      body: { kind: 'solution', questionId: free.questionId! },
    });
    expect(byQuestion.content.map((d) => d.id)).toEqual([free.id]);
    const tagged = await visitor.call(api['memberDocument.queryList'], {
      body: { tag: '评测' },
    });
    expect(tagged.content.map((d) => d.title)).toEqual([
      SEED_ARTICLES.find((a) => a.tags.includes('评测'))!.title,
    ]);
    const none = await visitor.call(api['memberDocument.queryList'], {
      body: { keyword: '不会出现的关键词 zzz' },
    });
    expect(none.totalElements).toBe(0);
  });
});

describe('the paid gate', () => {
  it('withholds a paid write-up from visitors and learners without solutionVideo', async () => {
    const paid = await seededSolution(true);
    for (const reader of [visitor, otherLearner]) {
      const item = await reader.call(api['memberDocument.queryById'], { query: { id: paid.id } });
      expect(item).toMatchObject({ locked: true, body: null, paid: true });
      expect(item.summary.length).toBeGreaterThan(0);
    }
    const free = await seededSolution(false);
    const open = await visitor.call(api['memberDocument.queryById'], { query: { id: free.id } });
    expect(open.locked).toBe(false);
    expect(open.body).toContain('```cpp');
  });

  it('opens it to a card holder, to staff, and to a learner once granted the right', async () => {
    const paid = await seededSolution(true);
    for (const reader of [student, teacher, admin]) {
      const item = await reader.call(api['memberDocument.queryById'], { query: { id: paid.id } });
      expect(item.locked).toBe(false);
      expect(item.body).toContain('```cpp');
    }
    await platform.pool.query(
      `INSERT INTO member_memberships (member_id, membership_id, start_date, expire_date)
       SELECT $1, id, now(), now() + interval '30 days' FROM memberships
        WHERE 'solutionVideo' = ANY(rights) ORDER BY id LIMIT 1`,
      [otherLearnerMemberId],
    );
    const granted = await otherLearner.call(api['memberDocument.queryById'], {
      query: { id: paid.id },
    });
    expect(granted.locked).toBe(false);
    await platform.pool.query(
      'UPDATE member_memberships SET ended_at = now() WHERE member_id = $1 AND ended_at IS NULL',
      [otherLearnerMemberId],
    );
    const ended = await otherLearner.call(api['memberDocument.queryById'], {
      query: { id: paid.id },
    });
    expect(ended.locked).toBe(true);
  });
});

describe('who reads a learner’s document', () => {
  let draftId: number;
  let publishedId: number;

  beforeAll(async () => {
    draftId = (await student.call(api['oj.memberDocument.create'], { body: note('草稿笔记') })).id;
    const created = await student.call(api['oj.memberDocument.create'], {
      body: { ...note('公开笔记'), tags: ['经验'] },
    });
    publishedId = created.id;
    const published = await student.call(api['oj.memberDocument.publish'], {
      body: { id: publishedId },
    });
    expect(published).toMatchObject({ state: 'published', editable: true });
    expect(published.publishedAt).not.toBeNull();
  });

  it('the owner reads both in oj, with their own filter', async () => {
    const mine = await student.call(api['oj.memberDocument.queryList'], {
      query: { size: 100 },
      body: { mine: true },
    });
    const ids = mine.content.map((d) => d.id);
    expect(ids).toEqual(expect.arrayContaining([draftId, publishedId]));
    expect(mine.content.every((d) => d.ownerMemberId === studentMemberId)).toBe(true);
    const draft = await student.call(api['oj.memberDocument.queryById'], {
      query: { id: draftId },
    });
    expect(draft).toMatchObject({ state: 'draft', space: 'personal', editable: true });
  });

  it('the learner’s teacher reads the published one only', async () => {
    const read = await teacher.call(api['edms.memberDocument.queryById'], {
      query: { id: publishedId },
    });
    expect(read).toMatchObject({ title: '公开笔记', editable: false });
    const list = await teacher.call(api['edms.memberDocument.queryList'], {
      query: { size: 100 },
      body: { ownerMemberId: studentMemberId },
    });
    expect(list.content.map((d) => d.id)).toContain(publishedId);
    expect(list.content.map((d) => d.id)).not.toContain(draftId);
    const draft = await failureOf(
      teacher.call(api['edms.memberDocument.queryById'], { query: { id: draftId } }),
    );
    expect(draft.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('another learner, another organization’s teacher and a visitor read neither', async () => {
    for (const reader of [otherLearner]) {
      for (const id of [draftId, publishedId]) {
        const error = await failureOf(
          reader.call(api['oj.memberDocument.queryById'], { query: { id } }),
        );
        expect(error.code).toBe(ErrorCode.NOT_FOUND);
      }
    }
    for (const id of [draftId, publishedId]) {
      const foreign = await failureOf(
        otherTeacher.call(api['edms.memberDocument.queryById'], { query: { id } }),
      );
      expect(foreign.code).toBe(ErrorCode.NOT_FOUND);
      const anonymous = await failureOf(
        visitor.call(api['memberDocument.queryById'], { query: { id } }),
      );
      expect(anonymous.code).toBe(ErrorCode.NOT_FOUND);
    }
    const others = await otherLearner.call(api['memberDocument.queryList'], {
      query: { size: 100 },
      body: { ownerMemberId: studentMemberId },
    });
    expect(others.totalElements).toBe(0);
  });

  it('platform staff read both, and may unpublish it but not change it', async () => {
    const draft = await admin.call(api['bms.memberDocument.queryById'], { query: { id: draftId } });
    expect(draft.editable).toBe(false);
    const update = await refusedWithoutTrace(() =>
      admin.call(api['bms.memberDocument.update'], {
        body: { id: publishedId, title: '改掉', body: '改掉' },
      }),
    );
    expect(update.code).toBe(ErrorCode.FORBIDDEN);
    expect(update.message).toContain('个人文档只能由本人修改');
    const taken = await admin.call(api['bms.memberDocument.unpublish'], {
      body: { id: publishedId, reason: '含不当内容' },
    });
    expect(taken.state).toBe('unpublished');
    const gone = await failureOf(
      teacher.call(api['edms.memberDocument.queryById'], { query: { id: publishedId } }),
    );
    expect(gone.code).toBe(ErrorCode.NOT_FOUND);
    await student.call(api['oj.memberDocument.publish'], { body: { id: publishedId } });
  });
});

describe('an organization’s documents', () => {
  let articleId: number;

  beforeAll(async () => {
    articleId = (
      await teacher.call(api['edms.memberDocument.create'], {
        body: { kind: 'article', title: '本机构公告', summary: '摘要', body: '## 通知' },
      })
    ).id;
  });

  it('its staff see the draft, its learners once published, other organizations never', async () => {
    const learnerBefore = await failureOf(
      student.call(api['oj.memberDocument.queryById'], { query: { id: articleId } }),
    );
    expect(learnerBefore.code).toBe(ErrorCode.NOT_FOUND);
    await teacher.call(api['edms.memberDocument.publish'], { body: { id: articleId } });
    const learner = await student.call(api['memberDocument.queryById'], {
      query: { id: articleId },
    });
    expect(learner).toMatchObject({ space: 'organization', editable: false });
    for (const reader of [otherTeacher]) {
      const error = await failureOf(
        reader.call(api['edms.memberDocument.queryById'], { query: { id: articleId } }),
      );
      expect(error.code).toBe(ErrorCode.NOT_FOUND);
    }
    const anonymous = await failureOf(
      visitor.call(api['memberDocument.queryById'], { query: { id: articleId } }),
    );
    expect(anonymous.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('another organization’s teacher can neither change nor unpublish it', async () => {
    const update = await refusedWithoutTrace(() =>
      otherTeacher.call(api['edms.memberDocument.update'], {
        body: { id: articleId, title: '改', body: '改' },
      }),
    );
    expect(update.code).toBe(ErrorCode.NOT_FOUND);
    const unpublish = await failureOf(
      otherTeacher.call(api['edms.memberDocument.unpublish'], { body: { id: articleId } }),
    );
    expect(unpublish.code).toBe(ErrorCode.NOT_FOUND);
    const learnerUnpublish = await failureOf(
      student.call(api['oj.memberDocument.unpublish'], { body: { id: articleId } }),
    );
    expect(learnerUnpublish.code).toBe(ErrorCode.FORBIDDEN);
  });
});

describe('writes refused, nothing stored', () => {
  it('refuses kinds an area does not write, naming body.kind', async () => {
    const learner = await refusedWithoutTrace(() =>
      student.call(api['oj.memberDocument.create'], {
        body: { kind: 'article', title: '文章', body: '正文' },
      }),
    );
    expect(learner.code).toBe(ErrorCode.VALIDATION);
    expect(fieldsOf(learner)).toEqual(['body.kind']);
    expect(learner.message).toContain('学员不能新建文章');
    const staff = await refusedWithoutTrace(() =>
      admin.call(api['bms.memberDocument.create'], { body: note('平台笔记') }),
    );
    expect(fieldsOf(staff)).toEqual(['body.kind']);
    const unknown = await refusedWithoutTrace(() =>
      student.call(api['oj.memberDocument.create'], {
        body: { kind: 'poem' as never, title: '诗', body: '正文' },
      }),
    );
    expect(fieldsOf(unknown)).toEqual(['body.kind']);
  });

  it('refuses bad fields, each named', async () => {
    const empty = await refusedWithoutTrace(() =>
      student.call(api['oj.memberDocument.create'], {
        body: { kind: 'note', title: '  ', body: '   ', tags: ['不存在的标签'] },
      }),
    );
    expect(fieldsOf(empty).sort()).toEqual(['body.title']);
    const fields = await refusedWithoutTrace(() =>
      student.call(api['oj.memberDocument.create'], {
        body: { kind: 'note', title: '标题', body: ' ', tags: ['不存在的标签'], paid: true },
      }),
    );
    expect(fieldsOf(fields).sort()).toEqual(['body.body', 'body.paid', 'body.tags']);
    expect(JSON.stringify(fields.data)).toContain('不在文档标签字典');
    const oversized = await refusedWithoutTrace(() =>
      student.call(api['oj.memberDocument.create'], {
        body: { kind: 'note', title: '长文', body: 'x'.repeat(MAX_DOCUMENT_BODY + 1) },
      }),
    );
    expect(fieldsOf(oversized)).toEqual(['body.body']);
    expect(oversized.message).toContain(`正文最多 ${MAX_DOCUMENT_BODY} 个字符`);
  });

  it('refuses a solution without a platform question, and a paid flag on an article', async () => {
    const noQuestion = await refusedWithoutTrace(() =>
      admin.call(api['bms.memberDocument.create'], {
        body: { kind: 'solution', title: '题解', body: '思路' },
      }),
    );
    expect(fieldsOf(noQuestion)).toEqual(['body.questionId']);
    const missing = await refusedWithoutTrace(() =>
      admin.call(api['bms.memberDocument.create'], {
        body: { kind: 'solution', title: '题解', body: '思路', questionId: 2_000_000_000 },
      }),
    );
    expect(missing.message).toContain('题目 2000000000 不存在');
    const paidArticle = await refusedWithoutTrace(() =>
      admin.call(api['bms.memberDocument.create'], {
        body: { kind: 'article', title: '文章', body: '正文', paid: true },
      }),
    );
    expect(fieldsOf(paidArticle)).toEqual(['body.paid']);
  });

  it('takes a file document only with the caller’s own uploaded document file', async () => {
    const none = await refusedWithoutTrace(() =>
      student.call(api['oj.memberDocument.create'], { body: { kind: 'file', title: '讲义' } }),
    );
    expect(fieldsOf(none)).toEqual(['body.fileName']);
    const missing = await refusedWithoutTrace(() =>
      student.call(api['oj.memberDocument.create'], {
        body: { kind: 'file', title: '讲义', fileName: 'nothing-here.pdf' },
      }),
    );
    expect(missing.message).toContain('文件 nothing-here.pdf 不存在');
    const foreign = await upload(otherLearner, '别人的.md', Buffer.from('# 别人的笔记\n'));
    const notMine = await refusedWithoutTrace(() =>
      student.call(api['oj.memberDocument.create'], {
        body: { kind: 'file', title: '讲义', fileName: foreign.fileName },
      }),
    );
    expect(notMine.message).toContain('不是你上传的');
    const mine = await upload(student, '我的笔记.md', Buffer.from('# 我的笔记\n'));
    const created = await student.call(api['oj.memberDocument.create'], {
      body: { kind: 'file', title: '我的文件', fileName: mine.fileName },
    });
    expect(created).toMatchObject({
      kind: 'file',
      fileName: mine.fileName,
      originalName: '我的笔记.md',
    });
    expect(created.fileUrl).toContain(mine.fileName);
    const bytes = await fetch(new URL(created.fileUrl!, platform.url));
    expect(bytes.status).toBe(200);
    expect(await bytes.text()).toBe('# 我的笔记\n');
  });

  it('refuses changes to another member’s document and keeps it as it was', async () => {
    const mine = await student.call(api['oj.memberDocument.create'], { body: note('不许改') });
    const update = await failureOf(
      otherLearner.call(api['oj.memberDocument.update'], {
        body: { id: mine.id, title: '改了', body: '改了' },
      }),
    );
    expect(update.code).toBe(ErrorCode.NOT_FOUND);
    const remove = await failureOf(
      otherLearner.call(api['oj.memberDocument.delete'], { body: { id: mine.id } }),
    );
    expect(remove.code).toBe(ErrorCode.NOT_FOUND);
    const publish = await failureOf(
      teacher.call(api['edms.memberDocument.publish'], { body: { id: mine.id } }),
    );
    expect(publish.code).toBe(ErrorCode.NOT_FOUND);
    const still = await student.call(api['oj.memberDocument.queryById'], {
      query: { id: mine.id },
    });
    expect(still).toMatchObject({ title: '不许改', state: 'draft' });
  });

  it('refuses a move the lifecycle does not allow, naming the state', async () => {
    const draft = await student.call(api['oj.memberDocument.create'], { body: note('草稿') });
    const error = await failureOf(
      student.call(api['oj.memberDocument.unpublish'], { body: { id: draft.id } }),
    );
    expect(error.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
  });
});

describe('the owner’s lifecycle', () => {
  it('creates, updates, publishes, unpublishes and deletes a note', async () => {
    const created = await student.call(api['oj.memberDocument.create'], {
      body: { ...note('循环笔记'), tags: ['入门'] },
    });
    expect(created).toMatchObject({ state: 'draft', kind: 'note', tags: ['入门'] });
    const updated = await student.call(api['oj.memberDocument.update'], {
      body: { id: created.id, title: '循环笔记（改）', body: '改过的正文', tags: [] },
    });
    expect(updated).toMatchObject({ title: '循环笔记（改）', body: '改过的正文', tags: [] });
    await student.call(api['oj.memberDocument.publish'], { body: { id: created.id } });
    const down = await student.call(api['oj.memberDocument.unpublish'], {
      body: { id: created.id },
    });
    expect(down.state).toBe('unpublished');
    await student.call(api['oj.memberDocument.delete'], { body: { id: created.id } });
    const gone = await failureOf(
      student.call(api['oj.memberDocument.queryById'], { query: { id: created.id } }),
    );
    expect(gone.code).toBe(ErrorCode.NOT_FOUND);
    const again = await failureOf(
      student.call(api['oj.memberDocument.delete'], { body: { id: created.id } }),
    );
    expect(again.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('takes a body of exactly the largest size, in Chinese', async () => {
    const body = '中'.repeat(MAX_DOCUMENT_BODY);
    const created = await student.call(api['oj.memberDocument.create'], {
      body: { kind: 'note', title: '最长的笔记', body },
    });
    const read = await student.call(api['oj.memberDocument.queryById'], {
      query: { id: created.id },
    });
    expect(read.body).toHaveLength(MAX_DOCUMENT_BODY);
  });

  it('lets platform staff write, publish and lock a solution', async () => {
    const free = await seededSolution(false);
    const created = await admin.call(api['bms.memberDocument.create'], {
      body: {
        kind: 'solution',
        title: '另一种解法',
        body: '```cpp\nint main() {}\n```',
        questionId: free.questionId!,
        paid: true,
        tags: ['题解'],
      },
    });
    await admin.call(api['bms.memberDocument.publish'], { body: { id: created.id } });
    const seen = await visitor.call(api['memberDocument.queryById'], {
      query: { id: created.id },
    });
    expect(seen).toMatchObject({ locked: true, body: null, questionTitle: free.questionTitle });
    const simple = await admin.call(api['bms.memberDocument.querySimpleList'], {
      body: { questionId: free.questionId! },
    });
    expect(simple.content.map((d) => d.id)).toContain(created.id);
  });
});
