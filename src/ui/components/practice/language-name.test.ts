import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_NAMES } from '../../../judge/languages.ts';
import { initI18n } from '../../i18n/index.ts';
import { languageName } from './language-name.ts';

beforeAll(() => initI18n('zh-CN'));

describe('language names', () => {
  it('names every judge language, never its id', () => {
    const t = i18next.t;
    expect(languageName(t, 'cpp')).toBe('C++');
    expect(languageName(t, 'python')).toBe('Python');
    expect(languageName(t, 'cpp20')).toBe('C++20');
    for (const id of LANGUAGE_NAMES) {
      const name = languageName(t, id);
      expect(name).not.toBe(id);
      expect(name).not.toContain('practice.');
    }
  });

  it('shows an unknown id as sent and no language as a dash', () => {
    expect(languageName(i18next.t, 'rust')).toBe('rust');
    expect(languageName(i18next.t, null)).toBe('—');
    expect(languageName(i18next.t, '')).toBe('—');
  });
});
