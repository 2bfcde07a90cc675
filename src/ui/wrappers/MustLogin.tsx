import { Outlet } from 'react-router-dom';
import { useSession } from '../app/hooks.ts';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { LoginRequired } from './LoginRequired.tsx';

/** must-login wrapper: the screen renders only for a logged-in member. */
export function MustLogin() {
  const { ready, user } = useSession();
  // Until the start-up sequence knows who is here, neither the content nor the login prompt.
  if (!ready) return <PageSpinner />;
  if (!user) return <LoginRequired />;
  return <Outlet />;
}
