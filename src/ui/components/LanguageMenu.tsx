import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { TranslateIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, changeLanguage, isLanguage } from '../i18n/index.ts';

/** The language items, shared by the account menu and the anonymous language button. */
export function LanguageItems() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : undefined;
  return (
    <>
      {LANGUAGES.map((language) => (
        <MenuItem
          key={language}
          text={t(`language.${language}`)}
          roleStructure="listoption"
          selected={language === current}
          onClick={() => changeLanguage(language, safeLocalStorage())}
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
