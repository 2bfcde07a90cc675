import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { waitFor } from 'xstate';
import i18next from 'i18next';
import { RuntimeContext } from '../app/context.ts';
import { createRuntime, type Runtime } from '../app/runtime.ts';
import type { SafeStorage } from '../app/storage.ts';
import { initI18n } from '../i18n/index.ts';
import { api, TEST_API, TEST_WEB } from './fake-api.ts';

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
    location: { assign: vi.fn<Location['assign']>() },
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

/**
 * A component-test file's lifecycle: the msw API listens for the file (a call no test answered
 * fails the test), and each test leaves a clean DOM and the default handlers behind it.
 */
export function serveFakeApi() {
  beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    cleanup();
    api.resetHandlers();
  });
  afterAll(() => api.close());
}

/** A test runtime started, once start-up knows the session (who is logged in). */
async function startTestRuntime(
  overrides: Parameters<typeof createTestRuntime>[0] = {},
): Promise<Runtime> {
  const runtime = createTestRuntime(overrides);
  runtime.start();
  await waitFor(runtime.actors.startup, (s) => s.matches({ session: 'ready' }));
  return runtime;
}

/**
 * A screen rendered in a started runtime; with `route`, inside a memory router at that path (for
 * a screen that reads its address: page, id, links).
 */
export async function renderScreen(
  ui: ReactNode,
  route?: { path: string; at?: string },
): Promise<Runtime> {
  const runtime = await startTestRuntime();
  if (route) {
    const router = createMemoryRouter([{ path: route.path, element: ui }], {
      initialEntries: [route.at ?? route.path],
    });
    render(withRuntime(runtime, <RouterProvider router={router} />));
  } else {
    render(withRuntime(runtime, ui));
  }
  return runtime;
}
