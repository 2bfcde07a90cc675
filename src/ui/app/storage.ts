/**
 * Local storage that never throws: private modes and disabled storage make the browser's
 * Storage throw on access, and a lost preference must not break the app.
 */
export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export function safeStorage(resolve: () => Storage | undefined): SafeStorage {
  const attempt = <T>(run: (storage: Storage) => T, fallback: T): T => {
    try {
      const storage = resolve();
      return storage ? run(storage) : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    get: (key) => attempt((s) => s.getItem(key), null),
    set: (key, value) => attempt((s) => s.setItem(key, value), undefined),
    remove: (key) => attempt((s) => s.removeItem(key), undefined),
  };
}

/** Every key this app writes, in one place. */
export const STORAGE_KEYS = {
  logo: 'xinao.logo',
  noticeDismissedAt: 'xinao.notice.dismissedAt',
  editorConfig: 'xinao.editorConfig',
} as const;
