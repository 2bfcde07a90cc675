import { useSession } from '../app/hooks.ts';
import { decideAccess } from './access.ts';
import { AccessGate } from './AccessGate.tsx';

/** must-login wrapper: the screen renders only for a logged-in member. */
export function MustLogin() {
  const session = useSession();
  return <AccessGate decision={decideAccess({ kind: 'must-login' }, session)} />;
}
