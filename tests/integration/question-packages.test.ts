/**
 * Problem packages in the question bank (issue 14), against the real server, database and judge
 * workers: one package of each format (Polygon, Hydro, FPS, QDUOJ) previewed, imported and
 * judged AC with its reference solution as a learner submits it; the file-I/O seed question;
 * export as Hydro and FPS and import back; malformed packages refused naming `file` with
 * nothing saved; who may import and export what.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts as accountsApi } from '../../src/contract/accounts/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { memberQuestion } from '../../src/contract/member-question/calls.ts';
import { question as questionApi } from '../../src/contract/question/calls.ts';
import { TEST_CACHE_DIR } from '../../src/judge/test-support.ts';
import { materialiseQuestion } from '../../src/server/judge-service/materialise.ts';
import { SECOND_ORGANIZATION } from '../../src/server/seed/demo-data.ts';
import { createTransport, type Transport } from '../../src/transport/client.ts';
import type { DownloadedFile } from '../../src/transport/download.ts';
import { judged } from '../support/answers.ts';
import { failureOf } from '../support/errors.ts';
import {
  fpsPackage,
  hydroPackage,
  PARITY_PY,
  PNG,
  polygonPackage,
  PRODUCT_PY,
  qduojPackage,
  SUM_CPP,
  zip,
} from '../support/packages.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';

const APPLE = path.resolve(import.meta.dirname, '../../seed/problems/24-apple-boxes');
const appleSolution = (name: string) => readFileSync(path.join(APPLE, 'solutions', name), 'utf8');
const GUESS = path.resolve(import.meta.dirname, '../../seed/problems/25-guess-number');

let platform: TestPlatform;
let admin: Transport;
let teacher: Transport;
let student: Transport;
let teacherOrganizationId: number;
const downloads: DownloadedFile[] = [];
/** Admin and teacher sessions whose downloads land in `downloads`. */
let adminExporter: Transport;
let teacherExporter: Transport;

beforeAll(async () => {
  platform = await startTestPlatform({
    judgeWorkers: 1,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: '',
      // Shared with the judge's own tests: the PCH and launcher are built once per machine.
      JUDGE_CACHE_DIR: TEST_CACHE_DIR,
    },
  });
  admin = (await loginAs(platform, 'admin')).api;
  const t = await loginAs(platform, 'teacher');
  teacher = t.api;
  teacherOrganizationId = t.user.organizationId;
  student = (await loginAs(platform, 'student')).api;
  const exporter = async (role: 'admin' | 'teacher') => {
    const api = createTransport({ baseUrl: platform.apiUrl, onDownload: (f) => downloads.push(f) });
    const { username, password } = platform.accounts[role];
    await api.call(accountsApi.loginByPwd, { body: { username, password } });
    return api;
  };
  adminExporter = await exporter('admin');
  teacherExporter = await exporter('teacher');
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

/** A multipart form: the package as field `file`, plus text fields (repeated for arrays). */
function packageForm(
  bytes: Uint8Array,
  fileName: string,
  fields: Record<string, string | string[]> = {},
): never {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), fileName);
  return form as never;
}

const questionCount = async () =>
  (await platform.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM questions')).rows[0]!.n;

/** The file rows and the bytes in the disk store, so a refusal is seen to leave neither. */
async function storedFiles() {
  const { rows } = await platform.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM files');
  const dir = path.join(platform.dataDir, 'files');
  return { rows: rows[0]!.n, bytes: existsSync(dir) ? readdirSync(dir).sort() : [] };
}

const full = (id: number) => admin.call(questionApi['bms.question.queryById'], { query: { id } });

/** Publishes the question and submits `source` as the demo learner; the judged answer. */
async function submitAsLearner(id: number, language: 'cpp' | 'python', source: string) {
  const q = await full(id);
  if (q.publication !== 'published') {
    if (q.organizationId === null) {
      await admin.call(questionApi['bms.question.publish'], { body: { id } });
    } else {
      await teacher.call(questionApi['edms.question.publish'], { body: { id } });
    }
  }
  const queued = await student.call(memberQuestion['memberQuestion.submitAnswer'], {
    body: { questionId: id, language, source },
  });
  return judged(student, queued.id, 90_000);
}

/** Imports through the platform bank's call; the new ids. */
async function importAsAdmin(bytes: Uint8Array, fileName: string, items?: string[]) {
  const { ids } = await admin.call(questionApi['bms.question.importPackage'], {
    body: packageForm(bytes, fileName, items ? { items } : {}),
  });
  return ids;
}

describe('one package of each format, imported and judged', () => {
  it('Polygon: preview shows the testlib checker and solutions; imported, judged AC', async () => {
    const bytes = polygonPackage();
    const before = await questionCount();
    const preview = await admin.call(questionApi['bms.question.previewPackage'], {
      body: packageForm(bytes, 'pkg-sum.zip'),
    });
    expect(await questionCount()).toBe(before);
    expect(preview).toMatchObject({ format: 'polygon', formatName: 'Polygon' });
    expect(preview.problems).toHaveLength(1);
    expect(preview.problems[0]).toMatchObject({
      index: 1,
      title: '包导入：求和（Polygon）',
      timeLimitMs: 1000,
      memoryLimitMiB: 256,
      caseCount: 3,
      checker: 'testlib',
      io: { mode: 'stdio' },
      interactive: false,
      scoring: 'sum',
      subtaskCount: 0,
      referenceSolutions: ['cpp'],
      solutions: ['main（cpp）', 'wrong-answer（python）'],
    });

    const [id] = await importAsAdmin(bytes, 'pkg-sum.zip');
    const q = await full(id!);
    expect(q).toMatchObject({
      title: '包导入：求和（Polygon）',
      organizationId: null,
      publication: 'draft',
      checker: { type: 'testlib' },
      caseCount: 3,
      io: { mode: 'stdio' },
      interactive: false,
      interactorSource: null,
    });
    expect(q.checkerSource).toContain('registerTestlibCmd');
    expect(q.referenceSolutions.cpp).toContain('a + b');
    expect(q.content).toContain('**它们的和**');

    const detail = await submitAsLearner(id!, 'cpp', q.referenceSolutions.cpp!);
    expect(detail).toMatchObject({ verdict: 'AC', score: 100 });
    expect(detail.cases.map((c) => c.verdict)).toEqual(['AC', 'AC', 'AC']);
    const wrong = await submitAsLearner(id!, 'python', 'print(0)\n');
    expect(wrong.verdict).toBe('WA');
  }, 180_000);

  it('Hydro: subtasks and the statement picture, stored in the file store and linked', async () => {
    const bytes = hydroPackage();
    const preview = await admin.call(questionApi['bms.question.previewPackage'], {
      body: packageForm(bytes, 'hydro.zip'),
    });
    expect(preview.format).toBe('hydro');
    expect(preview.problems[0]).toMatchObject({
      scoring: 'subtasks',
      subtaskCount: 2,
      images: 1,
      timeLimitMs: 1000,
      memoryLimitMiB: 256,
    });
    const [id] = await importAsAdmin(bytes, 'hydro.zip');
    const q = await full(id!);
    expect(q.subtasks).toEqual([
      { cases: [1], score: 40, mode: 'min' },
      { cases: [2, 3], score: 60, mode: 'sum' },
    ]);
    const link = /!\[示意图\]\((\/xinao\/api\/common\/file\/[0-9a-f]{32}\.png)\)/.exec(q.content);
    expect(link).not.toBeNull();
    // The picture is served from the store, byte for byte, by its public path.
    const served = await fetch(`${new URL(platform.apiUrl).origin}${link![1]}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    const detail = await submitAsLearner(id!, 'cpp', SUM_CPP);
    expect(detail).toMatchObject({ verdict: 'AC', score: 100 });
  }, 120_000);

  it('FPS: a many-problem file; items choose which problems come in', async () => {
    const bytes = fpsPackage();
    const preview = await admin.call(questionApi['bms.question.previewPackage'], {
      body: packageForm(bytes, 'hustoj.xml'),
    });
    expect(preview.format).toBe('fps');
    expect(preview.problems.map((p) => [p.index, p.title, p.referenceSolutions])).toEqual([
      [1, '包导入：求和（FPS）', ['cpp']],
      [2, '包导入：求积（FPS）', ['python']],
    ]);
    const ids = await importAsAdmin(bytes, 'hustoj.xml', ['2']);
    expect(ids).toHaveLength(1);
    const q = await full(ids[0]!);
    expect(q).toMatchObject({ title: '包导入：求积（FPS）', memoryLimitMiB: 128, caseCount: 2 });
    expect(q.content).toMatch(/<img src="\/xinao\/api\/common\/file\/[0-9a-f]{32}\.png"/);
    expect(q.referenceSolutions.python).toBe(PRODUCT_PY);

    const detail = await submitAsLearner(ids[0]!, 'python', q.referenceSolutions.python!);
    expect(detail).toMatchObject({ verdict: 'AC', score: 100 });

    const beyond = await failureOf(
      admin.call(questionApi['bms.question.importPackage'], {
        body: packageForm(bytes, 'hustoj.xml', { items: ['3'] }),
      }),
    );
    expect(beyond.code).toBe(ErrorCode.VALIDATION);
    expect(beyond.fieldErrors['body.items']).toContain('没有第 3 题');
  }, 120_000);

  it('QDUOJ: per-case scores as subtasks; judged AC with its Python answer', async () => {
    const bytes = qduojPackage();
    const preview = await admin.call(questionApi['bms.question.previewPackage'], {
      body: packageForm(bytes, 'qduoj.zip'),
    });
    expect(preview.format).toBe('qduoj');
    expect(preview.problems[0]).toMatchObject({ scoring: 'subtasks', caseCount: 2 });
    const [id] = await importAsAdmin(bytes, 'qduoj.zip');
    const q = await full(id!);
    expect(q.subtasks!.map((s) => s.score)).toEqual([30, 70]);
    expect(q.referenceSolutions.python).toBe(PARITY_PY);
    const detail = await submitAsLearner(id!, 'python', PARITY_PY);
    expect(detail).toMatchObject({ verdict: 'AC', score: 100 });
  }, 120_000);
});

describe('file I/O (文件输入输出)', () => {
  let appleId: number;
  beforeAll(async () => {
    const { rows } = await platform.pool.query<{ id: number }>(
      `SELECT id FROM questions WHERE seed_key = 'problem:24-apple-boxes'`,
    );
    appleId = rows[0]!.id;
  });

  it('the seed question says which files, to staff and learners', async () => {
    const q = await full(appleId);
    expect(q.io).toEqual({ mode: 'file', input: 'apple.in', output: 'apple.out' });
    const seen = await student.call(questionApi['oj.question.queryById'], {
      query: { id: appleId },
    });
    expect(seen).toMatchObject({
      io: { mode: 'file', input: 'apple.in', output: 'apple.out' },
      interactive: false,
    });
    expect(seen).not.toHaveProperty('interactorSource');
    expect(seen.content).toContain('apple.in');
  });

  it('is AC with freopen and WA when the program writes to stdout only', async () => {
    const ac = await submitAsLearner(appleId, 'cpp', appleSolution('ref.cpp'));
    expect(ac).toMatchObject({ verdict: 'AC', score: 100 });
    const wa = await submitAsLearner(appleId, 'python', appleSolution('wrong.py'));
    expect(wa.verdict).toBe('WA');
  }, 120_000);

  it('a change of io changes the data version; bad file names are refused naming the field', async () => {
    const created = await teacher.call(questionApi['edms.question.create'], {
      body: {
        type: 'programming',
        title: '文件题：两倍',
        timeLimitMs: 1000,
        memoryLimitMiB: 128,
        cases: [{ input: '2\n', answer: '4\n' }],
      },
    });
    expect(created).toMatchObject({ io: { mode: 'stdio' }, interactive: false });
    const { id, dataVersion, ...rest } = created;
    const moved = await teacher.call(questionApi['edms.question.update'], {
      body: {
        id,
        type: 'programming',
        title: rest.title,
        timeLimitMs: 1000,
        memoryLimitMiB: 128,
        io: { mode: 'file', input: 'double.in', output: 'double.out' },
      },
    });
    expect(moved.io).toEqual({ mode: 'file', input: 'double.in', output: 'double.out' });
    expect(moved.dataVersion).not.toBe(dataVersion);

    for (const [io, field] of [
      [{ mode: 'file', input: '../x.in', output: 'x.out' }, 'body.io.input'],
      [{ mode: 'file', input: 'x.in', output: 'x.in' }, 'body.io.output'],
    ] as const) {
      const bad = await failureOf(
        teacher.call(questionApi['edms.question.update'], {
          body: {
            id,
            type: 'programming',
            title: rest.title,
            timeLimitMs: 1000,
            memoryLimitMiB: 128,
            io: io as never,
          },
        }),
      );
      expect(bad.code).toBe(ErrorCode.VALIDATION);
      expect(bad.fieldErrors[field]).toBeTruthy();
    }
    const noInteractor = await failureOf(
      teacher.call(questionApi['edms.question.update'], {
        body: {
          id,
          type: 'programming',
          title: rest.title,
          timeLimitMs: 1000,
          memoryLimitMiB: 128,
          interactive: true,
        },
      }),
    );
    expect(noInteractor.fieldErrors['body.interactorSource']).toContain('交互器');
    expect((await full(id)).io).toEqual({ mode: 'file', input: 'double.in', output: 'double.out' });
  });
});

describe('interactive questions (交互题)', () => {
  let guessId: number;
  beforeAll(async () => {
    const { rows } = await platform.pool.query<{ id: number }>(
      `SELECT id FROM questions WHERE seed_key = 'problem:25-guess-number'`,
    );
    guessId = rows[0]!.id;
  });

  it('the seed reads interactor.cpp; staff see the source, learners only the flag', async () => {
    const q = await full(guessId);
    expect(q).toMatchObject({ interactive: true, io: { mode: 'stdio' } });
    expect(q.interactorSource).toContain('registerInteraction');
    const seen = await student.call(questionApi['oj.question.queryById'], {
      query: { id: guessId },
    });
    expect(seen.interactive).toBe(true);
    expect(seen).not.toHaveProperty('interactorSource');
  });

  it('is judged through the queue: the binary search AC, the linear search WA', async () => {
    const solution = (file: string) => readFileSync(path.join(GUESS, 'solutions', file), 'utf8');
    const ac = await submitAsLearner(guessId, 'cpp', solution('ref.cpp'));
    expect(ac).toMatchObject({ verdict: 'AC', score: 100 });
    const wa = await submitAsLearner(guessId, 'python', solution('wrong.py'));
    expect(wa.verdict).toBe('WA');
  }, 120_000);

  it('a worker’s problem directory carries the interactor and the mode', async () => {
    const cache = mkdtempSync(path.join(platform.dataDir, 'materialise-'));
    const problem = await materialiseQuestion(platform.pool, guessId, cache);
    expect(problem.meta.interactive).toBe(true);
    expect(problem.interactorSource).toContain('registerInteraction');
    const apple = await platform.pool.query<{ id: number }>(
      `SELECT id FROM questions WHERE seed_key = 'problem:24-apple-boxes'`,
    );
    const file = await materialiseQuestion(platform.pool, apple.rows[0]!.id, cache);
    expect(file.meta.io).toEqual({ mode: 'file', input: 'apple.in', output: 'apple.out' });
    expect(existsSync(path.join(file.dir, 'interactor.cpp'))).toBe(false);
  });

  it('create refuses an interactive question without its interactor, or with file I/O', async () => {
    const base = {
      type: 'programming' as const,
      title: '交互：猜数',
      timeLimitMs: 1000,
      memoryLimitMiB: 256,
      interactive: true,
      cases: [{ input: '5\n', answer: '' }],
    };
    const before = await questionCount();
    const missing = await failureOf(
      teacher.call(questionApi['edms.question.create'], { body: base }),
    );
    expect(missing.fieldErrors['body.interactorSource']).toBe(
      '交互题须提供 interactorSource（交互器源码）',
    );
    const withFiles = await failureOf(
      teacher.call(questionApi['edms.question.create'], {
        body: {
          ...base,
          interactorSource: 'int main(){}',
          io: { mode: 'file', input: 'g.in', output: 'g.out' },
        },
      }),
    );
    expect(withFiles.fieldErrors['body.io']).toContain('交互题使用标准输入输出');
    expect(await questionCount()).toBe(before);
    const made = await teacher.call(questionApi['edms.question.create'], {
      body: { ...base, interactorSource: 'int main(){}' },
    });
    expect(made).toMatchObject({ interactive: true, interactorSource: 'int main(){}' });
    const changed = await teacher.call(questionApi['edms.question.update'], {
      body: { ...base, id: made.id, interactorSource: 'int main(){return 0;}' },
    });
    expect(changed.dataVersion).not.toBe(made.dataVersion);
  });

  it('a Polygon package with an interactor comes in interactive', async () => {
    const xml = polygonPackage();
    const bytes = withInteractor(xml);
    const preview = await admin.call(questionApi['bms.question.previewPackage'], {
      body: packageForm(bytes, 'interactive.zip'),
    });
    expect(preview.problems[0]!.interactive).toBe(true);
    const [id] = await importAsAdmin(bytes, 'interactive.zip');
    const q = await full(id!);
    expect(q.interactive).toBe(true);
    expect(q.interactorSource).toContain('registerInteraction');
  });
});

describe('export and import back', () => {
  let sources: number[];
  beforeAll(async () => {
    const { rows } = await platform.pool.query<{ id: number }>(
      `SELECT id FROM questions
        WHERE seed_key IN ('problem:24-apple-boxes', 'problem:22-max-subarray',
                           'problem:23-pair-sum', 'problem:25-guess-number')
        ORDER BY seed_key`,
    );
    sources = rows.map((r) => r.id);
    expect(sources).toHaveLength(4);
  });

  const same = async (from: number, to: number, minus: string[] = []) => {
    const a = await full(from);
    const b = await full(to);
    const pick = (q: typeof a) => ({
      title: q.title,
      timeLimitMs: q.timeLimitMs,
      memoryLimitMiB: q.memoryLimitMiB,
      checker: q.checker,
      checkerSource: q.checkerSource,
      io: q.io,
      interactive: q.interactive,
      scoring: q.scoring,
      subtasks: q.subtasks,
      caseCount: q.caseCount,
      samples: q.samples,
      // The data version hashes the cases, the checker, its source and the I/O mode.
      dataVersion: q.dataVersion,
    });
    const expected: Record<string, unknown> = pick(a);
    const got: Record<string, unknown> = pick(b);
    for (const key of minus) {
      delete expected[key];
      delete got[key];
    }
    expect(got).toEqual(expected);
    expect(b.publication).toBe('draft');
  };

  it('Hydro: the same title, limits, checker, io, subtasks and cases', async () => {
    await adminExporter.call(questionApi['bms.question.exportPackage'], {
      body: { ids: sources, format: 'hydro' },
    });
    const file = downloads.at(-1)!;
    expect(file.fileName).toBe('questions-4.hydro.zip');
    expect(file.contentType).toContain('application/zip');
    expect(file.notes).toBeUndefined();
    const ids = await importAsAdmin(file.bytes, file.fileName);
    expect(ids).toHaveLength(4);
    for (const [k, id] of ids.entries()) await same(sources[k]!, id);
    expect((await full(ids[3]!)).interactorSource).toBe((await full(sources[3]!)).interactorSource);
  }, 60_000);

  it('FPS: the same problem minus what the notes name (checker, subtasks, file I/O)', async () => {
    await adminExporter.call(questionApi['bms.question.exportPackage'], {
      body: { ids: sources, format: 'fps' },
    });
    const file = downloads.at(-1)!;
    expect(file.fileName).toBe('questions-4.fps.xml');
    expect(file.contentType).toContain('xml');
    const notes = file.notes ?? [];
    expect(notes.join('\n')).toMatch(/苹果装箱.*文件输入输出/);
    expect(notes.join('\n')).toMatch(/子任务/);
    expect(notes.join('\n')).toMatch(/testlib/);
    expect(notes.join('\n')).toMatch(/猜数字.*交互/);
    const ids = await importAsAdmin(file.bytes, file.fileName);
    expect(ids).toHaveLength(4);
    const bySeed = new Map<number, string[]>([
      // In seed-key order — 22: subtasks are lost; 23: the testlib checker; 24: file I/O.
      [0, ['scoring', 'subtasks', 'dataVersion', 'samples']],
      [1, ['checker', 'checkerSource', 'dataVersion', 'samples']],
      [2, ['io', 'dataVersion', 'samples']],
      [3, ['interactive', 'dataVersion', 'samples']],
    ]);
    for (const [k, id] of ids.entries()) await same(sources[k]!, id, bySeed.get(k));
    // What FPS does carry of the cases is unchanged: same count, same bytes (compared by hash:
    // a deep comparison of megabytes byte by byte is slow).
    const digests = async (id: number) =>
      (
        await platform.pool.query<{ d: string }>(
          `SELECT encode(sha256(input), 'hex') || encode(sha256(answer), 'hex') AS d
             FROM question_cases WHERE question_id = $1 ORDER BY idx`,
          [id],
        )
      ).rows.map((r) => r.d);
    for (const [k, id] of ids.entries()) {
      const original = await digests(sources[k]!);
      expect(original.length).toBeGreaterThan(0);
      expect(await digests(id)).toEqual(original);
    }
  }, 60_000);

  it('an imported picture goes out with the export and comes back stored again', async () => {
    const [id] = await importAsAdmin(hydroPackage(), 'hydro.zip');
    await adminExporter.call(questionApi['bms.question.exportPackage'], {
      body: { ids: [id!], format: 'hydro' },
    });
    const file = downloads.at(-1)!;
    expect(file.fileName).toBe(`question-${id}.hydro.zip`);
    const preview = await admin.call(questionApi['bms.question.previewPackage'], {
      body: packageForm(file.bytes, file.fileName),
    });
    expect(preview.problems[0]!.images).toBe(1);
    const [back] = await importAsAdmin(file.bytes, file.fileName);
    const link = /\/xinao\/api\/common\/file\/([0-9a-f]{32}\.png)/.exec(
      (await full(back!)).content,
    );
    expect(link).not.toBeNull();
    expect(link![1]).not.toBe(
      /\/xinao\/api\/common\/file\/([0-9a-f]{32}\.png)/.exec((await full(id!)).content)![1],
    );
  }, 60_000);
});

describe('malformed packages', () => {
  const cases: [string, Uint8Array, string, RegExp][] = [
    ['missing tests', polygonPackage({ withoutTest: 2 }), 'standard.zip', /不含生成的测试数据/],
    [
      'bad XML',
      Buffer.from('<?xml version="1.0"?><fps version="1.2"><item><title>x</item></fps>'),
      'bad.xml',
      /bad\.xml 不是合法的 XML/,
    ],
    ['zip slip', zip({ '../evil.in': new Uint8Array([49]) }), 'slip.zip', /\.\.\/evil\.in/],
    [
      'a 2 GB declared size',
      twoGigabyteZip(),
      'big.zip',
      /big\.zip 中 problem\.yaml 声明解压后 2048 MiB/,
    ],
    ['a non-package file', Buffer.from('hello, not a package'), 'notes.txt', /无法识别题目包格式/],
    [
      'a zip that is no package',
      zip({ 'readme.txt': new Uint8Array([49]) }),
      'x.zip',
      /不是可识别的题目包/,
    ],
  ];

  it.each(cases)(
    '%s: refused naming `file`, in Chinese, nothing saved',
    async (_what, bytes, name, message) => {
      const before = await questionCount();
      const files = await platform.pool.query('SELECT count(*)::int AS n FROM files');
      for (const call of [
        questionApi['bms.question.previewPackage'],
        questionApi['bms.question.importPackage'],
      ] as const) {
        const err = await failureOf(admin.call(call, { body: packageForm(bytes, name) }));
        expect(err.code).toBe(ErrorCode.VALIDATION);
        expect(err.fieldErrors.file).toMatch(message);
      }
      expect(await questionCount()).toBe(before);
      expect((await platform.pool.query('SELECT count(*)::int AS n FROM files')).rows).toEqual(
        files.rows,
      );
    },
  );

  it('refuses before saving: problem 2 of 2 beyond the bank’s limits keeps problem 1 out', async () => {
    const good = fpsPackage().toString();
    // The second item brings 201 cases, more than a question of the bank holds (200).
    const many = Array.from(
      { length: 200 },
      (_, k) =>
        `<test_input><![CDATA[${k} 1\n]]></test_input>\n<test_output><![CDATA[${k}\n]]></test_output>`,
    ).join('\n');
    const bad = Buffer.from(
      good.replace(/(<item>[\s\S]*?<\/item>\s*<item>[\s\S]*?)(<hint>)/, `$1${many}\n$2`),
    );
    expect(bad.length).toBeGreaterThan(good.length);
    const before = await questionCount();
    const files = await storedFiles();
    const err = await failureOf(
      admin.call(questionApi['bms.question.importPackage'], { body: packageForm(bad, 'set.xml') }),
    );
    expect(err.code).toBe(ErrorCode.VALIDATION);
    expect(err.fieldErrors.file).toMatch(/set\.xml 第 2 题「包导入：求积（FPS）」.*202 个.*200 个/);
    expect(await questionCount()).toBe(before);
    expect(await storedFiles()).toEqual(files);
    // The preview says so before anything is tried.
    const preview = await admin.call(questionApi['bms.question.previewPackage'], {
      body: packageForm(bad, 'set.xml'),
    });
    expect(preview.problems[0]!.warnings.join()).not.toContain('无法导入');
    expect(preview.problems[1]!.warnings.join()).toContain('无法导入');
  });

  it('never half-imports: a database failure at problem 2 of 2 leaves nothing, pictures included', async () => {
    // A fault injected into this test's own database: the insert of the second problem fails
    // after the first question, its cases and its picture's row are written.
    await platform.pool.query(`
      CREATE FUNCTION refuse_second_fps() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected failure'; END $$;
      CREATE TRIGGER refuse_second_fps BEFORE INSERT ON questions
        FOR EACH ROW WHEN (NEW.title = '包导入：求积（FPS）') EXECUTE FUNCTION refuse_second_fps();
    `);
    try {
      const before = await questionCount();
      const files = await storedFiles();
      const err = await failureOf(
        admin.call(questionApi['bms.question.importPackage'], {
          body: packageForm(fpsPackage(), 'set.xml'),
        }),
      );
      expect(err.code).not.toBe(ErrorCode.OK);
      expect(await questionCount()).toBe(before);
      expect(await storedFiles()).toEqual(files);
    } finally {
      await platform.pool.query(`
        DROP TRIGGER refuse_second_fps ON questions;
        DROP FUNCTION refuse_second_fps();
      `);
    }
    // Without the fault the same package comes in whole.
    expect(await importAsAdmin(fpsPackage(), 'set.xml')).toHaveLength(2);
  });

  it('refuses a call without the file, naming the field', async () => {
    const form = new FormData();
    form.append('items', '1');
    const err = await failureOf(
      admin.call(questionApi['bms.question.importPackage'], { body: form as never }),
    );
    expect(err.code).toBe(ErrorCode.VALIDATION);
    expect(err.fieldErrors.file).toContain('file');
  });
});

/** The Polygon package with an interactor (problem.xml <interactor>, files/interactor.cpp). */
function withInteractor(pkg: Buffer): Buffer {
  const files = unzipSync(pkg);
  const xml = new TextDecoder()
    .decode(files['problem.xml'])
    .replace(
      '<solutions>',
      '<interactor><source path="files/interactor.cpp" type="cpp.g++17"/></interactor><solutions>',
    );
  files['problem.xml'] = new TextEncoder().encode(xml);
  files['files/interactor.cpp'] = new TextEncoder().encode(
    '#include "testlib.h"\nint main(int argc, char* argv[]) {\n  registerInteraction(argc, argv);\n  tout << inf.readInt() << std::endl;\n  quitf(_ok, "ok");\n}\n',
  );
  return zip(files);
}

/** A Hydro-looking zip whose one entry declares 2 GB (local header and central directory). */
function twoGigabyteZip(): Buffer {
  const bytes = zip({ 'problem.yaml': new TextEncoder().encode('title: x\n') });
  bytes.writeUInt32LE(2 * 1024 * 1024 * 1024 - 1, 22);
  const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  bytes.writeUInt32LE(2 * 1024 * 1024 * 1024 - 1, central + 24);
  return bytes;
}

describe('who may import and export what', () => {
  it('a teacher imports into their organization’s bank, as a draft', async () => {
    const { ids } = await teacher.call(questionApi['edms.question.importPackage'], {
      body: packageForm(qduojPackage(), 'qduoj.zip'),
    });
    const q = await teacher.call(questionApi['edms.question.queryById'], {
      query: { id: ids[0]! },
    });
    expect(q).toMatchObject({ organizationId: teacherOrganizationId, publication: 'draft' });
    // The un-prefixed teacher area does the same.
    const viaApp = await teacher.call(questionApi['question.importPackage'], {
      body: packageForm(qduojPackage(), 'qduoj.zip'),
    });
    expect((await full(viaApp.ids[0]!)).organizationId).toBe(teacherOrganizationId);
  });

  it('a teacher cannot import into the platform bank; a learner cannot import or preview', async () => {
    const before = await questionCount();
    const asTeacher = await failureOf(
      teacher.call(questionApi['bms.question.importPackage'], {
        body: packageForm(qduojPackage(), 'qduoj.zip'),
      }),
    );
    expect(asTeacher.code).toBe(ErrorCode.FORBIDDEN);
    for (const call of [
      questionApi['edms.question.previewPackage'],
      questionApi['edms.question.importPackage'],
      questionApi['question.importPackage'],
    ] as const) {
      const err = await failureOf(
        student.call(call, { body: packageForm(qduojPackage(), 'qduoj.zip') }),
      );
      expect(err.code).toBe(ErrorCode.FORBIDDEN);
    }
    expect(await questionCount()).toBe(before);
  });

  it('a teacher exports their own and published platform questions, never another organization’s', async () => {
    const { ids } = await teacher.call(questionApi['edms.question.importPackage'], {
      body: packageForm(hydroPackage(), 'hydro.zip'),
    });
    const own = ids[0]!;
    const { rows } = await platform.pool.query<{ id: number }>(
      `SELECT id FROM questions WHERE seed_key = 'problem:01-a-plus-b'`,
    );
    await teacherExporter.call(questionApi['edms.question.exportPackage'], {
      body: { ids: [own, rows[0]!.id], format: 'fps' },
    });
    expect(downloads.at(-1)!.fileName).toBe('questions-2.fps.xml');

    // The same question moved to the teacher's other organization is out of reach.
    const other = await platform.pool.query<{ id: number }>(
      'SELECT id FROM organizations WHERE name = $1',
      [SECOND_ORGANIZATION],
    );
    await platform.pool.query('UPDATE questions SET organization_id = $2 WHERE id = $1', [
      own,
      other.rows[0]!.id,
    ]);
    const count = downloads.length;
    const refused = await failureOf(
      teacherExporter.call(questionApi['edms.question.exportPackage'], {
        body: { ids: [own], format: 'hydro' },
      }),
    );
    expect(refused.code).toBe(ErrorCode.NOT_FOUND);
    expect(downloads).toHaveLength(count);
    const learner = await failureOf(
      student.call(questionApi['question.exportPackage'], {
        body: { ids: [rows[0]!.id], format: 'hydro' },
      }),
    );
    expect(learner.code).toBe(ErrorCode.FORBIDDEN);
  });

  it('refuses an export of an objective question, or of none, naming the field', async () => {
    const objective = await platform.pool.query<{ id: number }>(
      `SELECT id FROM questions WHERE seed_key = 'question:1'`,
    );
    const err = await failureOf(
      adminExporter.call(questionApi['bms.question.exportPackage'], {
        body: { ids: [objective.rows[0]!.id], format: 'hydro' },
      }),
    );
    expect(err.fieldErrors['body.ids']).toContain('不是编程题');
    const none = await failureOf(
      adminExporter.call(questionApi['bms.question.exportPackage'], {
        body: { ids: [], format: 'fps' },
      }),
    );
    expect(none.fieldErrors['body.ids']).toBe('至少导出 1 道题');
  });
});
