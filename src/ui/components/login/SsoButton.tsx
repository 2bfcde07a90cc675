import { Button } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ssoSignInEvents } from '../../../machines/sso-sign-in/events.ts';
import { useRuntime } from '../../app/context.ts';
import { useSsoSignIn } from './sign-in-methods.ts';

/**
 * The login dialog's single sign-on button, shown only when the platform names an identity
 * provider: the ssoSignIn machine sends the browser there.
 */
export function SsoButton() {
  const { t } = useTranslation();
  const { ssoSignIn } = useRuntime().actors;
  const name = useSsoSignIn();
  // Not in `left`: a tab kept (the navigation refused, or Back) may press again.
  const leaving = useSelector(ssoSignIn, (s) => s.matches('leaving'));
  if (name === null) return null;
  return (
    <Button
      fill
      variant="outlined"
      className="xa-sso-button"
      text={t('sso.button', { name })}
      loading={leaving}
      onClick={() => ssoSignInEvents(ssoSignIn).start()}
      data-testid="sso-login"
    />
  );
}
