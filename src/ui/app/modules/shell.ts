/**
 * The app shell's root actors: notifications, the rolling notice, the editor's settings and the
 * device class. Each keeps its effects (local storage, the window) in what it is provided here.
 * Its screens are the site-wide ones: the home page, the 404, the replay view, the brief pages.
 */
import { deviceMachine } from '../../../machines/device-class.ts';
import { editorConfigMachine, type EditorConfigInput } from '../../../machines/editor-config.ts';
import { rollingNoticeMachine } from '../../../machines/rolling-notice.ts';
import { toastQueueMachine } from '../../../machines/toast-queue.ts';
import { lazyScreen } from '../../routes/chunks.ts';
import { open, type ScreenRoute } from '../../routes/screen-route.ts';
import { defineClientModule } from '../client-module.ts';
import { STORAGE_KEYS, type SafeStorage } from '../storage.ts';

function readStoredNumber(storage: SafeStorage, key: string): number | null {
  const value = Number(storage.get(key));
  return storage.get(key) !== null && Number.isFinite(value) ? value : null;
}

function readStoredEditorConfig(storage: SafeStorage): EditorConfigInput | undefined {
  try {
    const parsed: unknown = JSON.parse(storage.get(STORAGE_KEYS.editorConfig) ?? 'null');
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as EditorConfigInput)
      : undefined;
  } catch {
    return undefined; // Unreadable: the machine falls back to its defaults.
  }
}

const screens: readonly ScreenRoute[] = [
  {
    path: '/',
    layout: 'index',
    guard: open,
    screen: lazyScreen(() => import('../../pages/Home.tsx'), 'Home'),
  },
  {
    path: '/about',
    layout: 'brief',
    guard: open,
    screen: lazyScreen(() => import('../../pages/About.tsx'), 'About'),
  },
  {
    path: '/pdfPreview',
    layout: 'brief',
    guard: open,
    screen: lazyScreen(() => import('../../pages/PdfPreview.tsx'), 'PdfPreview'),
  },
  {
    path: '/agreement/service',
    layout: 'brief',
    guard: open,
    screen: lazyScreen(() => import('../../pages/AgreementService.tsx'), 'AgreementService'),
  },
  {
    path: '/agreement/privacy',
    layout: 'brief',
    guard: open,
    screen: lazyScreen(() => import('../../pages/AgreementPrivacy.tsx'), 'AgreementPrivacy'),
  },
  // QA tool (docs/architecture.md, "The event log and replay"): replays an exported event log;
  // no network, no login.
  {
    path: '/replay',
    layout: 'brief',
    guard: open,
    // Its feature kinds' machines load beside it, before it renders (replay-machines.ts).
    screen: lazyScreen(
      () =>
        Promise.all([
          import('../../pages/Replay.tsx'),
          import('../replay-machines.ts').then(({ loadReplayMachines }) => loadReplayMachines()),
        ]).then(([page]) => page),
      'Replay',
    ),
  },
  // Unknown addresses render this inside the home layout.
  {
    path: '*',
    layout: 'home',
    guard: open,
    screen: lazyScreen(() => import('../../pages/NotFound.tsx'), 'NotFound'),
  },
];

export const shellModule = defineClientModule({
  name: 'shell',
  rootActors: {
    toastQueue: { machine: toastQueueMachine },
    rollingNotice: {
      machine: rollingNoticeMachine,
      provide: ({ env }) =>
        rollingNoticeMachine.provide({
          actions: {
            persistDismissal: (_, { now }) =>
              env.storage.set(STORAGE_KEYS.noticeDismissedAt, String(now)),
          },
        }),
      input: ({ env }) => ({
        dismissedAt: readStoredNumber(env.storage, STORAGE_KEYS.noticeDismissedAt),
        now: env.now(),
      }),
    },
    editorConfig: {
      machine: editorConfigMachine,
      provide: ({ env }) =>
        editorConfigMachine.provide({
          actions: {
            persist: (_, saved) =>
              env.storage.set(STORAGE_KEYS.editorConfig, JSON.stringify(saved)),
          },
        }),
      input: ({ env }) => readStoredEditorConfig(env.storage),
    },
    device: {
      machine: deviceMachine,
      input: ({ env }) => ({ userAgent: env.userAgent, width: env.window.innerWidth }),
    },
  },
  on: {
    toast: ({ toastQueue }, event) => toastQueue.send(event),
  },
  wire: ({ toastQueue, device }, { env, webBase }) => {
    const onResize = () => device.send({ type: 'RESIZE', width: env.window.innerWidth });
    env.window.addEventListener('resize', onResize);
    return [
      { unsubscribe: () => env.window.removeEventListener('resize', onResize) },
      // Closing the quota notification opens the card list in a new tab (docs/product-rules.md#errors).
      toastQueue.on('openVipCardList', () => {
        env.window.open(`${webBase}vipCardList`, '_blank', 'noopener');
      }),
    ];
  },
  screens,
  redirects: [{ path: '/login', to: '/' }],
});
