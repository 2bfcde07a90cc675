import { Button } from '@blueprintjs/core';
import { LogInIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useOpenLoginDialog } from '../app/hooks.ts';

export function LoginButton() {
  const { t } = useTranslation();
  const openLogin = useOpenLoginDialog();
  return (
    <Button
      intent="primary"
      icon={<LogInIcon />}
      text={t('nav.login')}
      onClick={() => openLogin()}
      data-testid="login-button"
    />
  );
}
