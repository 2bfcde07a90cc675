import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts as accountsApi } from '../../src/contract/accounts/calls.ts';
import { question as questionApi } from '../../src/contract/question/calls.ts';
import { seedQuestions } from '../../src/server/seed/questions.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import type { Transport } from '../../src/transport/client.ts';
import { RawClient } from '../support/api.ts';
import type { DownloadedFile } from '../../src/transport/download.ts';
import { createTransport } from '../../src/transport/client.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';
import { failureOf } from '../support/errors.ts';

let platform: TestPlatform;
let admin: Transport;
let teacher: Transport;
let student: Transport;
let teacherOrganizationId: number;

const objective = {
  type: 'single' as const,
  title: '机构自测：1 + 1 = ?',
  options: [
    { label: 'A' as const, text: '1' },
    { label: 'B' as const, text: '2' },
  ],
  answer: '01',
  analysis: '1 + 1 = 2',
  tags: ['机构题'],
};

const programming = {
  type: 'programming' as const,
  title: '机构题：输出两倍',
  content: '读入 n，输出 2n。',
  difficulty: 'medium' as const,
  timeLimitMs: 1000,
  memoryLimitMiB: 128,
  samples: [{ input: '2\n', output: '4\n' }],
  referenceSolutions: { python: 'print(2 * int(input()))\n' },
  cases: [
    { input: '1\n', answer: '2\n' },
    { input: '21\n', answer: '42\n' },
  ],
};

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await loginAs(platform, 'admin')).api;
  const t = await loginAs(platform, 'teacher');
  teacher = t.api;
  teacherOrganizationId = t.user.organizationId;
  student = (await loginAs(platform, 'student')).api;
});
afterAll(async () => {
  await platform?.stop();
});

describe('seeded platform bank', () => {
  it('lists 25 programming and 20 objective questions, paged and filtered', async () => {
    const all = await admin.call(questionApi['bms.question.queryList'], {
      query: { page: 0, size: 10 },
      body: {},
    });
    expect(all.totalElements).toBe(45);
    expect(all.content).toHaveLength(10);
    expect(all.totalPages).toBe(5);
    const last = await admin.call(questionApi['bms.question.queryList'], {
      query: { page: 4, size: 10 },
      body: {},
    });
    expect(last.content).toHaveLength(5);
    expect(last.totalElements).toBe(45);
    // A page past the end has no rows to carry the total; it is still right.
    const past = await admin.call(questionApi['bms.question.queryList'], {
      query: { page: 9, size: 10 },
      body: {},
    });
    expect(past).toMatchObject({ content: [], totalElements: 45, totalPages: 5, number: 9 });
    const none = await admin.call(questionApi['bms.question.queryList'], {
      body: { keyword: '没有这道题' },
    });
    expect(none).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });

    const programs = await admin.call(questionApi['bms.question.queryList'], {
      query: { size: 100 },
      body: { type: 'programming' },
    });
    expect(programs.totalElements).toBe(25);
    expect(programs.content.every((q) => q.caseCount > 0 && q.organizationId === null)).toBe(true);
    expect(new Set(programs.content.map((q) => q.seedKey))).toContain('problem:01-a-plus-b');

    const objectives = await admin.call(questionApi['bms.question.querySimpleList'], {
      query: { size: 100 },
      body: {},
    });
    expect(objectives.content.filter((q) => q.type !== 'programming')).toHaveLength(20);

    const aPlusB = await admin.call(questionApi['bms.question.queryList'], {
      body: { keyword: 'A+B' },
    });
    expect(aPlusB.content.map((q) => q.title)).toEqual(['A+B 问题']);
    const tagged = await admin.call(questionApi['bms.question.queryList'], {
      query: { size: 100 },
      body: { tags: ['long long'] },
    });
    expect(tagged.content.every((q) => q.tags.includes('long long'))).toBe(true);
    expect(tagged.totalElements).toBeGreaterThan(0);
  });

  it('gives the full question with limits, samples and data version to staff', async () => {
    const [first] = (
      await admin.call(questionApi['bms.question.queryList'], { body: { keyword: 'A+B' } })
    ).content;
    const full = await admin.call(questionApi['bms.question.queryById'], {
      query: { id: first!.id },
    });
    expect(full).toMatchObject({ timeLimitMs: 1000, memoryLimitMiB: 256, caseCount: 11 });
    expect(full.samples[0]).toEqual({ input: '1 2\n', output: '3\n' });
    expect(full.dataVersion).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(full.referenceSolutions).sort()).toEqual(['cpp', 'python']);
  });

  it('seeds only what is missing: a second run inserts nothing', async () => {
    const client = await platform.pool.connect();
    try {
      expect(await seedQuestions(client)).toBe(0);
    } finally {
      client.release();
    }
    const total = await platform.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM questions WHERE seed_key IS NOT NULL',
    );
    expect(total.rows[0]!.n).toBe(45);
  });

  it('refuses an unknown sort field', async () => {
    const error = await failureOf(
      admin.call(questionApi['bms.question.queryList'], {
        query: { sort: 'answer,asc' },
        body: {},
      }),
    );
    expect(error.code).toBe(ErrorCode.VALIDATION);
  });
});

describe('learners', () => {
  it('see questions without answers, analysis, cases or reference solutions', async () => {
    const page = await student.call(questionApi['oj.question.queryList'], {
      query: { size: 100 },
      body: { type: 'single' },
    });
    expect(page.totalElements).toBeGreaterThan(0);
    const one = await student.call(questionApi['oj.question.queryById'], {
      query: { id: page.content[0]!.id },
    });
    expect(one.options.length).toBeGreaterThanOrEqual(2);
    for (const hidden of ['answer', 'analysis', 'referenceSolutions', 'checkerSource', 'cases']) {
      expect(one).not.toHaveProperty(hidden);
    }
    const programs = await student.call(questionApi['oj.question.queryList'], {
      body: { keyword: 'A+B' },
    });
    const program = await student.call(questionApi['oj.question.queryById'], {
      query: { id: programs.content[0]!.id },
    });
    expect(program.samples).toHaveLength(2);
    expect(program).not.toHaveProperty('referenceSolutions');
    expect(program).not.toHaveProperty('dataVersion');
  });

  it('are forbidden on the teacher and staff areas', async () => {
    for (const call of [
      questionApi['edms.question.queryList'],
      questionApi['bms.question.queryList'],
      questionApi['question.queryList'],
    ]) {
      const error = await failureOf(student.call(call, { body: {} }));
      expect(error.code).toBe(ErrorCode.FORBIDDEN);
    }
  });
});

describe('teachers', () => {
  it('create, update and delete a question of their organization', async () => {
    const created = await teacher.call(questionApi['edms.question.create'], { body: programming });
    expect(created).toMatchObject({
      organizationId: teacherOrganizationId,
      caseCount: 2,
      status: 'active',
    });
    const firstVersion = created.dataVersion;

    const { id: _id, createdAt: _c, updatedAt: _u, caseCount: _n, ...rest } = created;
    void [_id, _c, _u, _n];
    const updated = await teacher.call(questionApi['edms.question.update'], {
      body: {
        id: created.id,
        type: rest.type,
        title: '机构题：输出两倍（改）',
        content: rest.content,
        difficulty: rest.difficulty,
        timeLimitMs: 2000,
        memoryLimitMiB: 128,
        cases: [{ input: '5\n', answer: '10\n' }],
      },
    });
    expect(updated).toMatchObject({ title: '机构题：输出两倍（改）', timeLimitMs: 2000 });
    expect(updated.caseCount).toBe(1);
    expect(updated.dataVersion).not.toBe(firstVersion);

    const mine = await teacher.call(questionApi['edms.question.queryList'], {
      body: { bank: 'organization' },
    });
    expect(mine.content.map((q) => q.id)).toContain(created.id);

    // The same question through the no-prefix group (docs/product-rules.md#areas).
    expect(
      (await teacher.call(questionApi['question.queryById'], { query: { id: created.id } })).id,
    ).toBe(created.id);

    await teacher.call(questionApi['edms.question.delete'], { body: { id: created.id } });
    const gone = await failureOf(
      teacher.call(questionApi['edms.question.queryById'], { query: { id: created.id } }),
    );
    expect(gone.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('read the platform bank but cannot change or delete it', async () => {
    const [platformQuestion] = (
      await teacher.call(questionApi['edms.question.queryList'], {
        body: { bank: 'platform', keyword: 'A+B' },
      })
    ).content;
    expect(platformQuestion?.organizationId).toBeNull();
    const full = await teacher.call(questionApi['edms.question.queryById'], {
      query: { id: platformQuestion!.id },
    });
    const denied = await failureOf(
      teacher.call(questionApi['edms.question.update'], {
        body: {
          id: full.id,
          type: 'programming',
          title: '改掉平台题',
          timeLimitMs: 1000,
          memoryLimitMiB: 256,
        },
      }),
    );
    expect(denied.code).toBe(ErrorCode.FORBIDDEN);
    const notDeleted = await failureOf(
      teacher.call(questionApi['question.delete'], { body: { id: full.id } }),
    );
    expect(notDeleted.code).toBe(ErrorCode.FORBIDDEN);
    expect(
      (await admin.call(questionApi['bms.question.queryById'], { query: { id: full.id } })).title,
    ).toBe('A+B 问题');
  });

  it("do not see another organization's questions", async () => {
    const created = await admin.call(questionApi['bms.question.create'], { body: objective });
    expect(created.organizationId).toBeNull();
    // A question of some other organization: made by the teacher's second account.
    const other = await loginAs(platform, 'teacher');
    const accounts = await other.api.call(accountsApi['oj.member.queryMineTeacherList']);
    await other.api.call(accountsApi.switchOrganization, { body: { memberId: accounts[0]!.id } });
    const foreign = await other.api.call(questionApi['edms.question.create'], { body: objective });
    const hidden = await failureOf(
      teacher.call(questionApi['edms.question.queryById'], { query: { id: foreign.id } }),
    );
    expect(hidden.code).toBe(ErrorCode.NOT_FOUND);
    // Switch back, so later logins of the teacher start in the first organization again.
    await other.api.call(accountsApi.switchOrganization, {
      body: {
        memberId: (await other.api.call(accountsApi['oj.member.queryMineTeacherList']))[0]!.id,
      },
    });
  });

  it('refuse an objective question whose answer does not fit its options', async () => {
    const error = await failureOf(
      teacher.call(questionApi['edms.question.create'], { body: { ...objective, answer: '11' } }),
    );
    expect(error.code).toBe(ErrorCode.VALIDATION);
    expect(error.message).toContain('恰好一个正确选项');
  });

  it('import questions as JSON with inline cases', async () => {
    const { ids } = await teacher.call(questionApi['edms.question.import'], {
      body: {
        questions: [
          { ...programming, title: '导入题一' },
          {
            ...objective,
            title: '导入题二',
            type: 'judge',
            options: [
              { label: 'A', text: '正确' },
              { label: 'B', text: '错误' },
            ],
            answer: '10',
          },
        ],
      },
    });
    expect(ids).toHaveLength(2);
    const first = await teacher.call(questionApi['edms.question.queryById'], {
      query: { id: ids[0]! },
    });
    expect(first).toMatchObject({ title: '导入题一', caseCount: 2 });
    const second = await teacher.call(questionApi['edms.question.queryById'], {
      query: { id: ids[1]! },
    });
    expect(second).toMatchObject({ type: 'judge', answer: '10' });
  });

  it('import a question whose inline cases are larger than the default body limit', async () => {
    const line = `${'9'.repeat(1023)}\n`;
    const { ids } = await teacher.call(questionApi['question.import'], {
      body: {
        questions: [
          {
            ...programming,
            title: '大数据导入',
            cases: [{ input: line.repeat(1024), answer: '1\n' }],
          },
        ],
      },
    });
    const imported = await teacher.call(questionApi['question.queryById'], {
      query: { id: ids[0]! },
    });
    expect(imported.caseCount).toBe(1);
  });

  it('draw random questions by filter', async () => {
    const drawn = await teacher.call(questionApi['edms.question.queryRandomList'], {
      body: { type: 'programming', bank: 'platform', count: 5 },
    });
    expect(drawn).toHaveLength(5);
    expect(new Set(drawn.map((q) => q.id)).size).toBe(5);
    expect(drawn.every((q) => q.type === 'programming')).toBe(true);
  });
});

const text = (value: string) => new TextEncoder().encode(value);

/** A multipart form: the zip as field `file`, plus text fields. */
function zipForm(zip: Uint8Array, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    'file',
    new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }),
    'cases.zip',
  );
  return form;
}

describe('test data as zip', () => {
  let questionId: number;
  let downloads: DownloadedFile[];
  let exporter: Transport;

  beforeAll(async () => {
    questionId = (
      await teacher.call(questionApi['edms.question.create'], {
        body: { ...programming, title: 'zip 题' },
      })
    ).id;
    downloads = [];
    exporter = createTransport({ baseUrl: platform.apiUrl, onDownload: (f) => downloads.push(f) });
    const { username, password } = platform.accounts.teacher;
    await exporter.call(accountsApi.loginByPwd, { body: { username, password } });
  });

  it('replaces the cases from a zip and exports them back', async () => {
    const zip = zipSync({
      '1.in': text('3\n'),
      '1.out': text('6\n'),
      '2.in': text('4\n'),
      '2.out': text('8\n'),
      '3.in': text('5\n'),
      '3.out': text('10\n'),
    });
    const before = await teacher.call(questionApi['edms.question.queryById'], {
      query: { id: questionId },
    });
    const updated = await teacher.call(questionApi['edms.question.importZip'], {
      body: zipForm(zip, { id: String(questionId) }) as never,
    });
    expect(updated.caseCount).toBe(3);
    expect(updated.dataVersion).not.toBe(before.dataVersion);

    await exporter.call(questionApi['question.exportCase'], { body: { id: questionId } });
    const file = downloads.at(-1)!;
    expect(file.fileName).toBe(`question-${questionId}-cases.zip`);
    expect(file.contentType).toContain('application/zip');
    // Importing the exported archive again gives the same data version: a faithful round trip.
    const again = await teacher.call(questionApi['edms.question.importZip'], {
      body: zipForm(file.bytes, { id: String(questionId) }) as never,
    });
    expect(again.dataVersion).toBe(updated.dataVersion);
  });

  it('takes an archive far larger than the JSON body limit', async () => {
    // 3 MiB of incompressible data: multipart uploads have their own cap (32 MiB).
    const big = new Uint8Array(3 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 65536) crypto.getRandomValues(big.subarray(i, i + 65536));
    const zip = zipSync({ '1.in': big, '1.out': text('0') }, { level: 0 });
    const updated = await teacher.call(questionApi['edms.question.importZip'], {
      body: zipForm(zip, { id: String(questionId) }) as never,
    });
    expect(updated.caseCount).toBe(1);
  });

  it.each([
    ['a path outside the top level', { '../1.in': text('1'), '1.out': text('2') }, '不合规'],
    ['an unpaired case', { '1.in': text('1') }, '测试点 1 缺少 1.out'],
    [
      'a gap in the numbering',
      { '1.in': text('1'), '1.out': text('2'), '3.in': text('1'), '3.out': text('2') },
      '缺少 2',
    ],
  ])('refuses %s and keeps the old cases', async (_what, entries, message) => {
    const before = await teacher.call(questionApi['edms.question.queryById'], {
      query: { id: questionId },
    });
    const error = await failureOf(
      teacher.call(questionApi['edms.question.importZip'], {
        body: zipForm(zipSync(entries), { id: String(questionId) }) as never,
      }),
    );
    expect(error.code).toBe(ErrorCode.VALIDATION);
    expect(error.message).toContain(message);
    const after = await teacher.call(questionApi['edms.question.queryById'], {
      query: { id: questionId },
    });
    expect(after.dataVersion).toBe(before.dataVersion);
  });

  it('refuses a zip bomb: 200 MiB of zeros in a small archive', async () => {
    const bomb = zipSync(
      { '1.in': new Uint8Array(200 * 1024 * 1024), '1.out': text('0') },
      {
        level: 9,
      },
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const error = await failureOf(
      teacher.call(questionApi['edms.question.importZip'], {
        body: zipForm(bomb, { id: String(questionId) }) as never,
      }),
    );
    expect(error.message).toContain('上限');
  });

  it('refuses an upload over the size cap', async () => {
    // Random bytes do not compress: a 33 MiB archive.
    const big = new Uint8Array(33 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 65536) crypto.getRandomValues(big.subarray(i, i + 65536));
    const zip = zipSync({ '1.in': big, '1.out': text('0') }, { level: 0 });
    const error = await failureOf(
      teacher.call(questionApi['edms.question.importZip'], {
        body: zipForm(zip, { id: String(questionId) }) as never,
      }),
    );
    expect(error.code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
  });

  it("cannot replace the platform bank's cases", async () => {
    const [platformQuestion] = (
      await teacher.call(questionApi['edms.question.queryList'], {
        body: { bank: 'platform', keyword: 'A+B' },
      })
    ).content;
    const error = await failureOf(
      teacher.call(questionApi['edms.question.importZip'], {
        body: zipForm(zipSync({ '1.in': text('1'), '1.out': text('2') }), {
          id: String(platformQuestion!.id),
        }) as never,
      }),
    );
    expect(error.code).toBe(ErrorCode.FORBIDDEN);
  });

  it('previews a zip and a JSON-encoded question without saving anything', async () => {
    const count = async () =>
      (await admin.call(questionApi['bms.question.queryList'], { body: {} })).totalElements;
    const before = await count();
    const zip = zipSync({ '1.in': text('7\n'), '1.out': text('14\n') });
    const { cases: _cases, ...question } = programming;
    void _cases;
    const preview = await teacher.call(questionApi['question.unzipAndParse'], {
      body: zipForm(zip, { question: JSON.stringify(question) }) as never,
    });
    expect(preview).toMatchObject({
      caseCount: 1,
      question: { title: programming.title, timeLimitMs: 1000 },
      cases: [
        { index: 1, inputBytes: 2, answerBytes: 3, inputPreview: '7\n', answerPreview: '14\n' },
      ],
    });
    expect(preview.dataVersion).toMatch(/^[0-9a-f]{64}$/);
    expect(await count()).toBe(before);
  });

  it('asks for the file when a zip call gets none', async () => {
    // The SDK always sends multipart calls as form data; a raw client sends sealed JSON.
    const raw = new RawClient(platform.apiUrl);
    const { username, password } = platform.accounts.teacher;
    await raw.call(accountsApi.loginByPwd, { body: { username, password } });
    const answer = await raw.call(questionApi['edms.question.importZip'], {
      body: { id: questionId },
    });
    expect(answer.body.code).toBe(ErrorCode.VALIDATION);
    expect(answer.body.message).toContain('请上传测试点压缩包');
  });

  it('are not open to learners', async () => {
    const error = await failureOf(
      student.call(questionApi['question.exportCase'], { body: { id: questionId } }),
    );
    expect(error.code).toBe(ErrorCode.FORBIDDEN);
  });
});
