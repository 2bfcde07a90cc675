import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sso } from '../../../contract/sso/refs.ts';
import { useRuntime } from '../../app/context.ts';
import { useSsoSignIn } from './sign-in-methods.ts';

/**
 * The login dialog's single sign-on button, shown only when the platform names an identity
 * provider: it sends the browser there (a new request each time: state, nonce, PKCE).
 */
export function SsoButton() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const name = useSsoSignIn();
  const [leaving, setLeaving] = useState(false);
  if (name === null) return null;
  const go = async () => {
    setLeaving(true);
    try {
      const { url } = await runtime.transport.call(sso['sso.authorizeUrl'], {});
      window.location.assign(url);
    } catch {
      setLeaving(false);
    }
  };
  return (
    <Button
      fill
      variant="outlined"
      className="xa-sso-button"
      text={t('sso.button', { name })}
      loading={leaving}
      onClick={() => void go()}
      data-testid="sso-login"
    />
  );
}
