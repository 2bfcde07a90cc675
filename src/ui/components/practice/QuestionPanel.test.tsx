// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeQuestion } from '../../../machines/practice/types.ts';
import { initI18n } from '../../i18n/index.ts';
import { QuestionBody } from './QuestionPanel.tsx';

beforeAll(() => initI18n('zh-CN'));
afterEach(cleanup);

const question: PracticeQuestion = {
  id: 5,
  type: 'programming',
  title: '求和',
  difficulty: 'easy',
  content: '读入两个整数，输出它们的和。',
  samples: [],
  timeLimitMs: 1000,
  memoryLimitMiB: 256,
  options: [],
  io: { mode: 'stdio' },
  interactive: false,
};

const show = (q: PracticeQuestion) =>
  render(<QuestionBody question={q} error={null} onRetry={() => {}} />);

describe('the statement says how the program reads and writes (issue 14)', () => {
  it('names the files of a file-I/O problem, with a freopen hint, beside the limits', () => {
    show({ ...question, io: { mode: 'file', input: 'sum.in', output: 'sum.out' } });
    const mode = screen.getByTestId('question-io-mode');
    expect(mode.textContent).toContain('文件输入输出：从 sum.in 读入，输出到 sum.out');
    expect(mode.textContent).toContain(
      'freopen("sum.in", "r", stdin); freopen("sum.out", "w", stdout);',
    );
    expect(mode.textContent).not.toContain('交互题');
    // Right after the limits line.
    expect(mode.previousElementSibling?.textContent).toContain('时间限制 1000 ms');
  });

  it('says an interactive problem talks to an interactor and must flush', () => {
    show({ ...question, interactive: true });
    const mode = screen.getByTestId('question-io-mode');
    expect(mode.textContent).toContain('交互题');
    expect(mode.textContent).toContain('每次输出后须刷新缓冲区');
    expect(mode.textContent).not.toContain('文件输入输出');
  });

  it('says nothing more for standard input and output, or a question from a paper without the fields', () => {
    show(question);
    expect(screen.queryByTestId('question-io-mode')).toBeNull();
    cleanup();
    const { io: _io, interactive: _interactive, ...bare } = question;
    show(bare);
    expect(screen.queryByTestId('question-io-mode')).toBeNull();
    expect(screen.getByText('时间限制 1000 ms', { exact: false })).toBeDefined();
  });
});
