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
import { languageUnavailableToast } from './components/LanguageMenu.tsx';
import { RuntimeContext } from './app/context.ts';
import { createAppRouter } from './app/router.ts';
import { createRuntime } from './app/runtime.ts';
import { safeStorage } from './app/storage.ts';

// zh-CN is bundled and applied at once; a stored English preference first fetches its own chunk.
const language = storedLanguage(safeLocalStorage());
const languageReady = initI18n(language);

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

// The first render waits for that catalogue (zh-CN visitors wait for nothing): someone who chose
// English would rather wait for one small request than watch every label flip from Chinese, and
// raw keys are never shown. The runtime's start-up calls above are already under way meanwhile.
void languageReady.then((outcome) => {
  createRoot(container).render(
    <StrictMode>
      <RuntimeContext.Provider value={runtime}>
        <RouterProvider router={router} />
      </RuntimeContext.Provider>
    </StrictMode>,
  );
  // Not loaded (offline?): the page is in Chinese; say why, the menu can try again.
  if (outcome === 'unavailable') {
    runtime.actors.toastQueue.send({
      type: 'SHOW',
      toast: languageUnavailableToast(language, (key) => i18next.t(key)),
    });
  }
});

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
