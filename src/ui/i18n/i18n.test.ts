import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import type { Catalogue } from './catalogue.ts';
import { en } from './en.ts';
import { zhCN } from './zh-CN.ts';
import { LANGUAGE_STORAGE_KEY, changeLanguage, initI18n, type CatalogueLoader } from './index.ts';
import { loadCatalogue } from './load.ts';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const zh = flatten(zhCN);
const english = flatten(en as Tree);
const UI_ROOT = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('i18n catalogues', () => {
  it('en has exactly the keys of zh-CN, every text non-empty', () => {
    expect([...english.keys()].sort()).toEqual([...zh.keys()].sort());
    for (const [key, text] of [...zh, ...english]) expect(text.trim(), key).not.toBe('');
  });

  it('both languages take the same interpolation values', () => {
    for (const [key, text] of zh)
      expect(placeholders(english.get(key)!), key).toEqual(placeholders(text));
  });

  it('every literal key the UI asks for exists', () => {
    const files = sourceFiles(UI_ROOT).filter(
      (file) => !file.includes(`${path.sep}i18n${path.sep}`),
    );
    const used = new Set<string>();
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/\bt\(\s*'([A-Za-z][\w.-]*)'/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter((key) => !zh.has(key));
    expect(missing).toEqual([]);
  });

  it('components hold no literal Chinese text: all of it comes from the catalogue', () => {
    const offenders = sourceFiles(UI_ROOT)
      .filter((file) => file.endsWith('.tsx') && !file.includes(`${path.sep}test${path.sep}`))
      .filter((file) =>
        /[\u4e00-\u9fff]/.test(readFileSync(file, 'utf8').replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '')),
      );
    expect(offenders.map((file) => path.relative(UI_ROOT, file))).toEqual([]);
  });

  it('translates in both languages with zh-CN as default', async () => {
    const instance = i18next.createInstance();
    await instance.init({
      resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
      lng: 'zh-CN',
      fallbackLng: 'zh-CN',
      interpolation: { escapeValue: false },
    });
    expect(instance.t('nav.camp')).toBe('GESP 集训营');
    expect(instance.t('toast.title')).toBe('提示');
    await instance.changeLanguage('en');
    expect(instance.t('toast.title')).toBe('Tip');
    expect(instance.t('notFound.description', { path: '/x' })).toBe('There is no page at /x.');
  });
});

/** A loader the test resolves or fails by hand, to see what happens while a catalogue loads. */
function manualLoader() {
  const pending: { resolve: (c: Catalogue) => void; reject: (e: Error) => void }[] = [];
  const load = vi.fn<CatalogueLoader>(
    () => new Promise<Catalogue>((resolve, reject) => pending.push({ resolve, reject })),
  );
  return { load, pending };
}

function memoryStorage() {
  const values = new Map<string, string>();
  return { values, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe('loading a language', () => {
  it('zh-CN is bundled: it applies at once and loads nothing', async () => {
    const instance = i18next.createInstance();
    const { load } = manualLoader();
    const ready = initI18n('zh-CN', instance, load);
    expect(instance.language).toBe('zh-CN');
    expect(instance.t('nav.course')).toBe('课程');
    expect(await ready).toBe('applied');
    expect(load).not.toHaveBeenCalled();
  });

  it('English is fetched first; meanwhile the text is Chinese, never raw keys', async () => {
    const instance = i18next.createInstance();
    const { load, pending } = manualLoader();
    const ready = initI18n('en', instance, load);
    expect(load).toHaveBeenCalledWith('en');
    expect(instance.language).toBe('zh-CN');
    expect(instance.t('nav.course')).toBe('课程');
    pending[0]!.resolve(en);
    expect(await ready).toBe('applied');
    expect(instance.language).toBe('en');
    expect(instance.t('nav.course')).toBe('Courses');
    // Loaded once: switching back and forth does not fetch it again.
    await changeLanguage('zh-CN', undefined, instance, load);
    expect(await changeLanguage('en', undefined, instance, load)).toBe('applied');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('the real loader brings the whole English catalogue, as its own module', async () => {
    expect(await loadCatalogue('en')).toBe(en);
  });

  it('a catalogue that does not load leaves the language and the stored choice alone', async () => {
    const instance = i18next.createInstance();
    await initI18n('zh-CN', instance);
    const storage = memoryStorage();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = vi.fn<CatalogueLoader>(() => Promise.reject(new Error('offline')));
    expect(await changeLanguage('en', storage, instance, failing)).toBe('unavailable');
    expect(instance.language).toBe('zh-CN');
    expect(instance.hasResourceBundle('en', 'translation')).toBe(false);
    expect(storage.values.size).toBe(0);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('a later choice wins over a catalogue still loading', async () => {
    const instance = i18next.createInstance();
    await initI18n('zh-CN', instance);
    const storage = memoryStorage();
    const { load, pending } = manualLoader();
    const english = changeLanguage('en', storage, instance, load);
    expect(await changeLanguage('zh-CN', storage, instance, load)).toBe('applied');
    pending[0]!.resolve(en);
    expect(await english).toBe('superseded');
    expect(instance.language).toBe('zh-CN');
    expect(storage.values.get(LANGUAGE_STORAGE_KEY)).toBe('zh-CN');
    // The catalogue is kept, so choosing English again needs no second fetch.
    expect(await changeLanguage('en', storage, instance, load)).toBe('applied');
    expect(storage.values.get(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(load).toHaveBeenCalledOnce();
  });
});
