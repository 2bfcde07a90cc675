// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { initI18n } from '../../i18n/index.ts';
import { BannerCarousel } from './BannerCarousel.tsx';

beforeAll(() => initI18n('zh-CN'));
afterEach(cleanup);

const banners = [
  { id: 1, title: '课程', imageUrl: '/img/1.png', link: '/course/list' },
  { id: 2, title: '考试', imageUrl: '/img/2.png', link: 'https://www.noi.cn/' },
  { id: 3, title: '练习', imageUrl: '/img/3.png', link: null },
];

const draw = (list = banners) =>
  render(
    <MemoryRouter>
      <BannerCarousel banners={list} />
    </MemoryRouter>,
  );

/** The slide shown: the one not hidden from assistive technology. */
const shown = () =>
  screen
    .getAllByRole('group', { hidden: true })
    .filter((slide) => slide.getAttribute('aria-hidden') !== 'true')
    .map((slide) => slide.querySelector('img')?.getAttribute('alt'));

describe('BannerCarousel', () => {
  it('shows one slide; the others are hidden and inert, so Tab skips their links', () => {
    draw();
    expect(shown()).toEqual(['课程']);
    const slides = screen.getAllByRole('group', { hidden: true });
    expect(slides.map((s) => s.hasAttribute('inert'))).toEqual([false, true, true]);
    expect(slides[0]!.getAttribute('aria-label')).toBe('第 1 张，共 3 张');
    // A path of this site stays in the app; an https address opens a new tab; no link, no anchor.
    expect(slides[0]!.querySelector('a')?.getAttribute('href')).toBe('/course/list');
    expect(slides[1]!.querySelector('a')?.getAttribute('target')).toBe('_blank');
    expect(slides[2]!.querySelector('a')).toBeNull();
  });

  it('moves with the buttons, the pickers and the arrow keys, wrapping at the ends', () => {
    draw();
    fireEvent.click(screen.getByRole('button', { name: '下一张' }));
    expect(shown()).toEqual(['考试']);
    fireEvent.click(screen.getByRole('button', { name: '显示：练习' }));
    expect(shown()).toEqual(['练习']);
    expect(screen.getByRole('button', { name: '显示：练习' }).getAttribute('aria-current')).toBe(
      'true',
    );
    const region = screen.getByTestId('home-banners');
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(shown()).toEqual(['课程']);
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(shown()).toEqual(['练习']);
    fireEvent.click(screen.getByRole('button', { name: '上一张' }));
    expect(shown()).toEqual(['考试']);
  });

  it('has no controls for a single banner and draws nothing without banners', () => {
    draw(banners.slice(0, 1));
    expect(screen.queryByRole('button', { name: '下一张' })).toBeNull();
    cleanup();
    const { container } = draw([]);
    expect(container.querySelector('[data-testid="home-banners"]')).toBeNull();
  });
});
