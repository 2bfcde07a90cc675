// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Menu } from '@blueprintjs/core';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { waitFor } from 'xstate';
import { LANGUAGE_STORAGE_KEY, initI18n } from '../i18n/index.ts';
import type * as LoadModule from '../i18n/load.ts';
import type { CatalogueLoader } from '../i18n/load.ts';
import { createTestRuntime, withRuntime } from '../test/test-runtime.tsx';
import { LanguageItems } from './LanguageMenu.tsx';

/** Set by a test to make the next catalogue fetch fail, as it would offline. */
const network = vi.hoisted(() => ({ offline: false }));
vi.mock('../i18n/load.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof LoadModule>();
  const loadCatalogue: CatalogueLoader = (language) =>
    network.offline
      ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
      : actual.loadCatalogue(language);
  return { ...actual, loadCatalogue };
});

afterEach(async () => {
  cleanup();
  network.offline = false;
  window.localStorage.clear();
  await initI18n('zh-CN');
  // Each test starts like a fresh page: only the bundled zh-CN catalogue present.
  i18next.removeResourceBundle('en', 'translation');
});

/** Some page text, to see which language the app speaks. */
function Heading() {
  const { t } = useTranslation();
  return <h1>{t('nav.course')}</h1>;
}

function renderItems() {
  const runtime = createTestRuntime();
  // Only the toast queue is needed; starting the rest would make start-up calls.
  runtime.actors.toastQueue.start();
  render(
    withRuntime(
      runtime,
      <>
        <Heading />
        <Menu>
          <LanguageItems />
        </Menu>
      </>,
    ),
  );
  return runtime;
}

describe('LanguageItems', () => {
  it('loads English when chosen, shows it and remembers it', async () => {
    renderItems();
    expect(screen.getByRole('heading').textContent).toBe('课程');
    fireEvent.click(screen.getByText('English'));
    expect(await screen.findByText('Courses')).toBeTruthy();
    expect(i18next.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('keeps Chinese and says so when the English catalogue does not load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    network.offline = true;
    const runtime = renderItems();
    fireEvent.click(screen.getByText('English'));
    const toasts = await waitFor(runtime.actors.toastQueue, (s) => s.context.visible.length > 0);
    expect(toasts.context.visible[0]).toMatchObject({
      message: '语言包加载失败，请检查网络后重试',
      intent: 'danger',
    });
    expect(screen.getByRole('heading').textContent).toBe('课程');
    expect(i18next.language).toBe('zh-CN');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    warn.mockRestore();
  });
});
