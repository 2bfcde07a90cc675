// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerDetail } from '../../../contract/member-question/calls.ts';
import { initI18n } from '../../i18n/index.ts';
import { FAILING_CASE_SHOWN_CHARS, FailingCase } from './FailingCase.tsx';

beforeAll(() => initI18n('zh-CN'));
afterEach(cleanup);

function detail(overrides: Partial<AnswerDetail>): AnswerDetail {
  return {
    id: 7,
    questionId: 1,
    questionTitle: 'A+B',
    kind: 'submit',
    language: 'cpp',
    status: 'done',
    verdict: 'WA',
    score: 0,
    maxScore: 100,
    timeMs: 1,
    memoryKiB: 1024,
    createdAt: '2026-01-01T00:00:00.000Z',
    judgedAt: '2026-01-01T00:00:01.000Z',
    source: '',
    input: null,
    progress: null,
    compileOutput: '',
    cases: [],
    run: null,
    error: null,
    failingCase: null,
    failingCaseHidden: false,
    ...overrides,
  };
}

describe('FailingCase', () => {
  it("shows input, expected answer and the learner's output side by side, cut to the shown length", () => {
    const longInput = '1 '.repeat(FAILING_CASE_SHOWN_CHARS);
    render(
      <FailingCase
        detail={detail({
          failingCase: {
            index: 3,
            input: longInput,
            answer: '42\n',
            output: '41\n',
            truncated: false,
          },
        })}
      />,
    );
    const section = screen.getByTestId('practice-failing-case');
    expect(screen.getByTestId('case-input').textContent).toHaveLength(FAILING_CASE_SHOWN_CHARS);
    expect(screen.getByTestId('case-expected').textContent).toBe('42\n');
    expect(screen.getByTestId('case-output').textContent).toBe('41\n');
    expect(section.textContent).toContain('未通过的测试点 3');
    expect(section.textContent).toContain('你的输出');
    expect(section.textContent).toContain('已截断');
    expect(screen.queryByTestId('case-stderr')).toBeNull();
  });

  it('says the output is empty, and shows stderr when there is some', () => {
    render(
      <FailingCase
        detail={detail({
          failingCase: {
            index: 1,
            input: '1 2\n',
            answer: '3\n',
            output: '',
            stderr: 'Traceback',
            truncated: false,
          },
        })}
      />,
    );
    expect(screen.getByTestId('case-output').textContent).toBe('（无输出）');
    expect(screen.getByTestId('case-stderr').textContent).toBe('Traceback');
    expect(screen.getByTestId('practice-failing-case').textContent).not.toContain('已截断');
  });

  it('tolerates a server that sends no output yet', () => {
    const old = { index: 2, input: '1\n', answer: '2\n', truncated: true } as never;
    render(<FailingCase detail={detail({ failingCase: old })} />);
    expect(screen.getByTestId('case-output').textContent).toBe('（无输出）');
    expect(screen.getByTestId('practice-failing-case').textContent).toContain('已截断');
  });

  it('says the data is for VIP card holders when the server hid it', () => {
    render(<FailingCase detail={detail({ failingCaseHidden: true })} />);
    expect(screen.getByTestId('practice-failing-case-hidden').textContent).toContain('VIP');
    expect(screen.queryByTestId('practice-failing-case')).toBeNull();
  });

  it('shows nothing when no case failed', () => {
    const { container } = render(<FailingCase detail={detail({ verdict: 'AC' })} />);
    expect(container.innerHTML).toBe('');
  });
});
