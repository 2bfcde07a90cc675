import { NonIdealState } from '@blueprintjs/core';
import { BanCircleIcon } from '@blueprintjs/icons';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../components/PageSpinner.tsx';
import type { AccessDecision } from './access.ts';
import { LoginRequired } from './LoginRequired.tsx';

interface AccessGateProps {
  decision: AccessDecision;
  /** Who may enter, shown to a logged-in member who may not (only read when forbidden). */
  forbiddenDescription?: string;
}

/** Renders a wrapper's decision: the screen only when allowed, never its content otherwise. */
export function AccessGate({ decision, forbiddenDescription }: AccessGateProps) {
  const { t } = useTranslation();
  if (decision === 'waiting') return <PageSpinner />;
  if (decision === 'login') return <LoginRequired />;
  if (decision === 'forbidden') {
    return (
      <section className="xa-screen" data-testid="forbidden">
        <NonIdealState
          icon={<BanCircleIcon size={48} />}
          title={t('forbidden.title')}
          description={forbiddenDescription}
        />
      </section>
    );
  }
  return <Outlet />;
}
