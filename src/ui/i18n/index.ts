import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { zhCN } from './zh-CN.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './catalogue.ts';
import { isLazyLanguage, loadCatalogue, type CatalogueLoader } from './load.ts';

export { LANGUAGES, isLanguage, type Language } from './catalogue.ts';
export type { CatalogueLoader } from './load.ts';

/** localStorage key of the chosen language (the language menus write it). */
export const LANGUAGE_STORAGE_KEY = 'xinao.language';

const NAMESPACE = 'translation';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zhCN };
  }
}

/**
 * How a switch ended: `applied` (the instance speaks the language now), `superseded` (another
 * language was chosen while this one's catalogue loaded; that choice wins), `unavailable` (the
 * catalogue did not load, e.g. offline; the instance keeps its language).
 */
export type SwitchOutcome = 'applied' | 'superseded' | 'unavailable';

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
 * Starts i18next in `language`. The zh-CN catalogue is bundled and set synchronously, so the
 * instance has text from the start and never shows raw keys; any other language's catalogue is
 * its own chunk (load.ts), fetched first and applied when it arrives. main.tsx waits for the
 * promise before the first render, so a visitor who chose English gets English straight away.
 */
export function initI18n(
  language: Language,
  instance: I18n = i18next,
  load: CatalogueLoader = loadCatalogue,
): Promise<SwitchOutcome> {
  if (!instance.isInitialized) {
    void instance.use(initReactI18next).init({
      resources: { [DEFAULT_LANGUAGE]: { [NAMESPACE]: zhCN } },
      lng: DEFAULT_LANGUAGE,
      // Also covers the moment a key is asked for in a language whose catalogue lacks it.
      fallbackLng: DEFAULT_LANGUAGE,
      interpolation: { escapeValue: false }, // React escapes already.
      returnNull: false,
      initAsync: false,
    });
    setDocumentLanguage(DEFAULT_LANGUAGE);
  }
  return switchTo(language, instance, load);
}

/** The language menus' switch: loads the catalogue if needed, applies it, then remembers it. */
export async function changeLanguage(
  language: Language,
  storage: Pick<Storage, 'setItem'> | undefined,
  instance: I18n = i18next,
  load: CatalogueLoader = loadCatalogue,
): Promise<SwitchOutcome> {
  const outcome = await switchTo(language, instance, load);
  // Only a language the visitor actually got is remembered: one that failed to load would
  // otherwise come back at the next start as a silent fallback to Chinese.
  if (outcome === 'applied') {
    try {
      storage?.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Not persisted; the switch still applies to this page.
    }
  }
  return outcome;
}

/** The language each instance was last asked for: a slow catalogue must not undo a later choice. */
const requested = new WeakMap<I18n, Language>();

async function switchTo(
  language: Language,
  instance: I18n,
  load: CatalogueLoader,
): Promise<SwitchOutcome> {
  requested.set(instance, language);
  if (isLazyLanguage(language) && !instance.hasResourceBundle(language, NAMESPACE)) {
    try {
      instance.addResourceBundle(language, NAMESPACE, await load(language));
    } catch (error) {
      console.warn(`i18n: the ${language} catalogue did not load`, error);
      return requested.get(instance) === language ? 'unavailable' : 'superseded';
    }
    if (requested.get(instance) !== language) return 'superseded';
  }
  // With the catalogue present this takes effect synchronously, before the await returns, so
  // `initI18n('zh-CN')` leaves the instance speaking zh-CN by the time it returns.
  const changed = instance.changeLanguage(language);
  setDocumentLanguage(language);
  await changed;
  return 'applied';
}

function setDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
