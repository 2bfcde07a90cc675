/**
 * Browser entry. Everything stateful is created here, before React renders: the router, the
 * runtime (transport, event log, root actors) — so StrictMode's double mounting cannot start
 * an invoked call twice.
 */
import '@blueprintjs/core/lib/css/blueprint.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import { RouterProvider } from 'react-router-dom';
import { initI18n, storedLanguage } from './i18n/index.ts';
import { RuntimeContext } from './app/context.ts';
import { createAppRouter } from './app/router.ts';
import { createRuntime } from './app/runtime.ts';
import { safeStorage } from './app/storage.ts';

initI18n(storedLanguage(safeLocalStorage()));

const router = createAppRouter();
const runtime = createRuntime({
  fetch: window.fetch.bind(window),
  storage: safeStorage(() => window.localStorage),
  document,
  window,
  userAgent: navigator.userAgent,
  now: Date.now,
  translate: (key) => i18next.t(key),
  navigate: (to) => void router.navigate(to),
});
runtime.start();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <RuntimeContext.Provider value={runtime}>
      <RouterProvider router={router} />
    </RuntimeContext.Provider>
  </StrictMode>,
);

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
