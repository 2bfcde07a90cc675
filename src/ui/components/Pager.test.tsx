// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { initI18n } from '../i18n/index.ts';
import { Pager } from './Pager.tsx';

beforeAll(() => initI18n('zh-CN'));
afterEach(cleanup);

describe('Pager', () => {
  it('shows nothing for a list of one page', () => {
    render(<Pager page={0} totalPages={1} totalElements={7} onChange={() => {}} />);
    expect(screen.queryByTestId('pager')).toBeNull();
  });

  it('shows the pages around the current one, the total, and moves by page', () => {
    const moves: number[] = [];
    render(<Pager page={4} totalPages={12} totalElements={231} onChange={(p) => moves.push(p)} />);
    expect(screen.getByText('共 231 条')).toBeTruthy();
    expect(screen.getByRole('button', { name: '第 5 页' }).getAttribute('aria-current')).toBe(
      'page',
    );
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    fireEvent.click(screen.getByRole('button', { name: '上一页' }));
    fireEvent.click(screen.getByRole('button', { name: '第 12 页' }));
    expect(moves).toEqual([5, 3, 11]);
    expect(screen.queryByRole('button', { name: '第 9 页' })).toBeNull();
  });

  it('cannot go before the first page or after the last', () => {
    render(<Pager page={0} totalPages={3} totalElements={45} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: '上一页' }).hasAttribute('disabled')).toBe(true);
    cleanup();
    render(<Pager page={2} totalPages={3} totalElements={45} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: '下一页' }).hasAttribute('disabled')).toBe(true);
  });
});
