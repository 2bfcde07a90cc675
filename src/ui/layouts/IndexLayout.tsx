import { Outlet } from 'react-router-dom';
import { Footer } from '../components/Footer.tsx';
import { TopNav } from '../components/TopNav.tsx';

/** The home page: top navigation, content, footer. */
export function IndexLayout() {
  return (
    <div className="xa-app" data-layout="index">
      <TopNav />
      <main className="xa-main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
