// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cleanup,
  fireEvent,
  render,
  screen,
  waitFor as waitForDom,
  within,
} from '@testing-library/react';
import { HttpResponse } from 'msw';
import { waitFor } from 'xstate';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { accounts } from '../../../../contract/accounts/calls.ts';
import type * as auth from '../../../../contract/accounts/calls.ts';
import { ErrorCode } from '../../../../contract/errors.ts';
import { membership } from '../../../../contract/membership/calls.ts';
import { question } from '../../../../contract/question/calls.ts';
import type { PackageProblemPreview } from '../../../../contract/question/packages.ts';
import { answer, api, failure, success } from '../../../test/fake-api.ts';
import { createTestRuntime, withRuntime } from '../../../test/test-runtime.tsx';
import type { StaffQuestionRow } from '../../../app/question-bank-queries.ts';
import { StaffQuestions } from './StaffQuestions.tsx';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  // jsdom has no object URLs; the transport hands an export to the browser through one.
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  api.resetHandlers();
});
afterAll(() => api.close());

const admin: auth.CurrentUser = {
  id: 2,
  userId: 2,
  username: 'demo_admin',
  nickname: '平台管理员',
  mobile: null,
  email: null,
  role: 'orgAdmin',
  organizationId: 1,
  organizationName: '示范校',
  platformAdmin: true,
  mustChangePassword: false,
};
const empty = { content: [], totalElements: 0, totalPages: 0, number: 0, size: 20 };

const row = (
  id: number,
  title: string,
  extra: Partial<StaffQuestionRow> = {},
): StaffQuestionRow => ({
  id,
  type: 'programming',
  title,
  difficulty: 'easy',
  tags: ['入门'],
  source: '',
  organizationId: null,
  caseCount: 3,
  status: 'active',
  publication: 'draft',
  seedKey: null,
  manageable: true,
  updatedAt: '2026-11-27T08:00:00.000Z',
  ...extra,
});

function problem(index: number, title: string, extra: Partial<PackageProblemPreview> = {}) {
  const p: PackageProblemPreview = {
    index,
    origin: `第 ${index} 题`,
    title,
    timeLimitMs: 1000,
    memoryLimitMiB: 256,
    caseCount: 3,
    dataBytes: 30,
    checker: 'default',
    checkerName: '忽略行末空白比较',
    io: { mode: 'stdio' },
    ioText: '标准输入输出',
    interactive: false,
    scoring: 'sum',
    subtaskCount: 0,
    scoringText: '按测试点平均',
    samples: 1,
    tags: [],
    images: 0,
    solutions: [],
    referenceSolutions: [],
    warnings: [],
    ...extra,
  };
  return p;
}

const fpsPreview = {
  format: 'fps',
  formatName: 'FPS（HUSTOJ）',
  problems: [
    problem(1, '两数之和'),
    problem(2, '文件求和', {
      timeLimitMs: 2000,
      memoryLimitMiB: 128,
      caseCount: 5,
      checker: 'hustoj',
      checkerName: 'HUSTOJ 特判',
      io: { mode: 'file', input: 'sum.in', output: 'sum.out' },
      ioText: '文件 sum.in / sum.out',
      warnings: ['第 2 题：样例输出与测试数据不一致，以测试数据为准'],
    }),
    problem(3, '猜数', { interactive: true, checker: 'testlib', checkerName: 'testlib 检查器' }),
  ],
};

/** The screen with `rows`; counts how often the list was read. */
async function showScreen(rows: StaffQuestionRow[], area: 'bms' | 'edms' = 'bms') {
  const reads = { list: 0 };
  const base = area === 'bms' ? '/admin' : '/manage';
  answer(accounts.queryCurrent, () =>
    success(
      area === 'bms'
        ? admin
        : { ...admin, username: 'demo_teacher', role: 'teacher', platformAdmin: false },
    ),
  );
  answer(accounts['oj.member.queryMineTeacherList'], () => success([]));
  answer(membership['oj.memberMembership.queryList'], () => success({ ...empty, size: 100 }));
  answer(question[`${area}.question.queryList`], () => {
    reads.list += 1;
    return success({
      content: rows,
      totalElements: rows.length,
      totalPages: 1,
      number: 0,
      size: 20,
    });
  });
  const runtime = createTestRuntime();
  runtime.start();
  await waitFor(runtime.actors.startup, (s) => s.matches({ session: 'ready' }));
  const router = createMemoryRouter(
    [
      { path: `${base}/questions`, element: <StaffQuestions area={area} base={base} /> },
      { path: `${base}/questions/edit`, element: <p>editor</p> },
    ],
    { initialEntries: [`${base}/questions`] },
  );
  render(withRuntime(runtime, <RouterProvider router={router} />));
  if (rows[0]) expect(await screen.findByText(rows[0].title)).toBeDefined();
  return { runtime, reads, router };
}

/** Chooses a file in the open import dialog. */
function choose(content: string, name: string) {
  const input = screen.getByLabelText('题目包文件');
  fireEvent.change(input, { target: { files: [new File([content], name)] } });
}

/**
 * What an upload carried. jsdom's File reaches Node's fetch without its name and bytes (a
 * test-only gap, as in FileUploadButton.test.tsx; the browser test sends real ones), so what
 * is checked here is that a file part went, and which problems were chosen.
 */
const uploaded = async (request: Request) => {
  const form = await request.formData();
  return { file: form.has('file'), items: form.getAll('items') };
};

describe('the question bank’s staff list', () => {
  it('links rows to the editor, filters by type, and publishes through the machine', async () => {
    let published = 0;
    answer(question['bms.question.publish'], () => {
      published += 1;
      return success({});
    });
    const { runtime, router, reads } = await showScreen([
      row(7, '闰年判断'),
      row(8, '已上架的题', { publication: 'published' }),
    ]);
    const table = screen.getByTestId('staff-questions');
    const link = within(table).getByRole('link', { name: '闰年判断' });
    expect(link.getAttribute('href')).toBe('/admin/questions/edit?id=7');
    // Draft: 上架 only; published: 下架 only (the publication machine decides).
    const rows = within(table).getAllByTestId('staff-question');
    expect(within(rows[0]!).queryByText('下架')).toBeNull();
    expect(within(rows[1]!).queryByText('上架')).toBeNull();
    fireEvent.click(await within(rows[0]!).findByText('上架'));
    await waitForDom(() => expect(published).toBe(1));
    expect(runtime.actors.staffEdit.getSnapshot().context.last).toEqual({
      call: 'bms.question.publish',
      body: { id: 7 },
    });
    // Another type is another list, read from the server (the body is sealed on the wire).
    const before = reads.list;
    fireEvent.change(screen.getByLabelText('题型'), { target: { value: 'single' } });
    await waitForDom(() => expect(reads.list).toBeGreaterThan(before));
    fireEvent.click(screen.getByTestId('question-create'));
    await waitForDom(() => expect(router.state.location.pathname).toBe('/admin/questions/edit'));
    expect(router.state.location.search).toBe('');
  }, 20_000);

  it('offers a teacher what the server says they manage, the platform’s questions read-only', async () => {
    await showScreen(
      [
        row(7, '闰年判断', { publication: 'published', manageable: false }),
        row(30, '校本题：求和', { organizationId: 1 }),
      ],
      'edms',
    );
    const [platformRow, ownRow] = screen.getAllByTestId('staff-question');
    expect(within(platformRow!).queryByRole('link')).toBeNull();
    expect(within(platformRow!).getByText('平台题目（只读）')).toBeDefined();
    expect(within(platformRow!).queryByText('删除')).toBeNull();
    expect(within(platformRow!).queryByText('下架')).toBeNull();
    // Still exportable: a teacher may take the platform's published questions along.
    expect(within(platformRow!).getByRole('checkbox')).toBeDefined();
    expect(within(ownRow!).getByRole('link', { name: '校本题：求和' }).getAttribute('href')).toBe(
      '/manage/questions/edit?id=30',
    );
    expect(await within(ownRow!).findByText('上架')).toBeDefined();
    expect(within(ownRow!).getByText('删除')).toBeDefined();
  }, 20_000);

  it('follows the server’s `manageable`, not the row’s owner', async () => {
    // The screen does not decide by organizationId: a row the server says is not theirs is
    // read-only, whoever it names as owner.
    await showScreen([row(31, '校本题：乘积', { organizationId: 1, manageable: false })], 'edms');
    const [only] = screen.getAllByTestId('staff-question');
    expect(within(only!).queryByRole('link')).toBeNull();
    expect(within(only!).queryByText('删除')).toBeNull();
    expect(within(only!).queryByText('上架')).toBeNull();
  }, 20_000);

  it('shows a refused delete in the row whose button was pressed', async () => {
    answer(question['bms.question.delete'], () =>
      failure(ErrorCode.FORBIDDEN, '平台题库与其他机构的题目只读，不能修改或删除', 403),
    );
    await showScreen([row(7, '闰年判断'), row(8, '鸡兔同笼')]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const [first, second] = screen.getAllByTestId('staff-question');
    fireEvent.click(await within(second!).findByText('删除'));
    await waitForDom(() =>
      expect(within(second!).getByTestId('staff-edit-outcome').textContent).toBe(
        '平台题库与其他机构的题目只读，不能修改或删除',
      ),
    );
    expect(within(first!).queryByTestId('staff-edit-outcome')).toBeNull();
    confirm.mockRestore();
  }, 20_000);

  it('asks before deleting and deletes only once confirmed', async () => {
    let deleted = 0;
    answer(question['bms.question.delete'], () => {
      deleted += 1;
      return success({ id: 7 });
    });
    await showScreen([row(7, '闰年判断')]);
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    fireEvent.click(await screen.findByText('删除'));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('闰年判断'));
    expect(deleted).toBe(0);
    fireEvent.click(screen.getByText('删除'));
    await waitForDom(() => expect(deleted).toBe(1));
    confirm.mockRestore();
  }, 20_000);
});

const BROKEN =
  'broken.zip 不是可识别的题目包：找不到 problem.xml（Polygon）、problem.yaml（Hydro）、problem.json（QDUOJ）或 FPS XML';

describe('importing a package', () => {
  it('previews every problem, imports the chosen ones, toasts the count and reloads the list', async () => {
    const sent: {
      preview: Awaited<ReturnType<typeof uploaded>>[];
      import: Awaited<ReturnType<typeof uploaded>>[];
    } = {
      preview: [],
      import: [],
    };
    answer(question['bms.question.previewPackage'], async (request) => {
      sent.preview.push(await uploaded(request));
      return success(fpsPreview);
    });
    answer(question['bms.question.importPackage'], async (request) => {
      sent.import.push(await uploaded(request));
      return success({ ids: [41, 43] });
    });
    const { runtime, reads } = await showScreen([row(7, '闰年判断')]);
    fireEvent.click(screen.getByTestId('question-import-open'));
    choose('<fps version="1.2"></fps>', 'hustoj.xml');

    const table = await screen.findByTestId('package-preview');
    expect(screen.getByTestId('package-summary').textContent).toBe('FPS（HUSTOJ） 格式，共 3 题');
    expect(sent.preview).toEqual([{ file: true, items: [] }]);
    const problems = within(table).getAllByTestId('package-problem');
    expect(problems).toHaveLength(3);
    expect(within(problems[1]!).getByTestId('package-limits').textContent).toBe(
      '2000 ms / 128 MiB',
    );
    expect(within(problems[1]!).getByTestId('package-cases').textContent).toContain('5 个');
    expect(within(problems[1]!).getByTestId('package-checker').textContent).toBe('HUSTOJ 特判');
    const io = within(problems[1]!).getByTestId('package-io').textContent;
    expect(io).toContain('文件 sum.in / sum.out');
    expect(io).toContain('文件输入输出');
    expect(within(problems[2]!).getByTestId('package-io').textContent).toContain('交互题');
    const warnings = within(table).getByTestId('package-warnings');
    expect(warnings.textContent).toContain('样例输出与测试数据不一致');
    expect(warnings.querySelector('.bp6-intent-warning')).not.toBeNull();

    // Leave the second problem out.
    fireEvent.click(within(problems[1]!).getByRole('checkbox'));
    const confirm = screen.getByTestId('package-import');
    expect(confirm.textContent).toBe('导入 2 题');
    const before = reads.list;
    fireEvent.click(confirm);
    expect(await screen.findByTestId('package-imported')).toBeDefined();
    expect(sent.import).toEqual([{ file: true, items: ['1', '3'] }]);
    // The same file went again, under the name the preview was made from.
    expect(runtime.actors.questionPackages.getSnapshot().context.fileName).toBe('hustoj.xml');
    expect(screen.getByTestId('package-imported').textContent).toContain('已导入 2 题');
    expect(runtime.actors.toastQueue.getSnapshot().context.visible).toContainEqual(
      expect.objectContaining({ message: '已导入 2 道题目', intent: 'success' }),
    );
    await waitForDom(() => expect(reads.list).toBeGreaterThan(before));
  }, 20_000);

  it('shows a malformed package’s message naming the file, keeps it chosen, and imports nothing', async () => {
    let imports = 0;
    let previews = 0;
    // The first file is the broken one.
    answer(question['bms.question.previewPackage'], () => {
      previews += 1;
      return previews === 1
        ? failure(40000, `参数校验失败：file ${BROKEN}`, 400, {
            fields: [{ field: 'file', message: BROKEN }],
          })
        : success({ format: 'hydro', formatName: 'Hydro', problems: [problem(1, '两数之和')] });
    });
    answer(question['bms.question.importPackage'], () => {
      imports += 1;
      return success({ ids: [1] });
    });
    await showScreen([row(7, '闰年判断')]);
    fireEvent.click(screen.getByTestId('question-import-open'));
    choose('not a zip', 'broken.zip');
    const error = await screen.findByTestId('package-error');
    expect(error.textContent).toBe(`无法导入这个题目包，没有保存任何题目${BROKEN}`);
    // The file stays chosen: the picker still names it.
    const picker = screen.getByRole('dialog').querySelector('.bp6-file-upload-input');
    expect(picker?.textContent).toBe('broken.zip');
    expect(screen.getByTestId('package-import').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('package-import'));
    expect(imports).toBe(0);
    expect(screen.queryByTestId('package-preview')).toBeNull();

    // Another file starts over.
    choose('PK', 'hydro.zip');
    await screen.findByTestId('package-preview');
    expect(screen.queryByTestId('package-error')).toBeNull();
    expect(screen.getByTestId('package-import').hasAttribute('disabled')).toBe(false);
  }, 20_000);

  it('holds the confirm while the preview and the import run, and cannot be closed mid-import', async () => {
    let releasePreview: () => void = () => undefined;
    let releaseImport: () => void = () => undefined;
    answer(question['bms.question.previewPackage'], async () => {
      await new Promise<void>((resolve) => (releasePreview = resolve));
      return success({ format: 'hydro', formatName: 'Hydro', problems: [problem(1, '两数之和')] });
    });
    answer(question['bms.question.importPackage'], async () => {
      await new Promise<void>((resolve) => (releaseImport = resolve));
      return failure(40000, '题目「两数之和」：编程题须给出时间限制');
    });
    await showScreen([row(7, '闰年判断')]);
    fireEvent.click(screen.getByTestId('question-import-open'));
    choose('PK', 'hydro.zip');
    expect(await screen.findByTestId('package-previewing')).toBeDefined();
    expect(screen.getByTestId('package-import').hasAttribute('disabled')).toBe(true);
    releasePreview();
    await screen.findByTestId('package-preview');
    fireEvent.click(screen.getByTestId('package-import'));
    await waitForDom(() =>
      expect(screen.getByTestId('package-import').hasAttribute('disabled')).toBe(true),
    );
    const close = screen.getByRole('button', { name: '关闭' });
    expect(close.hasAttribute('disabled')).toBe(true);
    releaseImport();
    // Refused: the message shows, the preview stays, and it may be tried again.
    const error = await screen.findByTestId('package-error');
    expect(error.textContent).toContain('编程题须给出时间限制');
    expect(screen.getByTestId('package-preview')).toBeDefined();
    expect(screen.getByTestId('package-import').hasAttribute('disabled')).toBe(false);
  }, 20_000);
});

describe('exporting questions', () => {
  it('sends the chosen ids and format, and lists what FPS could not carry', async () => {
    answer(question['bms.question.exportPackage'], () => {
      return new HttpResponse('<fps></fps>', {
        headers: {
          'content-type': 'application/xml',
          'content-disposition': 'attachment; filename="xinao-fps.xml"',
          'x-xinao-download-notes': encodeURIComponent(
            JSON.stringify(['「闰年判断」：FPS 无法携带子任务计分']),
          ),
        },
      });
    });
    const { runtime } = await showScreen([row(7, '闰年判断'), row(9, '最大公约数')]);
    expect(screen.getByTestId('question-export-fps').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText('选择「闰年判断」以导出'));
    fireEvent.click(screen.getByLabelText('选择「最大公约数」以导出'));
    expect(screen.getByTestId('question-export-bar').textContent).toContain('已选 2 题');
    fireEvent.click(screen.getByTestId('question-export-fps'));
    const done = await screen.findByTestId('question-exported');
    expect(done.textContent).toContain('已下载 xinao-fps.xml');
    expect(screen.getByTestId('question-export-losses').textContent).toContain(
      'FPS 无法携带子任务计分',
    );
    expect(runtime.actors.questionPackages.getSnapshot().context.exportRequest).toEqual({
      area: 'bms',
      ids: [7, 9],
      format: 'fps',
    });
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    // The log keeps the download's name and size, not its bytes.
    const logged = runtime.eventLog
      .entries()
      .find((e) => e.kind === 'response' && e.callId === 'bms.question.exportPackage');
    expect(logged).toMatchObject({
      data: { fileName: 'xinao-fps.xml', contentType: 'application/xml', size: 11 },
    });
    expect(JSON.stringify(logged)).not.toContain('bytes');
  }, 20_000);
});
