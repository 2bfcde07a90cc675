import { useEffect } from 'react';
import { Button, NonIdealState } from '@blueprintjs/core';
import { LockIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useOpenLoginDialog } from '../app/hooks.ts';

/** i18n key shown above the login form when a guarded screen opened it. */
export const MUST_LOGIN_REASON = 'mustLogin.description';

/**
 * What an anonymous visitor sees in place of a guarded screen: the login dialog opens by itself,
 * and an explanation with a login button stays behind it — never the content.
 */
export function LoginRequired() {
  const { t } = useTranslation();
  const openLogin = useOpenLoginDialog();
  useEffect(() => {
    openLogin(MUST_LOGIN_REASON);
  }, [openLogin]);
  return (
    <section className="xa-screen" data-testid="must-login">
      <NonIdealState
        icon={<LockIcon size={48} />}
        title={t('mustLogin.title')}
        description={t('mustLogin.description')}
        action={
          <Button
            intent="primary"
            text={t('mustLogin.action')}
            onClick={() => openLogin(MUST_LOGIN_REASON)}
          />
        }
      />
    </section>
  );
}
