import { Outlet } from 'react-router-dom';
import { Brand } from '../components/Brand.tsx';
import { useSessionUser } from '../app/hooks.ts';
import { AccountMenu } from '../components/AccountMenu.tsx';
import { LoginButton } from '../components/LoginButton.tsx';
import { SiteLinks } from '../components/TopNav.tsx';

/**
 * The full-screen working layout of practice and exam rooms: a slim header and a body that
 * fills the viewport, so the screen can lay out its code, question and result panels. The
 * header carries the site's main links (folded into a menu on a phone), so a learner can go
 * from a question to the courses, exams or activities without the logo's detour home.
 */
export function CustomLayout() {
  const user = useSessionUser();
  return (
    <div className="xa-custom" data-layout="custom">
      <header className="xa-brief-header">
        <Brand />
        <SiteLinks />
        <div className="xa-nav-right">{user ? <AccountMenu user={user} /> : <LoginButton />}</div>
      </header>
      <main className="xa-custom-body">
        <Outlet />
      </main>
    </div>
  );
}
