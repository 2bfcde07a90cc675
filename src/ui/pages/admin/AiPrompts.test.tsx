// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor as waitForDom } from '@testing-library/react';
import { accounts } from '../../../contract/accounts/calls.ts';
import { ai, type AiPromptItem } from '../../../contract/ai/calls.ts';
import { membership } from '../../../contract/membership/calls.ts';
import { answer, success } from '../../test/fake-api.ts';
import { renderScreen, serveFakeApi } from '../../test/test-runtime.tsx';
import { platformAdmin } from '../../test/fixtures.ts';
import AdminAiPromptsPage from './AiPrompts.tsx';

serveFakeApi();

const prompt: AiPromptItem = {
  id: 3,
  scene: 'question',
  name: '做题助教',
  description: '在题目页回答学员的问题',
  system: '你是信奥训练营的编程学习助教。',
  enabled: true,
  sort: 0,
  updatedAt: '2026-11-27T00:00:00.000Z',
};
const empty = { content: [], totalElements: 0, totalPages: 0, number: 0, size: 20 };

describe('the AI prompt screen', () => {
  it('lists the prompts by scene, says who reads them, and disables one through the staff edit machine', async () => {
    let updated = 0;
    answer(accounts.queryCurrent, () => success(platformAdmin));
    answer(accounts['oj.member.queryMineTeacherList'], () => success([]));
    answer(membership['oj.memberMembership.queryList'], () => success({ ...empty, size: 100 }));
    answer(ai['bms.aiPrompt.queryList'], () =>
      success({ content: [prompt], totalElements: 1, totalPages: 1, number: 0, size: 20 }),
    );
    answer(ai['bms.aiPrompt.update'], () => {
      updated += 1;
      return success({ ...prompt, enabled: false });
    });
    const runtime = await renderScreen(<AdminAiPromptsPage />, { path: '/admin/ai-prompts' });
    expect(await screen.findByText('做题助教')).toBeDefined();
    expect(screen.getByText('在题目页回答学员的问题')).toBeDefined();
    expect(screen.getByText(/内置判题助教回答/)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: '停用' }));
    await waitForDom(() => expect(updated).toBe(1));
    expect(runtime.actors.staffEdit.getSnapshot().context.last).toEqual({
      call: 'bms.aiPrompt.update',
      body: { id: 3, enabled: false },
    });
  }, 20_000);

  it('deletes a prompt only once the admin confirms, naming it', async () => {
    let deleted = 0;
    answer(accounts.queryCurrent, () => success(platformAdmin));
    answer(accounts['oj.member.queryMineTeacherList'], () => success([]));
    answer(membership['oj.memberMembership.queryList'], () => success({ ...empty, size: 100 }));
    answer(ai['bms.aiPrompt.queryList'], () =>
      success({ content: [prompt], totalElements: 1, totalPages: 1, number: 0, size: 20 }),
    );
    answer(ai['bms.aiPrompt.delete'], () => {
      deleted += 1;
      return success({ deleted: true });
    });
    const runtime = await renderScreen(<AdminAiPromptsPage />, { path: '/admin/ai-prompts' });
    const asked: string[] = [];
    let accept = false;
    const confirm = window.confirm;
    window.confirm = (question?: string) => {
      asked.push(question ?? '');
      return accept;
    };
    try {
      fireEvent.click(await screen.findByRole('button', { name: '删除' }));
      expect(asked).toEqual(['确定删除提示词「做题助教」吗？']);
      expect(runtime.actors.staffEdit.getSnapshot().context.last).toBeNull();
      accept = true;
      fireEvent.click(screen.getByRole('button', { name: '删除' }));
      await waitForDom(() => expect(deleted).toBe(1));
      expect(runtime.actors.staffEdit.getSnapshot().context.last).toEqual({
        call: 'bms.aiPrompt.delete',
        body: { id: 3 },
      });
    } finally {
      window.confirm = confirm;
    }
  }, 20_000);
});
