import { Button, Callout } from '@blueprintjs/core';
import { CrossIcon, NotificationsIcon } from '@blueprintjs/icons';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../app/context.ts';

/**
 * The home page notice, hidden for a while after it is dismissed
 * (docs/product-rules.md#rolling-notice).
 */
export function RollingNotice() {
  const { t } = useTranslation();
  const { actors, env } = useRuntime();
  const shown = useSelector(actors.rollingNotice, (s) => s.matches('shown'));
  if (!shown) return null;
  return (
    <Callout
      className="xa-notice"
      icon={<NotificationsIcon />}
      compact
      data-testid="rolling-notice"
    >
      <div className="xa-notice-track">
        <span className="xa-notice-text">{t('notice.text')}</span>
      </div>
      <Button
        variant="minimal"
        size="small"
        icon={<CrossIcon />}
        aria-label={t('notice.dismiss')}
        onClick={() => actors.rollingNotice.send({ type: 'DISMISS', now: env.now() })}
      />
    </Callout>
  );
}
