import { Button, Callout, Spinner } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { wechatScanEvents } from '../../../machines/wechat-scan/events.ts';
import { useRuntime } from '../../app/context.ts';

/**
 * The login dialog's WeChat tab (issue 27 item 7): the sign-in scene's QR code while the phone
 * has not confirmed; what to do when the WeChat has no account bound, or the code expired. The
 * scan machine runs while the tab is shown.
 */
export function WechatScan() {
  const { t } = useTranslation();
  const { wechatScan } = useRuntime().actors;
  const scan = useMemo(() => wechatScanEvents(wechatScan), [wechatScan]);
  const state = useSelector(wechatScan, (s) => s.value as string);
  const shown = useSelector(wechatScan, (s) => s.context.shown);
  const error = useSelector(wechatScan, (s) => s.context.error);

  useEffect(() => {
    scan.start();
    return () => scan.stop();
  }, [scan]);

  const refresh = (
    <Button text={t('wechatLogin.refresh')} onClick={scan.refresh} data-testid="wechat-refresh" />
  );
  return (
    <div className="xa-wechat-scan" data-testid="wechat-scan" data-state={state}>
      {shown && (state === 'waiting' || state === 'checking' || state === 'signingIn') && (
        <>
          <img
            className="xa-wechat-qr"
            src={shown.image}
            alt={t('wechatLogin.qrAlt')}
            data-scene={shown.scene}
          />
          <p role="status">
            {state === 'signingIn' ? t('wechatLogin.signingIn') : t('wechatLogin.scanHint')}
          </p>
        </>
      )}
      {state === 'opening' && <Spinner size={32} />}
      {state === 'unbound' && (
        <Callout intent="warning" title={t('wechatLogin.unboundTitle')}>
          <p>{t('wechatLogin.unbound')}</p>
          {refresh}
        </Callout>
      )}
      {state === 'expired' && (
        <Callout intent="primary" title={t('wechatLogin.expired')}>
          {refresh}
        </Callout>
      )}
      {state === 'failed' && (
        <Callout intent="danger" title={t('wechatLogin.failed')}>
          <p>{error?.message}</p>
          {refresh}
        </Callout>
      )}
    </div>
  );
}
