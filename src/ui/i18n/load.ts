import type { Catalogue, Language } from './catalogue.ts';

/** Languages whose catalogue is not bundled with the first screen: every one but zh-CN. */
export type LazyLanguage = Exclude<Language, 'zh-CN'>;

/** Fetches the catalogue of a lazily loaded language (tests pass their own). */
export type CatalogueLoader = (language: LazyLanguage) => Promise<Catalogue>;

/**
 * zh-CN, the default, is bundled; the others are separate chunks, fetched only when a visitor
 * chooses them (stored preference at start-up, or the language menu), so most visitors never
 * download them. The static `import()` lets Vite see and split each one.
 */
const lazyCatalogues: Record<LazyLanguage, () => Promise<Catalogue>> = {
  en: () => import('./en.ts').then((module) => module.en),
};

export const loadCatalogue: CatalogueLoader = (language) => lazyCatalogues[language]();

export function isLazyLanguage(language: Language): language is LazyLanguage {
  return Object.hasOwn(lazyCatalogues, language);
}
