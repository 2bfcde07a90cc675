import { NonIdealState } from '@blueprintjs/core';
import { BanCircleIcon } from '@blueprintjs/icons';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MemberRole } from '../../contract/calls/auth.ts';
import { useSession } from '../app/hooks.ts';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { LoginRequired } from './LoginRequired.tsx';

interface RequireRoleProps {
  roles: readonly MemberRole[];
}

/** auth wrapper: logged in and holding one of `roles` in the current organization. */
export function RequireRole({ roles }: RequireRoleProps) {
  const { t } = useTranslation();
  const { ready, user } = useSession();
  if (!ready) return <PageSpinner />;
  if (!user) return <LoginRequired />;
  if (!roles.includes(user.role)) {
    return (
      <section className="xa-screen" data-testid="forbidden">
        <NonIdealState
          icon={<BanCircleIcon size={48} />}
          title={t('forbidden.title')}
          description={t('forbidden.description', {
            roles: roles.map((role) => t(`role.${role}`)).join(t('format.listSeparator')),
          })}
        />
      </section>
    );
  }
  return <Outlet />;
}
