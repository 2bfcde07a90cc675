import { useTranslation } from 'react-i18next';
import type { MemberRole } from '../../contract/accounts/calls.ts';
import { useSession } from '../app/hooks.ts';
import { decideAccess } from './access.ts';
import { AccessGate } from './AccessGate.tsx';

interface RequireRoleProps {
  roles: MemberRole[];
}

/** auth wrapper: logged in and holding one of `roles` in the current organization. */
export function RequireRole({ roles }: RequireRoleProps) {
  const { t } = useTranslation();
  const session = useSession();
  const decision = decideAccess({ kind: 'auth', roles }, session);
  return (
    <AccessGate
      decision={decision}
      forbiddenDescription={t('forbidden.description', {
        roles: roles.map((role) => t(`role.${role}`)).join(t('format.listSeparator')),
      })}
    />
  );
}
