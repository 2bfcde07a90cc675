import { Button, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ssoSignInEvents } from '../../machines/sso-sign-in/events.ts';
import { useRuntime } from '../app/context.ts';
import { useOpenLoginDialog } from '../app/hooks.ts';

/**
 * /web/sso/callback (issue 27 item 7): where the school's identity provider sends the browser
 * back. The code and state go to ssoAuth once; signed in, the home page follows; refused (a
 * wrong or expired request, no account for the person), the reason is shown with a way back to
 * the login dialog.
 */
export default function SsoCallbackPage() {
  const { t } = useTranslation();
  const { ssoSignIn } = useRuntime().actors;
  const openLogin = useOpenLoginDialog();
  const [params] = useSearchParams();
  const state = useSelector(ssoSignIn, (s) => s.value as string);
  const error = useSelector(ssoSignIn, (s) => s.context.error);
  const sent = useRef(false);
  const denied = params.get('error');
  const code = params.get('code');
  const requestState = params.get('state');

  useEffect(() => {
    if (sent.current || denied || !code || !requestState) return;
    sent.current = true;
    const iss = params.get('iss');
    ssoSignInEvents(ssoSignIn).signIn({
      code,
      state: requestState,
      ...(iss ? { iss } : {}),
    });
  }, [ssoSignIn, denied, code, requestState, params]);

  const failure = denied
    ? t('sso.denied', { reason: params.get('error_description') ?? denied })
    : !code || !requestState
      ? t('sso.incomplete')
      : state === 'failed'
        ? (error?.message ?? t('sso.failed'))
        : null;
  return (
    <section className="xa-screen" aria-labelledby="sso-title" data-testid="sso-callback">
      <h1 id="sso-title" className="xa-screen-title">
        {t('sso.title')}
      </h1>
      {failure ? (
        <Callout intent="danger" role="alert" title={t('sso.failed')}>
          <p>{failure}</p>
          <Button text={t('sso.again')} onClick={() => openLogin()} />
        </Callout>
      ) : (
        <NonIdealState icon={<Spinner size={32} />} title={t('sso.signingIn')} />
      )}
    </section>
  );
}
