// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { grade } from '../../../contract/grade/calls.ts';
import { answer, success } from '../../test/fake-api.ts';
import { createTestRuntime, serveFakeApi, withRuntime } from '../../test/test-runtime.tsx';
import { HomeworkAiLauncher } from './ReportAiLauncher.tsx';

serveFakeApi();

function controls(useAiAssistant: boolean) {
  const asked = { count: 0 };
  answer(grade['oj.grade.controls.queryList'], () => {
    asked.count += 1;
    return success([
      {
        gradeId: 3,
        code: 'useAiAssistant',
        name: '使用 AI 助手',
        description: '',
        enabled: useAiAssistant,
        isDefault: false,
        updatedAt: null,
      },
    ]);
  });
  return asked;
}

function renderLauncher() {
  render(
    withRuntime(
      createTestRuntime(),
      <MemoryRouter>
        <HomeworkAiLauncher homework={{ id: 8, gradeId: 3 }} questionId={1} answerId={4} />
      </MemoryRouter>,
    ),
  );
}

describe('HomeworkAiLauncher', () => {
  it('is disabled with the reason where the class turned the assistant off', async () => {
    controls(false);
    renderLauncher();
    await screen.findByTestId('ai-launcher-disabled');
    expect(screen.getByTestId('ai-launcher-disabled').textContent).toBe(
      '你所在的班级已关闭 AI 助手',
    );
    expect((screen.getByTestId('ai-launcher') as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens where the class allows it', async () => {
    const asked = controls(true);
    renderLauncher();
    const button = screen.getByTestId('ai-launcher') as HTMLButtonElement;
    // The controls were read (and rendered), and nothing disabled the button.
    await waitFor(() => expect(asked.count).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(button.disabled).toBe(false);
    expect(screen.queryByTestId('ai-launcher-disabled')).toBeNull();
  });
});
