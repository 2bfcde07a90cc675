import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Purchase } from '../../machines/checkout/machine.ts';
import { useRuntime } from '../app/context.ts';
import { useOpenLoginDialog, useSession } from '../app/hooks.ts';

/** Buys `purchase` through the pay dialog; a visitor is asked to log in first. */
export function BuyButton({ purchase, label }: { purchase: Purchase; label: string }) {
  const { t } = useTranslation();
  const { actors } = useRuntime();
  const { user } = useSession();
  const openLogin = useOpenLoginDialog();
  if (!user) {
    return <Button variant="outlined" text={t('vip.buyLogin')} onClick={() => openLogin()} />;
  }
  return (
    <Button
      intent="primary"
      text={t('vip.buy')}
      aria-label={label}
      onClick={() => actors.checkout.send({ type: 'BUY', purchase })}
    />
  );
}
