import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { zhCN } from './zh-CN.ts';
import { en } from './en.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './catalogue.ts';

export { LANGUAGES, DEFAULT_LANGUAGE, isLanguage, type Language } from './catalogue.ts';

/** localStorage key of the chosen language (the account menu writes it). */
export const LANGUAGE_STORAGE_KEY = 'xinao.language';

export const resources = {
  'zh-CN': { translation: zhCN },
  en: { translation: en },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zhCN };
  }
}

export function storedLanguage(storage: Pick<Storage, 'getItem'> | undefined): Language {
  try {
    const value = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    // Storage can throw (privacy mode, disabled cookies): fall back to the default.
    return DEFAULT_LANGUAGE;
  }
}

/**
 * Initialises i18next synchronously with both bundled catalogues (they are small), so the first
 * render already has text. Returns the instance for tests that want their own.
 */
export function initI18n(language: Language, instance: I18n = i18next): I18n {
  if (!instance.isInitialized) {
    void instance.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      interpolation: { escapeValue: false }, // React escapes already.
      returnNull: false,
      initAsync: false,
    });
  } else if (instance.language !== language) {
    void instance.changeLanguage(language);
  }
  setDocumentLanguage(language);
  return instance;
}

export function changeLanguage(
  language: Language,
  storage: Pick<Storage, 'setItem'> | undefined,
  instance: I18n = i18next,
): void {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisted; the switch still applies to this page.
  }
  void instance.changeLanguage(language);
  setDocumentLanguage(language);
}

function setDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
