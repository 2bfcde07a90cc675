import { Outlet } from 'react-router-dom';
import { TopNav } from '../components/TopNav.tsx';

/** The global layout of the main screens: top navigation above the content. */
export function HomeLayout() {
  return (
    <div className="xa-app" data-layout="home">
      <TopNav />
      <main className="xa-main">
        <Outlet />
      </main>
    </div>
  );
}
