// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor as waitForDom } from '@testing-library/react';
import { waitFor } from 'xstate';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { accounts } from '../../../../contract/accounts/calls.ts';
import type * as auth from '../../../../contract/accounts/calls.ts';
import { membership } from '../../../../contract/membership/calls.ts';
import { question as questionApi } from '../../../../contract/question/calls.ts';
import type { EditedQuestion } from '../../../app/question-editor-queries.ts';
import { answer, api, failure, success } from '../../../test/fake-api.ts';
import { createTestRuntime, withRuntime } from '../../../test/test-runtime.tsx';
import { QuestionEditor } from './QuestionEditor.tsx';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
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

const stored: EditedQuestion = {
  id: 7,
  type: 'programming',
  title: '两数之和',
  difficulty: 'easy',
  tags: ['入门'],
  source: '原创',
  organizationId: null,
  caseCount: 2,
  status: 'active',
  publication: 'draft',
  seedKey: null,
  manageable: true,
  updatedAt: '2026-11-27T00:00:00.000Z',
  content: '# 两数之和\n\n输入两个整数，输出它们的和。',
  options: [],
  answer: '',
  analysis: '',
  timeLimitMs: 1000,
  memoryLimitMiB: 256,
  checker: { type: 'default' },
  scoring: { mode: 'sum' },
  subtasks: null,
  samples: [{ input: '1 2\n', output: '3\n' }],
  checkerSource: null,
  io: { mode: 'stdio' },
  interactive: false,
  interactorSource: null,
  referenceSolutions: { cpp: 'int main(){}' },
  priceFen: 0,
  rightCode: null,
  dataVersion: 'abc',
  createdAt: '2026-11-27T00:00:00.000Z',
};

const validation = (field: string, message: string) =>
  failure(40000, '参数校验失败', 400, { fields: [{ field: `body.${field}`, message }] });

async function showEditor(entry: string, area: 'bms' | 'edms' = 'bms') {
  answer(accounts.queryCurrent, () => success(admin));
  answer(accounts['oj.member.queryMineTeacherList'], () => success([]));
  answer(membership['oj.memberMembership.queryList'], () =>
    success({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 100 }),
  );
  const runtime = createTestRuntime();
  runtime.start();
  await waitFor(runtime.actors.startup, (s) => s.matches({ session: 'ready' }));
  const router = createMemoryRouter(
    [
      { path: '/admin/questions/edit', element: <QuestionEditor area="bms" /> },
      { path: '/manage/questions/edit', element: <QuestionEditor area={area} /> },
      { path: '/admin/questions', element: <p>题库列表</p> },
    ],
    { initialEntries: [entry] },
  );
  render(withRuntime(runtime, <RouterProvider router={router} />));
  return { runtime, router };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const sentBody = (runtime: Awaited<ReturnType<typeof showEditor>>['runtime']) =>
  runtime.actors.staffEdit.getSnapshot().context.last?.body;

describe('the question editor', () => {
  it('creates a file-I/O programming question, then edits it at its own address', async () => {
    let created: EditedQuestion | null = null;
    answer(questionApi['bms.question.create'], () => {
      created = {
        ...stored,
        id: 41,
        title: '求和',
        caseCount: 0,
        io: { mode: 'file', input: 'sum.in', output: 'sum.out' },
      };
      return success(created);
    });
    answer(questionApi['bms.question.queryById'], () => success(created!));
    const { runtime, router } = await showEditor('/admin/questions/edit');
    expect(await screen.findByRole('heading', { name: '新建题目' })).toBeDefined();
    expect(screen.getByText('创建题目后即可在此上传测试数据。')).toBeDefined();
    type('标题', '求和');
    fireEvent.change(screen.getByLabelText('题面（Markdown）'), {
      target: { value: '读入两个数，输出和。$a+b$' },
    });
    type('标签', '入门, 模拟 入门');
    fireEvent.click(screen.getByLabelText('文件输入输出'));
    type('输入文件名', 'sum.in');
    type('输出文件名', 'sum.out');
    fireEvent.click(screen.getByRole('button', { name: '创建题目' }));
    // Created: the editor moves to the question's address and offers its test data.
    await waitForDom(() => expect(router.state.location.search).toBe('?id=41'));
    expect(await screen.findByText('当前共 0 个测试点')).toBeDefined();
    expect(screen.getByRole('heading', { name: /编辑题目 #41/ })).toBeDefined();
    expect(screen.getByLabelText('输入文件名')).toHaveProperty('value', 'sum.in');
    const body = sentBody(runtime)!;
    expect(runtime.actors.staffEdit.getSnapshot().context.last?.call).toBe('bms.question.create');
    expect(body).toMatchObject({
      type: 'programming',
      title: '求和',
      content: '读入两个数，输出和。$a+b$',
      tags: ['入门', '模拟'],
      timeLimitMs: 1000,
      memoryLimitMiB: 256,
      checker: { type: 'default' },
      io: { mode: 'file', input: 'sum.in', output: 'sum.out' },
      interactive: false,
      interactorSource: null,
      priceFen: 0,
    });
    expect(body).not.toHaveProperty('id');
  }, 20_000);

  it('keeps every edit when the server refuses a save, with the refusal beside its field', async () => {
    let saves = 0;
    answer(questionApi['bms.question.queryById'], () => success(stored));
    answer(questionApi['bms.question.update'], () => {
      saves += 1;
      return saves === 1
        ? validation('io.input', '文件名只能含字母、数字、下划线、点和连字符')
        : saves === 2
          ? validation('interactorSource', '交互题须提供 interactorSource（交互器源码）')
          : success({ ...stored, interactive: true, interactorSource: 'int main(){}' });
    });
    const { runtime } = await showEditor('/admin/questions/edit?id=7');
    expect(await screen.findByDisplayValue('两数之和')).toBeDefined();
    type('标题', '两数之和（加强版）');
    type('时间限制', '2000');
    fireEvent.click(screen.getByLabelText('文件输入输出'));
    type('输入文件名', 'sum in');
    type('输出文件名', 'sum.out');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));

    const refusal = await screen.findByText('文件名只能含字母、数字、下划线、点和连字符');
    expect(refusal.closest('[data-field-error]')?.getAttribute('data-field-error')).toBe(
      'io.input',
    );
    // The message sits in the input file name's group, not elsewhere.
    expect(refusal.closest('.bp6-form-group')?.querySelector('#qe-input-file')).not.toBeNull();
    expect(screen.getByTestId('qe-refused').textContent).toContain('你的修改都还在');
    expect(screen.getByLabelText('标题')).toHaveProperty('value', '两数之和（加强版）');
    expect(screen.getByLabelText('时间限制')).toHaveProperty('value', '2000');
    expect(screen.getByLabelText('输入文件名')).toHaveProperty('value', 'sum in');
    expect(screen.getByTestId('qe-dirty')).toBeDefined();

    // Back to standard I/O, as an interactive question without its interactor: refused again.
    fireEvent.click(screen.getByLabelText('标准输入输出'));
    fireEvent.click(screen.getByLabelText('交互题（程序与交互器对话）'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    const missing = await screen.findByText('交互题须提供 interactorSource（交互器源码）');
    expect(missing.closest('.bp6-form-group')?.querySelector('#qe-interactor')).not.toBeNull();
    expect(screen.getByLabelText('标题')).toHaveProperty('value', '两数之和（加强版）');

    type('交互器源码（testlib，registerInteraction）', 'int main(){}');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByTestId('qe-saved')).toBeDefined();
    expect(screen.queryByText('交互题须提供 interactorSource（交互器源码）')).toBeNull();
    expect(sentBody(runtime)).toMatchObject({
      id: 7,
      title: '两数之和（加强版）',
      timeLimitMs: 2000,
      io: { mode: 'stdio' },
      interactive: true,
      interactorSource: 'int main(){}',
      samples: [{ input: '1 2\n', output: '3\n' }],
      referenceSolutions: { cpp: 'int main(){}' },
    });
    expect(saves).toBe(3);
  }, 20_000);

  it('refuses what does not parse before sending, naming the field', async () => {
    answer(questionApi['bms.question.queryById'], () => success(stored));
    const { runtime } = await showEditor('/admin/questions/edit?id=7');
    expect(await screen.findByDisplayValue('两数之和')).toBeDefined();
    fireEvent.change(screen.getByLabelText('类型'), { target: { value: 'float' } });
    type('允许误差', 'abc');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    const message = await screen.findByText('误差须为大于 0 的数，如 1e-6');
    expect(message.closest('.bp6-form-group')?.querySelector('#qe-epsilon')).not.toBeNull();
    // Nothing went to the server.
    expect(runtime.actors.staffEdit.getSnapshot().context.last).toBeNull();
  }, 20_000);

  it('shows a compiled checker’s source box and sends it', async () => {
    answer(questionApi['bms.question.queryById'], () => success(stored));
    answer(questionApi['bms.question.update'], () => success(stored));
    const { runtime } = await showEditor('/admin/questions/edit?id=7');
    expect(await screen.findByDisplayValue('两数之和')).toBeDefined();
    expect(screen.queryByLabelText('检查器源码')).toBeNull();
    fireEvent.change(screen.getByLabelText('类型'), { target: { value: 'testlib' } });
    type(
      '检查器源码',
      '#include "testlib.h"\nint main(int c, char** v){registerTestlibCmd(c, v);}',
    );
    fireEvent.change(screen.getByLabelText('方式', { selector: 'select' }), {
      target: { value: 'subtasks' },
    });
    type('子任务 1 的测试点', '1-2');
    type('分值', '100');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await screen.findByTestId('qe-saved');
    expect(sentBody(runtime)).toMatchObject({
      checker: { type: 'testlib' },
      checkerSource: '#include "testlib.h"\nint main(int c, char** v){registerTestlibCmd(c, v);}',
      scoring: { mode: 'subtasks' },
      subtasks: [{ cases: [1, 2], score: 100, mode: 'min' }],
    });
  }, 20_000);

  it('previews a test-data zip, replaces the cases with it and shows the new count', async () => {
    let current = stored;
    const forms: FormData[] = [];
    answer(questionApi['bms.question.queryById'], () => success(current));
    answer(questionApi['bms.question.unzipAndParse'], async (request) => {
      forms.push(await request.formData());
      return success({
        question: null,
        caseCount: 3,
        dataVersion: 'def',
        cases: [1, 2, 3].map((index) => ({
          index,
          inputBytes: 4,
          answerBytes: 2,
          inputPreview: `${index} ${index}\n`,
          answerPreview: `${index * 2}\n`,
        })),
      });
    });
    answer(questionApi['bms.question.importZip'], async (request) => {
      forms.push(await request.formData());
      current = { ...stored, caseCount: 3, dataVersion: 'def' };
      return success(current);
    });
    await showEditor('/admin/questions/edit?id=7');
    expect(await screen.findByText('当前共 2 个测试点')).toBeDefined();
    const zip = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'cases.zip', {
      type: 'application/zip',
    });
    fireEvent.change(screen.getByLabelText('测试数据压缩包'), { target: { files: [zip] } });
    expect(
      await screen.findByText('压缩包含 3 个测试点（输入共 12 字节，输出共 6 字节）'),
    ).toBeDefined();
    expect(screen.getByText('3 3')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: '用这 3 个测试点替换当前的 2 个' }));
    expect(await screen.findByText('已替换，现在共 3 个测试点')).toBeDefined();
    expect(await screen.findByText('当前共 3 个测试点')).toBeDefined();
    // Checked first without saving, then imported into this question. (jsdom's File does not
    // carry its bytes through Node's fetch; the browser test uploads a real zip.)
    expect(forms).toHaveLength(2);
    expect(forms[0]!.get('file')).not.toBeNull();
    expect(forms[0]!.get('id')).toBeNull();
    expect(forms[1]!.get('id')).toBe('7');
    expect(forms[1]!.get('file')).not.toBeNull();
  }, 20_000);

  it('shows the server’s refusal of a malformed zip and keeps the cases', async () => {
    answer(questionApi['bms.question.queryById'], () => success(stored));
    answer(questionApi['bms.question.unzipAndParse'], () =>
      failure(40000, '测试点 2 缺少 2.out', 400),
    );
    await showEditor('/admin/questions/edit?id=7');
    expect(await screen.findByText('当前共 2 个测试点')).toBeDefined();
    fireEvent.change(screen.getByLabelText('测试数据压缩包'), {
      target: { files: [new File(['PK'], 'bad.zip')] },
    });
    expect((await screen.findByTestId('qe-zip-refused')).textContent).toBe('测试点 2 缺少 2.out');
    expect(screen.queryByTestId('qe-zip-import')).toBeNull();
    expect(screen.getByText('当前共 2 个测试点')).toBeDefined();
  }, 20_000);

  it('creates a single-choice question with its answer flags', async () => {
    answer(questionApi['bms.question.create'], () =>
      failure(40000, '参数校验失败', 400, {
        fields: [{ field: 'body.answer', message: '须恰好一个正确选项' }],
      }),
    );
    const { runtime } = await showEditor('/admin/questions/edit');
    fireEvent.change(await screen.findByLabelText('题型'), { target: { value: 'single' } });
    type('标题', '1 + 1 = ?');
    ['1', '2', '3'].forEach((text, i) => type('ABCD'[i]!, text));
    fireEvent.click(screen.getByRole('button', { name: '减少选项' }));
    fireEvent.click(screen.getByLabelText('选项 B 正确'));
    fireEvent.click(screen.getByRole('button', { name: '创建题目' }));
    expect(await screen.findByText('须恰好一个正确选项')).toBeDefined();
    expect(sentBody(runtime)).toMatchObject({
      type: 'single',
      options: [
        { label: 'A', text: '1' },
        { label: 'B', text: '2' },
        { label: 'C', text: '3' },
      ],
      answer: '010',
    });
    expect(sentBody(runtime)).not.toHaveProperty('io');
  }, 20_000);

  it('opens a fresh form after a create, without following the last one', async () => {
    answer(questionApi['bms.question.create'], () => success({ ...stored, id: 41 }));
    answer(questionApi['bms.question.queryById'], () => success({ ...stored, id: 41 }));
    const { router } = await showEditor('/admin/questions/edit');
    type('标题', '两数之和');
    fireEvent.click(await screen.findByRole('button', { name: '创建题目' }));
    await waitForDom(() => expect(router.state.location.search).toBe('?id=41'));
    await screen.findByText('当前共 2 个测试点');
    await router.navigate('/admin/questions/edit');
    expect(await screen.findByRole('heading', { name: '新建题目' })).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('标题')).toHaveProperty('value', '');
  }, 20_000);

  it('shows a question the server says is not theirs read-only, without its test data', async () => {
    // The server's `manageable`, not the owner: a teacher reads the platform's questions only.
    answer(questionApi['edms.question.queryById'], () => success({ ...stored, manageable: false }));
    await showEditor('/manage/questions/edit?id=7', 'edms');
    expect(await screen.findByTestId('qe-read-only')).toBeDefined();
    expect(screen.getByRole('button', { name: '保存' })).toHaveProperty('disabled', true);
    expect(screen.queryByText('当前共 2 个测试点')).toBeNull();
  }, 20_000);

  it('writes a teacher’s own question through the edms calls', async () => {
    const ours = { ...stored, organizationId: 1 };
    let reads = 0;
    answer(questionApi['edms.question.queryById'], () => {
      reads += 1;
      return success(ours);
    });
    answer(questionApi['edms.question.update'], () => success(ours));
    const { runtime } = await showEditor('/manage/questions/edit?id=7', 'edms');
    expect(await screen.findByText('当前共 2 个测试点')).toBeDefined();
    type('来源', 'CSP-J 2026');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await screen.findByTestId('qe-saved');
    expect(runtime.actors.staffEdit.getSnapshot().context.last?.call).toBe('edms.question.update');
    expect(sentBody(runtime)).toMatchObject({ id: 7, source: 'CSP-J 2026' });
    // The save marks the question stale: it is read again (its case count may have moved).
    await waitForDom(() => expect(reads).toBe(2));
  }, 20_000);

  it('asks before leaving with unsaved edits, and leaves freely once saved', async () => {
    answer(questionApi['bms.question.queryById'], () => success(stored));
    answer(questionApi['bms.question.update'], () => success(stored));
    const { router } = await showEditor('/admin/questions/edit?id=7');
    expect(await screen.findByDisplayValue('两数之和')).toBeDefined();
    type('来源', '改过的来源');
    fireEvent.click(screen.getByRole('link', { name: '← 返回题库' }));
    expect(await screen.findByText('有未保存的修改，离开后这些修改会丢失。')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: '留下继续编辑' }));
    await waitForDom(() =>
      expect(screen.queryByText('有未保存的修改，离开后这些修改会丢失。')).toBeNull(),
    );
    expect(router.state.location.pathname).toBe('/admin/questions/edit');
    expect(screen.getByLabelText('来源')).toHaveProperty('value', '改过的来源');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await screen.findByTestId('qe-saved');
    fireEvent.click(screen.getByRole('link', { name: '← 返回题库' }));
    expect(await screen.findByText('题库列表')).toBeDefined();
  }, 20_000);
});
