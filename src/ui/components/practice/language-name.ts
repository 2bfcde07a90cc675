import type { TFunction } from 'i18next';
import { LANGUAGE_NAMES, type LanguageName } from '../../../judge/languages.ts';

const isNamed = (id: string): id is LanguageName =>
  (LANGUAGE_NAMES as readonly string[]).includes(id);

/**
 * A judge language id as people name it (cpp → C++, python → Python), wherever a language is
 * shown: submission histories, homework and exam reports, a coach's view of a learner, the
 * language pickers. An id the catalogue does not name (an older server's) shows as sent; no
 * language (an objective answer) shows as a dash.
 */
export function languageName(t: TFunction, id: string | null | undefined): string {
  if (id === null || id === undefined || id === '') return '—';
  return isNamed(id) ? t(`practice.languages.${id}`) : id;
}
