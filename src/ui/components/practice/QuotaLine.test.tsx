// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { QuotaLine } from './QuotaLine.tsx';

beforeAll(() => initI18n('zh-CN'));
afterEach(cleanup);

describe('QuotaLine', () => {
  it('says how many submissions are left today', () => {
    render(<QuotaLine quota={{ used: 3, limit: 20 }} />);
    expect(screen.getByTestId('practice-quota').textContent).toBe('今日剩余提交 17 次');
  });

  it('never counts below zero', () => {
    render(<QuotaLine quota={{ used: 25, limit: 20 }} />);
    expect(screen.getByTestId('practice-quota').textContent).toBe('今日剩余提交 0 次');
  });

  it('is hidden without a limit or without the figure', () => {
    const { container, rerender } = render(<QuotaLine quota={{ used: 3, limit: null }} />);
    expect(container.innerHTML).toBe('');
    rerender(<QuotaLine quota={null} />);
    expect(container.innerHTML).toBe('');
  });
});
