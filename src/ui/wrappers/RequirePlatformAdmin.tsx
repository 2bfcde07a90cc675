import { useTranslation } from 'react-i18next';
import { useSession } from '../app/hooks.ts';
import { decideAccess } from './access.ts';
import { AccessGate } from './AccessGate.tsx';

/**
 * platform-admin wrapper: logged in as platform staff. The flag belongs to the login user, so
 * it holds whichever organization's account is current.
 */
export function RequirePlatformAdmin() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <AccessGate
      decision={decideAccess({ kind: 'platform-admin' }, session)}
      forbiddenDescription={t('forbidden.platformAdmin')}
    />
  );
}
