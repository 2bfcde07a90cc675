import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { TranslateIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { ToastInput } from '../../machines/toast-queue.ts';
import { useRuntime } from '../app/context.ts';
import { LANGUAGES, changeLanguage, isLanguage, type Language } from '../i18n/index.ts';

/** The red notice for a language whose catalogue did not load (menu, or stored at start-up). */
export function languageUnavailableToast(
  language: Language,
  translate: (key: 'toast.title' | 'language.unavailable') => string,
): ToastInput {
  return {
    id: `language-unavailable:${language}`,
    title: translate('toast.title'),
    message: translate('language.unavailable'),
    intent: 'danger',
  };
}

/** The language items, shared by the account menu and the anonymous language button. */
export function LanguageItems() {
  const { t, i18n } = useTranslation();
  const { toastQueue } = useRuntime().actors;
  const current = isLanguage(i18n.language) ? i18n.language : undefined;
  // Languages other than zh-CN load on first choice; the page stays as it is until they arrive.
  const choose = async (language: Language) => {
    if ((await changeLanguage(language, safeLocalStorage())) !== 'unavailable') return;
    toastQueue.send({ type: 'SHOW', toast: languageUnavailableToast(language, t) });
  };
  return (
    <>
      {LANGUAGES.map((language) => (
        <MenuItem
          key={language}
          text={t(`language.${language}`)}
          roleStructure="listoption"
          selected={language === current}
          onClick={() => void choose(language)}
        />
      ))}
    </>
  );
}

/** Anonymous visitors have no account menu; they switch the language here. */
export function LanguageMenu() {
  const { t } = useTranslation();
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu>
          <LanguageItems />
        </Menu>
      }
    >
      <Button variant="minimal" icon={<TranslateIcon />} aria-label={t('account.language')} />
    </PopoverNext>
  );
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
