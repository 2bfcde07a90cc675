import type { ReactNode } from 'react';
import { vi } from 'vitest';
import i18next from 'i18next';
import { RuntimeContext } from '../app/context.ts';
import { createRuntime, type Runtime } from '../app/runtime.ts';
import type { SafeStorage } from '../app/storage.ts';
import { initI18n } from '../i18n/index.ts';
import { TEST_API, TEST_WEB } from './fakeApi.ts';

export function memoryStorage(): SafeStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
  };
}

/** A real runtime (real machines and transport) against the msw API, in jsdom. */
export function createTestRuntime(overrides: { open?: Window['open'] } = {}): Runtime {
  initI18n('zh-CN');
  const windowLike = {
    open: overrides.open ?? vi.fn<Window['open']>(() => null),
    innerWidth: 1280,
    addEventListener: window.addEventListener.bind(window),
    removeEventListener: window.removeEventListener.bind(window),
  };
  return createRuntime({
    fetch: (input, init) => fetch(input, init),
    storage: memoryStorage(),
    document,
    window: windowLike,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) jsdom',
    now: Date.now,
    translate: (key) => i18next.t(key),
    navigate: vi.fn(),
    apiBase: TEST_API,
    webBase: TEST_WEB,
  });
}

export function withRuntime(runtime: Runtime, ui: ReactNode) {
  return <RuntimeContext.Provider value={runtime}>{ui}</RuntimeContext.Provider>;
}
